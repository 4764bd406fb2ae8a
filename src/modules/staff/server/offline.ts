import "server-only";
import sharp from "sharp";
import { routes } from "@/lib/routes";
import { getPublicSettings } from "@/modules/settings/server";

// The technician's day on the home screen (ADR 0053): the web app manifest and its icons (the business's
// initial on the brand colour, drawn here so a renamed business gets its own). The service worker that
// keeps the day readable with no signal, and clears it when access ends, is service-worker.ts.

const BRAND = "#0f766e";
export const ICON_SIZES = [192, 512] as const;

export async function staffManifest(): Promise<Response> {
  const s = await getPublicSettings();
  const manifest = {
    name: `${s.businessName} — My day`,
    short_name: "My day",
    description: `Your jobs at ${s.businessName}, today and tomorrow.`,
    start_url: routes.staff,
    scope: routes.staff,
    display: "standalone",
    background_color: "#ffffff",
    theme_color: BRAND,
    icons: ICON_SIZES.map((size) => ({
      src: `${routes.staff}/icon/${size}`,
      sizes: `${size}x${size}`,
      type: "image/png",
      purpose: "any maskable",
    })),
  };
  return new Response(JSON.stringify(manifest), {
    headers: { "Content-Type": "application/manifest+json", "Cache-Control": "public, max-age=3600" },
  });
}

const escapeXml = (t: string) =>
  t.replace(
    /[<>&"']/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", '"': "&quot;", "'": "&apos;" })[c] ?? c,
  );

export async function staffIcon(sizeParam: string): Promise<Response> {
  const size = Number(sizeParam);
  if (!ICON_SIZES.includes(size as (typeof ICON_SIZES)[number]))
    return new Response("Not found", { status: 404 });
  const s = await getPublicSettings();
  const letter = escapeXml(s.businessName.trim().charAt(0).toUpperCase() || "F");
  // Maskable: the letter keeps to the middle 60%, the colour fills the square.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100">
    <rect width="100" height="100" fill="${BRAND}"/>
    <text x="50" y="50" dy="0.35em" text-anchor="middle" font-family="sans-serif" font-weight="700" font-size="44" fill="#ffffff">${letter}</text>
  </svg>`;
  const png = await sharp(Buffer.from(svg)).png().toBuffer();
  return new Response(new Uint8Array(png), {
    headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400" },
  });
}

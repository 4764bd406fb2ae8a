import "server-only";
import sharp from "sharp";
import { routes } from "@/lib/routes";
import { getPublicSettings } from "@/modules/settings/server";

// The technician's day on the home screen and with no signal (ADR 0053): the web app manifest, its icons
// (the business's initial on the brand colour, drawn here so a renamed business gets its own), and the
// service worker, which is limited to /staff: it keeps the day's page and the files that page loaded, and
// answers from them only when the network doesn't. It keeps nothing of a signed-out person: signing out
// from the day deletes the copy at once, and a sign-in page where the list used to be (signed out
// elsewhere, deactivated) clears it too. Actions always go to the network.

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

const CACHE = "forecourt-staff-day-v1";

const WORKER = `// Forecourt: the technician's day, readable with no signal (ADR 0053). Scope: /staff.
const CACHE = ${JSON.stringify(CACHE)};
const PAGE = ${JSON.stringify(routes.staff)};

self.addEventListener("install", () => self.skipWaiting());

self.addEventListener("activate", (event) => {
  event.waitUntil((async () => {
    for (const key of await caches.keys()) if (key !== CACHE) await caches.delete(key);
    await self.clients.claim();
  })());
});

// The page sends the files it loaded (its scripts and styles) once the worker is ready: the first visit
// is then enough for the next one to work offline.
self.addEventListener("message", (event) => {
  const urls = (event.data && event.data.keep) || [];
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await keepPage(cache);
    for (const url of urls) {
      const u = new URL(url, self.location.origin);
      if (u.origin !== self.location.origin || !isAppFile(u.pathname)) continue;
      if (!(await cache.match(u.href))) await cache.add(u.href).catch(() => {});
    }
  })());
});

// The page's own files: scripts, styles and fonts (their names change with their content), and its icons.
function isAppFile(path) {
  return path.startsWith("/_next/static/") || path === "/icon.svg" || path === "/favicon.ico" || path.startsWith(PAGE + "/icon/");
}

async function keepPage(cache) {
  const res = await fetch(PAGE, { credentials: "same-origin" }).catch(() => null);
  await remember(cache, res);
}

async function remember(cache, res) {
  if (!res) return;
  const url = new URL(res.url);
  // Signed out (or deactivated): the list must not stay on the phone.
  if (res.redirected && url.pathname !== PAGE) return cache.delete(PAGE);
  if (res.ok && url.pathname === PAGE) await cache.put(PAGE, res.clone());
}

self.addEventListener("fetch", (event) => {
  const req = event.request;
  // Signing out from the day: its copy goes at once, not at the next visit (a shared phone).
  if (req.method === "POST" && new URL(req.url).pathname === "/api/auth/sign-out") {
    event.waitUntil(caches.delete(CACHE));
    return;
  }
  if (req.method !== "GET") return;
  const url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.mode === "navigate" && url.pathname === PAGE) {
    event.respondWith((async () => {
      const cache = await caches.open(CACHE);
      try {
        const res = await fetch(req);
        await remember(cache, res);
        return res;
      } catch (err) {
        const copy = await cache.match(PAGE);
        if (copy) return copy;
        throw err;
      }
    })());
  } else if (isAppFile(url.pathname)) {
    event.respondWith((async () => {
      const cache = await caches.open(CACHE);
      const hit = await cache.match(req);
      if (hit) return hit;
      const res = await fetch(req);
      if (res.ok) await cache.put(req, res.clone());
      return res;
    })());
  } else if (url.pathname.startsWith("/api/job-photos/")) {
    event.respondWith((async () => {
      const cache = await caches.open(CACHE);
      try {
        const res = await fetch(req);
        if (res.ok) await cache.put(req, res.clone());
        return res;
      } catch (err) {
        const copy = await cache.match(req);
        if (copy) return copy;
        throw err;
      }
    })());
  }
});
`;

export function staffServiceWorker(): Response {
  return new Response(WORKER, {
    headers: {
      "Content-Type": "text/javascript; charset=utf-8",
      "Cache-Control": "no-cache",
      "Service-Worker-Allowed": routes.staff,
    },
  });
}

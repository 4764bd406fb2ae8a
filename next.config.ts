import type { NextConfig } from "next";
import { parseOriginList } from "./src/server/same-origin";

const securityHeaders = [
  { key: "X-Content-Type-Options", value: "nosniff" },
  { key: "Referrer-Policy", value: "strict-origin-when-cross-origin" },
  { key: "X-Frame-Options", value: "DENY" },
  { key: "Permissions-Policy", value: "camera=(), microphone=(), geolocation=()" },
];

// Next's own server-action check compares Origin with X-Forwarded-Host (which it fills from Host when no
// proxy set it) and answers a mismatch with a 500. src/proxy.ts decides first (src/server/same-origin.ts)
// and refuses with a 403 that says where the site works; what it accepts Next must accept too: APP_URL and
// ALLOWED_ORIGINS, whose host may differ from the one a proxy passes on. Read when the server starts
// (`npm start` loads this file again), so changing ALLOWED_ORIGINS needs a restart, not a build.
function serverActionOrigins(): string[] {
  const urls = [process.env.APP_URL, ...parseOriginList(process.env.ALLOWED_ORIGINS).origins];
  const hosts = urls.flatMap((u) => {
    try {
      return u ? [new URL(u).host] : [];
    } catch {
      return [];
    }
  });
  return [...new Set(hosts)];
}

const nextConfig: NextConfig = {
  experimental: {
    serverActions: { allowedOrigins: serverActionOrigins() },
    // No Turbopack cache on disk for `next build` (ADR 0048): writing it took 47 s of a fresh clone's
    // first build, and a build here starts fresh (CI, a new clone) or after a change that `npm run dev`
    // would have served faster anyway.
    turbopackFileSystemCacheForBuild: false,
    turbopackMinify: { server: false, client: true },
  },
  // PGlite ships WASM and data files that must be loaded from node_modules, not bundled. The PDF writer's
  // libraries too (src/server/pdf): its font is read from node_modules beside them.
  serverExternalPackages: [
    "@electric-sql/pglite",
    "pg-boss",
    "pino",
    "nodemailer",
    "sharp",
    "prom-client",
    "pdf-lib",
    "@pdf-lib/fontkit",
  ],
  poweredByHeader: false,
  // `npm start`'s own build skips the type check (scripts/start.mjs, ADR 0048): `npm run typecheck` checks
  // the same types in `npm test` and CI. `npm run build`, the production build, keeps it.
  typescript: { ignoreBuildErrors: process.env.FORECOURT_BUILD_TYPECHECK === "off" },
  async headers() {
    return [{ source: "/:path*", headers: securityHeaders }];
  },
};

export default nextConfig;

// `npm run bench:js` — the JavaScript each page makes a browser download, gzip-compressed, from the last
// production build (`npm run build` first; it reads `.next/` and starts nothing). For a route it takes
// Next's root scripts (`build-manifest.json` rootMainFiles: React, the router, Turbopack's runtime) and
// every chunk its segments load (the route's `page_client-reference-manifest.js` entryJSFiles: the root
// and nested layouts, error and not-found boundaries, the page), each file once, and sums their gzip
// sizes (zlib's default level, what `next start` and most proxies send). Chunks a page imports lazily
// (`import()`, `next/dynamic`) are not counted: they load only when the person does something; nor are
// Next's polyfills, a `<script noModule>` that browsers with ES modules skip (printed apart: issue 30's
// figures, e.g. 238 KB on `/`, included its 39 KB).
// Prints:
//   RESULT js <route> gzip_kb=<n> target=<n> ok|over
// Targets (issue 30): `/` ≤ 165 KB; public and customer pages ≤ 175 KB; admin pages ≤ 260 KB, except
// analytics (charts), which is reported against 360 KB. `--list <route>` also prints its chunks by size,
// with the libraries each one holds, to see what moved into a shared chunk.
import { existsSync, readFileSync, readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { gzipSync } from "node:zlib";

const next = ".next";
const appDir = join(next, "server", "app");
if (!existsSync(join(next, "build-manifest.json")) || !existsSync(appDir)) {
  console.error("No production build in .next/: run `npm run build` first.");
  process.exit(2);
}

const ROUTES = [
  ["/", 165],
  ["/book", 175],
  ["/booking-policies", 175],
  ["/auth/login", 175],
  ["/dashboard", 175],
  ["/dashboard/bookings/[id]", 175],
  ["/admin", 260],
  ["/admin/settings", 260],
  ["/admin/bookings", 260],
  ["/admin/analytics", 360],
];

const args = process.argv.slice(2);
const listRoute = args[args.indexOf("--list") + 1];
const listing = args.includes("--list");

/** route ("/dashboard/bookings/[id]") → its page's client reference manifest, route groups removed. */
function manifests() {
  const out = new Map();
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name === "page_client-reference-manifest.js") {
        const segments = relative(appDir, dir)
          .split(sep)
          .filter((s) => s && !(s.startsWith("(") && s.endsWith(")")));
        out.set("/" + segments.join("/"), path);
      }
    }
  };
  walk(appDir);
  return out;
}

/** The manifest is a script that assigns `globalThis.__RSC_MANIFEST[page]`. */
function entryFiles(manifestPath) {
  const sandbox = { __RSC_MANIFEST: {} };
  new Function("globalThis", "self", readFileSync(manifestPath, "utf8"))(sandbox, sandbox);
  const files = new Set();
  for (const page of Object.values(sandbox.__RSC_MANIFEST)) {
    for (const list of Object.values(page.entryJSFiles ?? {})) for (const f of list) files.add(f);
  }
  return files;
}

const gzipCache = new Map();
function gzipBytes(file) {
  if (!gzipCache.has(file)) gzipCache.set(file, gzipSync(readFileSync(join(next, file))).length);
  return gzipCache.get(file);
}

/** Libraries a minified chunk holds, told by strings their code keeps (Turbopack's chunks name no paths). */
const SIGNATURES = [
  ["sonner", "data-sonner-toaster"],
  ["tailwind-merge", "isThemeGetter"],
  ["@radix-ui (popper, floating-ui)", "radix-popper-"],
  ["@radix-ui (menu)", "data-radix-menu-content"],
  ["@radix-ui (focus scope, dismissable layer)", "data-radix-focus-guard"],
  ["@radix-ui (dialog)", "DialogContent"],
  ["@radix-ui (tabs)", "TabsContent"],
  ["recharts", "recharts-"],
  ["lucide-react", "lucide"],
];
function modulesOf(file) {
  const text = readFileSync(join(next, file), "utf8");
  return SIGNATURES.filter(([, mark]) => text.includes(mark)).map(([name]) => name);
}

const buildManifest = JSON.parse(readFileSync(join(next, "build-manifest.json"), "utf8"));
const rootFiles = buildManifest.rootMainFiles ?? [];
const pages = manifests();
let over = false;
for (const [route, target] of ROUTES) {
  const manifest = pages.get(route);
  if (!manifest) {
    console.log(`RESULT js ${route} missing (no page in the build)`);
    over = true;
    continue;
  }
  const files = new Set([...rootFiles, ...entryFiles(manifest)]);
  const bytes = [...files].reduce((sum, f) => sum + gzipBytes(f), 0);
  const kb = Math.round(bytes / 1024);
  if (kb > target) over = true;
  console.log(`RESULT js ${route} gzip_kb=${kb} target=${target} ${kb <= target ? "ok" : "over"}`);
  if (listing && (listRoute === route || listRoute === undefined || listRoute.startsWith("--"))) {
    for (const f of [...files].sort((a, b) => gzipBytes(b) - gzipBytes(a))) {
      const kbf = (gzipBytes(f) / 1024).toFixed(1).padStart(6);
      const root = rootFiles.includes(f) ? " (root)" : "";
      console.log(`  ${kbf} KB ${f}${root} ${modulesOf(f).join(", ")}`);
    }
  }
}
// Next also lists its polyfills (`<script noModule>`): only a browser without ES modules loads them.
const polyfills = (buildManifest.polyfillFiles ?? []).reduce((sum, f) => sum + gzipBytes(f), 0);
console.log(
  `(not counted: Next's nomodule polyfills, ${Math.round(polyfills / 1024)} KB, for browsers without ES modules)`,
);
process.exit(over ? 1 : 0);

// Request metrics for GET /api/metrics (Prometheus text, prom-client): the production server counts and
// times every request here, labelled by the app's route pattern (never the raw path, so ids and tokens
// can't explode the label set or leak into the metrics). The registry lives on globalThis under one
// symbol, so the route handler inside Next.js reads the same one (src/server/metrics.ts).
import fs from "node:fs";
import path from "node:path";
import client from "prom-client";

export const METRICS_REGISTRY = Symbol.for("forecourt.metrics.registry");

/** "/admin/bookings/[id]" → a matcher; catch-all segments match the rest of the path. */
function toMatcher(route) {
  const pattern = route
    .split("/")
    .map((seg) => {
      if (/^\[\[\.\.\..+\]\]$/.test(seg)) return "(?:/.*)?";
      if (/^\[\.\.\..+\]$/.test(seg)) return "/.+";
      if (/^\[.+\]$/.test(seg)) return "/[^/]+";
      return seg ? `/${seg.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}` : "";
    })
    .join("");
  return { route, re: new RegExp(`^${pattern || "/"}$`), dynamic: (route.match(/\[/g) ?? []).length };
}

/** The app's routes from the build's manifest, static ones first (they win over a dynamic sibling). */
export function loadRoutes(root) {
  try {
    const manifest = JSON.parse(
      fs.readFileSync(path.join(root, ".next", "app-path-routes-manifest.json"), "utf8"),
    );
    return [...new Set(Object.values(manifest))].map(toMatcher).sort((a, b) => a.dynamic - b.dynamic);
  } catch {
    return [];
  }
}

/** The label for a request path: its route pattern, or a fixed bucket. */
export function routeOf(routes, url) {
  const p = (url ?? "/").split("?")[0] || "/";
  if (p.startsWith("/_next/static/")) return "/_next/static";
  if (p.startsWith("/_next/image")) return "/_next/image";
  const hit = routes.find((r) => r.re.test(p));
  if (hit) return hit.route;
  return /\.[a-z0-9]{2,5}$/i.test(p) ? "(static file)" : "(unmatched)";
}

export function createHttpMetrics(root) {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: "forecourt_" });
  const requests = new client.Counter({
    name: "forecourt_http_requests_total",
    help: "HTTP requests answered, by method, route and status code",
    labelNames: ["method", "route", "status"],
    registers: [registry],
  });
  const duration = new client.Histogram({
    name: "forecourt_http_request_duration_seconds",
    help: "Time to answer an HTTP request, by method and route (live event streams excluded)",
    labelNames: ["method", "route"],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [registry],
  });
  globalThis[METRICS_REGISTRY] = registry;
  const routes = loadRoutes(root);
  return {
    registry,
    /** The page cache's answers so far (scripts/page-cache.mjs), read at each scrape. */
    pageCache(stats) {
      new client.Counter({
        name: "forecourt_page_cache_requests_total",
        help: "Requests that the public page cache answered (hit), rendered and kept (miss), or passed on (bypass)",
        labelNames: ["result"],
        registers: [registry],
        collect() {
          this.reset();
          for (const [result, n] of Object.entries(stats)) this.inc({ result }, n);
        },
      });
    },
    /** Call at the start of a request; records when the response finishes (or the client goes away). */
    observe(req, res) {
      const started = process.hrtime.bigint();
      res.once("close", () => {
        const route = routeOf(routes, req.url);
        const method = req.method ?? "GET";
        requests.inc({ method, route, status: String(res.statusCode) });
        if (route !== "/api/events")
          duration.observe({ method, route }, Number(process.hrtime.bigint() - started) / 1e9);
      });
    },
  };
}

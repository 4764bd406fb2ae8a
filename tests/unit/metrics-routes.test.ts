import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadRoutes, routeOf } from "../../scripts/metrics.mjs";

// The request metrics' route label (scripts/metrics.mjs): the app's route pattern from the build's
// manifest — never the raw path, whose ids and tokens would explode the label set and leak into metrics.

function routesFrom(manifest: Record<string, string>) {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), "metrics-routes-"));
  fs.mkdirSync(path.join(root, ".next"));
  fs.writeFileSync(path.join(root, ".next", "app-path-routes-manifest.json"), JSON.stringify(manifest));
  return loadRoutes(root);
}

const routes = routesFrom({
  "/(public)/page": "/",
  "/(public)/book/page": "/book",
  "/admin/bookings/page": "/admin/bookings",
  "/admin/bookings/[id]/page": "/admin/bookings/[id]",
  "/admin/bookings/export.csv/route": "/admin/bookings/export.csv",
  "/api/auth/[...all]/route": "/api/auth/[...all]",
  "/docs/[[...slug]]/page": "/docs/[[...slug]]",
});

describe("routeOf", () => {
  it("names a request by its route pattern, query string ignored", () => {
    expect(routeOf(routes, "/")).toBe("/");
    expect(routeOf(routes, "/book?service=full-valet&step=time")).toBe("/book");
    expect(routeOf(routes, "/admin/bookings/0b0c3c8e-1d9a-4f5e-9a51-3c1c6c0a7a11")).toBe(
      "/admin/bookings/[id]",
    );
    expect(routeOf(routes, "/api/auth/sign-in/email")).toBe("/api/auth/[...all]");
    expect(routeOf(routes, "/docs")).toBe("/docs/[[...slug]]");
    expect(routeOf(routes, "/docs/a/b")).toBe("/docs/[[...slug]]");
  });
  it("prefers a static route over a dynamic sibling", () => {
    expect(routeOf(routes, "/admin/bookings/export.csv")).toBe("/admin/bookings/export.csv");
  });
  it("puts everything else in fixed buckets", () => {
    expect(routeOf(routes, "/_next/static/chunks/abc123.js")).toBe("/_next/static");
    expect(routeOf(routes, "/_next/image?url=x")).toBe("/_next/image");
    expect(routeOf(routes, "/favicon.ico")).toBe("(static file)");
    expect(routeOf(routes, "/wp-admin/secret-token-123")).toBe("(unmatched)");
    expect(routeOf(routes, "/admin/bookings/a/b")).toBe("(unmatched)");
  });
  it("has no routes (and matches nothing) without a build", () => {
    expect(loadRoutes(fs.mkdtempSync(path.join(os.tmpdir(), "no-build-")))).toEqual([]);
  });
});

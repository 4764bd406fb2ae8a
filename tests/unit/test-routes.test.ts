import fs from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resetEnvCache } from "@/env";
import { HTTP_METHODS } from "@/server/test-routes";

// Every folder under src/app/api/test, so a route added later is covered without touching this test.
const dir = path.resolve(import.meta.dirname, "../../src/app/api/test");
const routes = fs.readdirSync(dir).filter((name) => fs.existsSync(path.join(dir, name, "route.ts")));

describe("test-only routes", () => {
  const saved = process.env.ENABLE_TEST_ROUTES;
  beforeEach(() => resetEnvCache());
  afterEach(() => {
    process.env.ENABLE_TEST_ROUTES = saved;
    resetEnvCache();
  });

  it.each(routes)(
    "/api/test/%s answers 404 to every method while switched off",
    async (name) => {
      delete process.env.ENABLE_TEST_ROUTES;
      const mod = (await import(path.join(dir, name, "route.ts"))) as Record<
        string,
        ((request: Request) => Promise<Response>) | undefined
      >;
      for (const method of HTTP_METHODS) {
        const handler = mod[method];
        expect(handler, `${method} /api/test/${name} is handled`).toBeTypeOf("function");
        const request = new Request(`http://localhost/api/test/${name}`, {
          method,
          ...(method === "GET" || method === "HEAD" ? {} : { body: "{}" }),
        });
        expect((await handler?.(request))?.status, `${method} /api/test/${name}`).toBe(404);
      }
      // The first import of a route transforms its whole module graph: seconds on a loaded 2-core machine.
    },
    30_000,
  );

  it("answers 405 to a method a route does not implement while switched on", async () => {
    process.env.ENABLE_TEST_ROUTES = "1";
    const mod = await import("@/app/api/test/session/route");
    const res = await mod.GET(new Request("http://localhost/api/test/session"));
    expect(res.status).toBe(405);
    expect(res.headers.get("allow")).toBe("POST");
  });

  it("finds the routes", () => {
    expect(routes).toEqual(expect.arrayContaining(["users", "session", "reserve"]));
  });
});

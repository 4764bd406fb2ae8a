import "server-only";
import { getEnv } from "@/env";

/** Routes that exist only for the end-to-end suite; never in a normal start. */
export function testRoutesEnabled(): boolean {
  return getEnv().ENABLE_TEST_ROUTES;
}

export const HTTP_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;
type Method = (typeof HTTP_METHODS)[number];
type Handler = (request: Request) => Promise<Response>;

/**
 * A test-only route's handlers for every HTTP method. While test routes are off, every method answers
 * 404 like any unknown path (a 405 would tell a prober the route exists); while on, methods the route
 * does not implement answer 405.
 */
export function testRoute(handlers: Partial<Record<Method, Handler>>): Record<Method, Handler> {
  const allow = Object.keys(handlers).join(", ");
  const entries = HTTP_METHODS.map((method): [Method, Handler] => [
    method,
    async (request) => {
      if (!testRoutesEnabled()) return Response.json({ message: "Not found" }, { status: 404 });
      const handler = handlers[method] ?? (method === "HEAD" ? handlers.GET : undefined);
      if (!handler) return new Response(null, { status: 405, headers: { Allow: allow } });
      return handler(request);
    },
  ]);
  return Object.fromEntries(entries) as Record<Method, Handler>;
}

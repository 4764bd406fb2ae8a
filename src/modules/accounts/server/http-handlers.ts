import "server-only";
import type { z } from "zod";
import { route } from "@/server/actions/route";

type Ctx = { ip: string; headers: Headers };

/**
 * The shape of every /api/account/* handler, on the one route adapter (`route`): same-site JSON, the
 * shared schema, an ActionResult with the right HTTP status (400, 401, 403, 429…), and any session cookie
 * the flow set. These endpoints are public by nature (signing in): no role, and the session isn't read.
 */
export function accountHandler<S extends z.ZodType, T>(
  schema: S,
  flow: (input: z.infer<S>, ctx: Ctx) => Promise<{ data: T; headers?: Headers }>,
) {
  return route({
    schema,
    requirement: "none",
    session: false,
    handler: async (input: z.infer<S>, _user, ctx) => {
      const out = await flow(input, { ip: ctx.ip, headers: ctx.request.headers });
      if (out.headers) ctx.setCookies(out.headers);
      return out.data;
    },
  });
}

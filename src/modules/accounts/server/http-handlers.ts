import "server-only";
import type { z } from "zod";
import { type ActionResult } from "@/server/errors";
import { assertSameSiteJson, clientIp, readJson, resultResponse } from "@/server/http";
import { toActionError } from "@/server/errors";
import { withRequestContext } from "@/server/request-context";
import { runAction } from "@/server/actions/run-action";

type Ctx = { ip: string; headers: Headers };

/**
 * The shape of every /api/account/* handler: parse the JSON body with the shared schema, run the flow,
 * answer an ActionResult with the right HTTP status (400, 401, 403, 429…), forwarding any session cookie
 * the flow set. These endpoints are public by nature (signing in), so no role is required.
 */
export function accountHandler<S extends z.ZodType, T>(
  schema: S,
  flow: (input: z.infer<S>, ctx: Ctx) => Promise<{ data: T; headers?: Headers }>,
) {
  return async (request: Request): Promise<Response> =>
    withRequestContext(async () => {
      try {
        assertSameSiteJson(request);
      } catch (err) {
        return resultResponse(toActionError(err));
      }
      const ctx: Ctx = { ip: clientIp(request.headers), headers: request.headers };
      let cookies: Headers | undefined;
      const result: ActionResult<T> = await runAction({
        schema,
        input: await readJson(request),
        requirement: "none",
        getUser: async () => null,
        handler: async (input) => {
          const out = await flow(input, ctx);
          cookies = out.headers;
          return out.data;
        },
      });
      return resultResponse(result, cookies);
    });
}

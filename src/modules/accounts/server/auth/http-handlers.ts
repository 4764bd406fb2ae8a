import "server-only";
import type { z } from "zod";
import { accountSettingsFor } from "@/lib/routes";
import { route } from "@/server/actions/route";
import { getSessionUser } from "@/server/auth";
import { type Db, getDb } from "@/server/db";
import { changePasswordInput } from "../../schemas";
import { withPasswordRules } from "./password-rules";
import { changePassword } from "./change-password";
import { exportMyData } from "../export-my-data";
import type { Requester } from "./requester";

/**
 * The shape of every /api/account/* handler, on the one route adapter (`route`): same-site JSON, the
 * shared schema, an ActionResult with the right HTTP status (400, 401, 403, 429…), and any session cookie
 * the flow set. These endpoints are public by nature (signing in): no role, and the session isn't read;
 * the flow gets the database, the anonymous requester and the parsed input, in the use cases' order.
 */
export function accountHandler<S extends z.ZodType, T>(
  schema: S,
  flow: (db: Db, actor: Requester, input: z.infer<S>) => Promise<{ data: T; headers?: Headers }>,
) {
  return route({
    schema,
    requirement: "none",
    session: false,
    handler: async (input: z.infer<S>, _user, ctx) => {
      const out = await flow(await getDb(), { ip: ctx.ip, headers: ctx.request.headers }, input);
      if (out.headers) ctx.setCookies(out.headers);
      return out.data;
    },
  });
}

/**
 * POST /api/account/change-password. A route handler rather than a server action: the session cookie is
 * replaced (other sessions end), and a server action would re-render the page with the old, now deleted,
 * session.
 */
export const changePasswordHandler = route({
  schema: withPasswordRules(changePasswordInput),
  requirement: "signed_in",
  handler: async (input, user, ctx) => {
    const actor = { ...user, ip: ctx.ip, headers: ctx.request.headers };
    ctx.setCookies(await changePassword(await getDb(), actor, input));
    return { redirectTo: `${accountSettingsFor(user.role)}?updated=password` };
  },
});

/** GET /settings/privacy/export, "Download my data": the signed-in person's own data only, as a JSON file. */
export async function exportMyDataHandler(request: Request): Promise<Response> {
  const user = await getSessionUser(request.headers);
  if (!user) return new Response("Sign in to download your data.", { status: 401 });
  const now = new Date();
  const data = await exportMyData(await getDb(), user, { now });
  return new Response(JSON.stringify(data, null, 2), {
    headers: {
      "Content-Type": "application/json; charset=utf-8",
      "Content-Disposition": `attachment; filename="my-data-${now.toISOString().slice(0, 10)}.json"`,
      "Cache-Control": "no-store",
    },
  });
}

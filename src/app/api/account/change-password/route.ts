import { route } from "@/server/actions/route";
import { changePasswordInput } from "@/modules/accounts/schemas";
import { changePassword } from "@/modules/accounts/server";

// A route handler rather than a server action: the session cookie is replaced (other sessions end),
// and a server action would re-render the page with the old, now deleted, session.
export const POST = route({
  schema: changePasswordInput,
  requirement: "customer",
  handler: async (input, user, ctx) => {
    ctx.setCookies(await changePassword(user, input, ctx.request.headers, ctx.ip));
    return { redirectTo: "/dashboard/settings?updated=password" };
  },
});

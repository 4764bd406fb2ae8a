import { getSessionUser } from "@/server/auth";
import { runAction } from "@/server/actions/run-action";
import { assertSameSiteJson, clientIp, readJson, resultResponse } from "@/server/http";
import { toActionError } from "@/server/errors";
import { withRequestContext } from "@/server/request-context";
import { changePasswordInput } from "@/modules/accounts/schemas";
import { changePassword } from "@/modules/accounts/server";

// A route handler rather than a server action: the session cookie is replaced (other sessions end),
// and a server action would re-render the page with the old, now deleted, session.
export async function POST(request: Request) {
  return withRequestContext(async () => {
    try {
      assertSameSiteJson(request);
    } catch (err) {
      return resultResponse(toActionError(err));
    }
    let cookies: Headers | undefined;
    const result = await runAction({
      schema: changePasswordInput,
      input: await readJson(request),
      requirement: "customer",
      getUser: () => getSessionUser(request.headers),
      handler: async (input, user: NonNullable<Awaited<ReturnType<typeof getSessionUser>>>) => {
        cookies = await changePassword(user, input, request.headers, clientIp(request.headers));
        return { redirectTo: "/dashboard/settings?updated=password" };
      },
    });
    return resultResponse(result, cookies);
  });
}

import { tokenPasswordInput } from "@/modules/accounts/schemas";
import { accountHandler, withPasswordRules } from "@/modules/accounts/server";
import { resetPasswordWithToken } from "@/modules/accounts/server";

// Serves both the "forgot password" and the "set up your password" links.
export const POST = accountHandler(withPasswordRules(tokenPasswordInput), async (db, actor, input) => {
  const { redirectTo, headers } = await resetPasswordWithToken(db, actor, input);
  return { data: { redirectTo }, headers };
});

import { tokenPasswordInput } from "@/modules/accounts/schemas";
import { accountHandler } from "@/modules/accounts/server/http-handlers";
import { resetPasswordWithToken } from "@/modules/accounts/server/reset-password";

// Serves both the "forgot password" and the "set up your password" links.
export const POST = accountHandler(tokenPasswordInput, async (input, ctx) => {
  const { redirectTo, headers } = await resetPasswordWithToken(input, ctx);
  return { data: { redirectTo }, headers };
});

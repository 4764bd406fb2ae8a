import { tokenPasswordInput } from "@/modules/accounts/schemas";
import { accountHandler } from "@/modules/accounts/server";
import { resetPasswordWithToken } from "@/modules/accounts/server";

// Serves both the "forgot password" and the "set up your password" links.
export const POST = accountHandler(tokenPasswordInput, async (input, ctx) => {
  const { redirectTo, headers } = await resetPasswordWithToken(input, ctx);
  return { data: { redirectTo }, headers };
});

import { loginInput } from "@/modules/accounts/schemas";
import { accountHandler } from "@/modules/accounts/server";
import { signIn } from "@/modules/accounts/server";

export const POST = accountHandler(loginInput, async (input, ctx) => {
  const { redirectTo, headers } = await signIn(input, ctx);
  return { data: { redirectTo }, headers };
});

import { emailOnlyInput } from "@/modules/accounts/schemas";
import { accountHandler } from "@/modules/accounts/server";
import { resendVerification } from "@/modules/accounts/server";

export const POST = accountHandler(emailOnlyInput, async (input, ctx) => {
  await resendVerification(input.email, ctx);
  return { data: { email: input.email } };
});

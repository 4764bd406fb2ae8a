import { emailOnlyInput } from "@/modules/accounts/schemas";
import { accountHandler } from "@/modules/accounts/server";
import { resendVerification } from "@/modules/accounts/server";

export const POST = accountHandler(emailOnlyInput, async (db, actor, input) => {
  await resendVerification(db, actor, input);
  return { data: { email: input.email } };
});

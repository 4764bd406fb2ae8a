import { emailOnlyInput } from "@/modules/accounts/schemas";
import { accountHandler } from "@/modules/accounts/server";
import { requestPasswordReset } from "@/modules/accounts/server";

export const POST = accountHandler(emailOnlyInput, async (db, actor, input) => {
  await requestPasswordReset(db, actor, input);
  return { data: { email: input.email } };
});

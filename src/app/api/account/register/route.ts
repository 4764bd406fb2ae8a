import { registerInput } from "@/modules/accounts/schemas";
import { accountHandler, withPasswordRules } from "@/modules/accounts/server";
import { register } from "@/modules/accounts/server";

export const POST = accountHandler(withPasswordRules(registerInput), async (db, actor, input) => {
  await register(db, actor, input);
  return { data: { email: input.email } };
});

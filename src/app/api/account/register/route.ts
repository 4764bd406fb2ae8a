import { registerInput } from "@/modules/accounts/schemas";
import { accountHandler } from "@/modules/accounts/server";
import { register } from "@/modules/accounts/server";

export const POST = accountHandler(registerInput, async (input, ctx) => {
  await register(input, ctx);
  return { data: { email: input.email } };
});

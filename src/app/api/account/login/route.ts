import { loginInput } from "@/modules/accounts/schemas";
import { accountHandler } from "@/modules/accounts/server";
import { signIn } from "@/modules/accounts/server";

export const POST = accountHandler(loginInput, async (db, actor, input) => {
  const { redirectTo, headers } = await signIn(db, actor, input);
  return { data: { redirectTo }, headers };
});

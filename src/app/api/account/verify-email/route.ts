import { confirmEmailInput } from "@/modules/accounts/schemas";
import { confirmEmail } from "@/modules/accounts/server";
import { accountHandler } from "@/modules/accounts/server";

// The "Confirm" button of the emailed link's page: same-site JSON only, so no other site can sign a
// browser in (the link's GET has no effect).
export const POST = accountHandler(confirmEmailInput, async (db, actor, input) => {
  const { redirectTo, headers } = await confirmEmail(db, actor, input);
  return { data: { redirectTo }, headers };
});

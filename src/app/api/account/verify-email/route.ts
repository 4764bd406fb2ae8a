import { confirmEmailInput } from "@/modules/accounts/schemas";
import { confirmEmail } from "@/modules/accounts/server";
import { accountHandler } from "@/modules/accounts/server";

// The "Confirm" button of the emailed link's page: same-site JSON only, so no other site can sign a
// browser in (the link's GET has no effect).
export const POST = accountHandler(confirmEmailInput, async (input, ctx) => {
  const { redirectTo, headers } = await confirmEmail(input, ctx);
  return { data: { redirectTo }, headers };
});

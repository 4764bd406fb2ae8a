import { confirmEmailChange } from "@/modules/accounts/server/change-email";
import { routes } from "@/lib/routes";

// The link emailed to the new address. Opening it makes the change (single use), then shows the outcome
// on the settings page (which asks the person to sign in first if needed).
export async function GET(request: Request) {
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const outcome = token.length >= 10 && token.length <= 200 ? await confirmEmailChange(token) : "expired";
  // A relative Location: the public host is whatever the browser used, never the internal one.
  return new Response(null, {
    status: 303,
    headers: { Location: `${routes.accountSettings}?emailChange=${outcome}`, "Cache-Control": "no-store" },
  });
}

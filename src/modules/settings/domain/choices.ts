// The choices of the business settings: zones, currencies and countries this runtime knows. Plain data
// (no zod), so the settings form can use it in the browser without loading the validation library.

/** The zones this runtime knows (IANA names). */
export const TIME_ZONES: readonly string[] = Intl.supportedValuesOf("timeZone");
/** ISO 4217 currencies this runtime can format. */
export const CURRENCIES: readonly string[] = Intl.supportedValuesOf("currency");

const regionNames = new Intl.DisplayNames(["en-GB"], { type: "region", fallback: "none" });
/** ISO 3166 two-letter countries with an English name, by name. */
export const COUNTRIES: readonly { code: string; name: string }[] = (() => {
  const out: { code: string; name: string }[] = [];
  for (let a = 65; a <= 90; a++)
    for (let b = 65; b <= 90; b++) {
      const code = String.fromCharCode(a, b);
      const name = regionNames.of(code);
      // Reserved and user-assigned codes come back as the code itself or not at all.
      if (name && name !== code && !/^(AA|Q[M-Z]|X[A-Z]|ZZ|EU|EZ|UN)$/.test(code)) out.push({ code, name });
    }
  return out.sort((x, y) => x.name.localeCompare(y.name));
})();

/** The business's alert choices (settings → Notifications), in the order the form shows them. */
export const BUSINESS_ALERTS = [
  {
    name: "alertNewBookings",
    label: "New bookings",
    help: "When a booking is confirmed (paid, or nothing to pay online) or waits for your approval.",
  },
  { name: "alertCancellations", label: "Cancellations", help: "When a booking is cancelled, by anyone." },
  { name: "alertPayments", label: "Payments", help: "When a balance or a payment link is paid online." },
  { name: "alertRefunds", label: "Refunds", help: "When money is refunded, or is owed back to a customer." },
] as const;

export type BusinessAlertName = (typeof BUSINESS_ALERTS)[number]["name"];

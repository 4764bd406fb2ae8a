// The choices of the business settings: zones, currencies and countries the server's runtime knows. Plain
// data (no zod). The server reads them, validates with them and hands them to the settings form
// (`businessChoices`): a browser's own Intl knows other zones and currencies, and names and orders the
// countries its own way, so a form that asked the browser would offer choices the server refuses and
// render a list that differs from the server's HTML (a hydration mismatch, React #418).

/** The zones this runtime knows (IANA names). */
export const TIME_ZONES: readonly string[] = Intl.supportedValuesOf("timeZone");
/** ISO 4217 currencies this runtime can format. */
export const CURRENCIES: readonly string[] = Intl.supportedValuesOf("currency");

// The current ISO 3166-1 alpha-2 codes (249, as the ISO maintenance agency lists them in 2024), one
// line a letter. Committed rather than probed from the runtime: every pair of letters the runtime can
// name includes withdrawn codes (AN, CS, YU…) and aliases that name a country twice (DD and DE, UK and GB).
// A change to ISO 3166-1 is a change to this list.
const ISO_3166_ALPHA2 = `
AD AE AF AG AI AL AM AO AQ AR AS AT AU AW AX AZ
BA BB BD BE BF BG BH BI BJ BL BM BN BO BQ BR BS BT BV BW BY BZ
CA CC CD CF CG CH CI CK CL CM CN CO CR CU CV CW CX CY CZ
DE DJ DK DM DO DZ
EC EE EG EH ER ES ET
FI FJ FK FM FO FR
GA GB GD GE GF GG GH GI GL GM GN GP GQ GR GS GT GU GW GY
HK HM HN HR HT HU
ID IE IL IM IN IO IQ IR IS IT
JE JM JO JP
KE KG KH KI KM KN KP KR KW KY KZ
LA LB LC LI LK LR LS LT LU LV LY
MA MC MD ME MF MG MH MK ML MM MN MO MP MQ MR MS MT MU MV MW MX MY MZ
NA NC NE NF NG NI NL NO NP NR NU NZ
OM
PA PE PF PG PH PK PL PM PN PR PS PT PW PY
QA
RE RO RS RU RW
SA SB SC SD SE SG SH SI SJ SK SL SM SN SO SR SS ST SV SX SY SZ
TC TD TF TG TH TJ TK TL TM TN TO TR TT TV TW TZ
UA UG UM US UY UZ
VA VC VE VG VI VN VU
WF WS
YE YT
ZA ZM ZW
`
  .split(/\s+/)
  .filter(Boolean);

const regionNames = new Intl.DisplayNames(["en-GB"], { type: "region" });

/** The ISO 3166-1 countries with their English name, by name. */
export const COUNTRIES: readonly { code: string; name: string }[] = ISO_3166_ALPHA2.map((code) => ({
  code,
  name: regionNames.of(code) ?? code,
})).sort((x, y) => x.name.localeCompare(y.name, "en-GB"));

/** The countries for a choice of country: the business's own first, then the rest by name. */
export function countriesWithFirst(first: string): readonly { code: string; name: string }[] {
  const own = COUNTRIES.find((c) => c.code === first);
  return own ? [own, ...COUNTRIES.filter((c) => c !== own)] : COUNTRIES;
}

/** What the business form offers, as the server knows it: its own country first. */
export type BusinessChoices = {
  countries: readonly { code: string; name: string }[];
  timeZones: readonly string[];
  currencies: readonly string[];
};

export function businessChoices(country: string): BusinessChoices {
  return { countries: countriesWithFirst(country), timeZones: TIME_ZONES, currencies: CURRENCIES };
}

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

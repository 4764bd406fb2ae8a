import "server-only";

// What a person lets us email them about (issue 17). Account, booking and money emails always go: they
// are about something the person did or owns. Reminders and marketing follow the person's preferences
// (/dashboard/settings). An erased or unknown account gets nothing
// (accounts' mayEmail, which knows the person).

export type EmailKind = "account" | "booking" | "money" | "reminder" | "marketing";

export type EmailPreferences = { notifyReminders: boolean; marketingConsent: boolean };

/** The rule, for a person's preferences. */
export function allowsEmail(prefs: EmailPreferences, kind: EmailKind): boolean {
  if (kind === "reminder") return prefs.notifyReminders;
  if (kind === "marketing") return prefs.marketingConsent;
  return true;
}

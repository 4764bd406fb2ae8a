import type { RescheduleStatus, WeatherAnswer } from "@/lib/enums";

// Weather days (issue 17, ADR 0036): the bookings in an unworkable period are offered the nearest free
// times, held for them; the customer takes one or asks for another; the admin phones the rest. Pure rules.

const HOUR = 3_600_000;

/** How many times one booking is offered. */
export const WEATHER_OFFER_COUNT = 3;
/** Offered times are at least this far apart, so the three choices differ in a useful way. */
export const WEATHER_OFFER_SPREAD_MINUTES = 120;
/** How far ahead the nearest free times are looked for. */
export const WEATHER_SEARCH_DAYS = 14;

/**
 * The candidates to hold, nearest to the original start first (ties: the earlier one), each at least
 * `spreadMinutes` from those already picked. More than `count` are returned: a hold can still fail.
 */
export function pickOfferTimes(
  starts: readonly Date[],
  original: Date,
  { count = WEATHER_OFFER_COUNT, spreadMinutes = WEATHER_OFFER_SPREAD_MINUTES } = {},
): Date[] {
  const sorted = [...starts].sort(
    (a, b) =>
      Math.abs(a.getTime() - original.getTime()) - Math.abs(b.getTime() - original.getTime()) ||
      a.getTime() - b.getTime(),
  );
  const picked: Date[] = [];
  for (const s of sorted) {
    if (picked.length >= count * 2) break;
    if (picked.some((p) => Math.abs(p.getTime() - s.getTime()) < spreadMinutes * 60_000)) continue;
    picked.push(s);
  }
  return picked;
}

/**
 * When a weather offer lapses: after the expiry setting, or when the earliest offered time begins —
 * never bounded by the booking's own start (that is in the bad weather, often within the cut-off).
 */
export function weatherOfferExpiry(
  offered: readonly Date[],
  rules: { rescheduleRequestExpiryHours: number },
  now: Date,
): Date {
  const bySetting = now.getTime() + rules.rescheduleRequestExpiryHours * HOUR;
  const earliest = Math.min(...offered.map((d) => d.getTime()));
  return new Date(Math.min(bySetting, earliest));
}

/**
 * A weather day is for today or a date to come: a past date has nothing left to close or move. "Today"
 * is the business's local date (its time zone), so a date entered late in the evening isn't off by one.
 * Returns the field message, or null when the date is allowed.
 */
export function pastWeatherDateError(date: string, today: string): string | null {
  return date < today ? "Choose today or a date to come: that date has passed." : null;
}

/** What the customer is told after the weather day was lifted (the answer page, and a late click). */
export const LIFTED_MESSAGE = "Good news: the weather cleared, so your booking goes ahead at its time.";

export type WeatherEntryState = "accepted" | "asked_another" | "waiting" | "call" | "stands";

/**
 * Where one booking of a weather day stands. No offer (no free time nearby), or an offer that closed
 * without an answer (lapsed, or the booking moved or ended another way): the admin phones the customer.
 * Once the weather day is lifted, a booking that didn't move keeps its time ("stands"), whatever the
 * customer had answered; one that moved has moved.
 */
export function weatherEntryState(
  entry: { answer: WeatherAnswer | null; offer: { status: RescheduleStatus; expiresAt: Date } | null },
  now: Date,
  lifted = false,
): WeatherEntryState {
  // Accepted on the booking page's generic offer buttons: the offer row says so.
  if (entry.answer === "accepted" || entry.offer?.status === "approved") return "accepted";
  if (lifted) return "stands";
  if (entry.answer) return entry.answer;
  if (entry.offer && entry.offer.status === "pending" && entry.offer.expiresAt.getTime() > now.getTime())
    return "waiting";
  return "call";
}

export const WEATHER_STATE_LABELS: Record<WeatherEntryState, string> = {
  accepted: "Accepted a new time",
  asked_another: "Asked for another time",
  waiting: "Waiting for an answer",
  call: "Needs a phone call",
  stands: "Lifted: the booking stands",
};

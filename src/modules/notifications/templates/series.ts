import { type EmailContent, type EmailContext, paragraphs, WHY } from "./layout";

// A repeat booking (issue 31, ADR 0052): one email when it is set up, listing every visit booked (and the
// dates skipped because they were taken), and one when it ends — never one per visit.

export type SeriesSetData = {
  name: string;
  title: string;
  /** "every 2 weeks" */
  rule: string;
  /** Each visit booked: "Tuesday 19 January 2027, 09:00 GMT – 10:00 GMT · FC-7K2M9Q". */
  visits: string[];
  /** The dates the rule gave that were not booked (skipped, or taken with no other time chosen). */
  skipped: string[];
  /** How the visits are paid, in a sentence. */
  payment: string;
  /** The visits beyond the booking horizon, held later by the daily job (issue 40 §5), in a sentence. */
  later?: string;
  url: string;
  /** The series was changed from a visit onward: these are the visits from then. */
  changed?: boolean;
};

/** Dates of a series the daily job couldn't hold at their usual time, each with the nearest free times. */
export type SeriesNotHeldData = {
  name: string;
  title: string;
  dates: { date: string; wanted: string; times: string[] }[];
  /** The booking page where the customer chooses one of the times (or skips the date). */
  url: string;
};

export type SeriesEndedData = {
  name: string;
  title: string;
  /** The visits cancelled by the ending. */
  cancelled: string[];
  /** Visits already paid, kept: the customer cancels them one by one for the policy's refund. */
  kept: string[];
  url: string;
  /** A pause, not an end: "1 March 2027", the last day of the pause; the visits after it stay booked. */
  pausedUntil?: string;
};

export function renderSeriesSet(d: SeriesSetData, ctx: EmailContext): EmailContent {
  const n = d.visits.length;
  return {
    subject: `Your repeat booking ${d.changed ? "has changed" : "is set"}: ${d.title} ${d.rule}, ${n} ${n === 1 ? "visit" : "visits"}`,
    preview: `First: ${d.visits[0] ?? ""}`,
    why: WHY.booking(ctx),
    blocks: [
      ...paragraphs(
        `Hello ${d.name},`,
        d.changed
          ? `Your repeat ${d.title} has changed: from now on it is ${d.rule}. The visits it replaced are cancelled; each new visit's time is held for you:`
          : `${ctx.businessName} has booked your ${d.title} ${d.rule}. Each visit's time is held for you:`,
      ),
      { kind: "rows", rows: d.visits.map((v, i) => ({ label: `Visit ${i + 1}`, value: v })) },
      ...paragraphs(
        d.skipped.length > 0 && `Skipped, not booked: ${d.skipped.join("; ")}.`,
        d.later,
        d.payment,
        "You can skip a visit or end the repeat booking from any of its bookings.",
      ),
      { kind: "button", label: "View your bookings", url: d.url },
    ],
  };
}

export function renderSeriesEnded(d: SeriesEndedData, ctx: EmailContext): EmailContent {
  if (d.pausedUntil) return renderSeriesPaused(d, d.pausedUntil, ctx);
  return {
    subject: `Your repeat booking has ended: ${d.title}`,
    preview: `${d.cancelled.length} ${d.cancelled.length === 1 ? "visit" : "visits"} cancelled`,
    why: WHY.booking(ctx),
    blocks: [
      ...paragraphs(
        `Hello ${d.name},`,
        d.cancelled.length > 0
          ? `Your repeat ${d.title} has ended. These visits are cancelled and their time freed:`
          : `Your repeat ${d.title} has ended. No visit was left to cancel.`,
      ),
      ...(d.cancelled.length > 0
        ? [{ kind: "rows" as const, rows: d.cancelled.map((v) => ({ label: "Cancelled", value: v })) }]
        : []),
      ...paragraphs(
        d.kept.length > 0 &&
          `Already paid, so kept: ${d.kept.join("; ")}. Cancel them from their pages to get back what the cancellation policy gives.`,
        `Questions? Email ${ctx.contactEmail} or call ${ctx.contactPhone}.`,
      ),
      { kind: "button", label: "View your bookings", url: d.url },
    ],
  };
}

function renderSeriesPaused(d: SeriesEndedData, until: string, ctx: EmailContext): EmailContent {
  return {
    subject: `Your repeat booking is paused until ${until}: ${d.title}`,
    preview: `${d.cancelled.length} ${d.cancelled.length === 1 ? "visit" : "visits"} skipped`,
    why: WHY.booking(ctx),
    blocks: [
      ...paragraphs(
        `Hello ${d.name},`,
        `Your repeat ${d.title} is paused until ${until}; the visits after that stay booked. These visits are cancelled and their time freed:`,
      ),
      ...(d.cancelled.length > 0
        ? [{ kind: "rows" as const, rows: d.cancelled.map((v) => ({ label: "Skipped", value: v })) }]
        : []),
      ...paragraphs(
        d.kept.length > 0 &&
          `Already paid, so kept: ${d.kept.join("; ")}. Cancel them from their pages to get back what the cancellation policy gives.`,
      ),
      { kind: "button", label: "View your bookings", url: d.url },
    ],
  };
}

export function renderSeriesNotHeld(d: SeriesNotHeldData, ctx: EmailContext): EmailContent {
  const n = d.dates.length;
  return {
    subject: `Choose a time: ${n === 1 ? "a visit" : `${n} visits`} of your repeat ${d.title}`,
    preview: `${d.dates[0]?.date ?? ""}: ${d.dates[0]?.wanted ?? ""}`,
    why: WHY.booking(ctx),
    blocks: [
      ...paragraphs(
        `Hello ${d.name},`,
        `We hold each visit of your repeat ${d.title} as our booking calendar opens for its date, but your usual time isn't free on ${n === 1 ? "this date" : "these dates"}. These are the nearest free times: choose one (or skip the date) from your booking page.`,
      ),
      {
        kind: "rows",
        rows: d.dates.map((x) => ({
          label: x.date,
          value: `${x.wanted} — ${x.times.length ? `free: ${x.times.join(", ")}` : "no other time is free that day"}`,
        })),
      },
      ...paragraphs(
        "The times aren't held until you choose one.",
        `Questions? Email ${ctx.contactEmail} or call ${ctx.contactPhone}.`,
      ),
      { kind: "button", label: "Choose a time", url: d.url },
    ],
  };
}

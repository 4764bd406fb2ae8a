import { type EmailContent, type EmailContext, paragraphs, WHY } from "./layout";

// The customer hears when the business moves their booking to another time: the old and the new time,
// the business's reason (escaped), and — for a confirmed booking — the calendar file again, with its
// SEQUENCE raised so calendar apps replace the event rather than add a second one.

export type BookingMovedData = {
  name: string;
  reference: string;
  title: string;
  /** "Tuesday 8 December 2026, 09:30 GMT – 12:30 GMT" */
  previous: string;
  /** The new date and time, the same way. */
  next: string;
  reason: string | null;
  /** The booking's page (pay, cancel, add to calendar). */
  url: string;
  /** A calendar file is attached (a confirmed booking). */
  withCalendar: boolean;
  /** The move answers the customer: their request approved, or the business's offer accepted. */
  answer?: "approved" | "accepted";
};

export function renderBookingMoved(d: BookingMovedData, ctx: EmailContext): EmailContent {
  const subject =
    d.answer === "approved"
      ? `Request approved: your booking ${d.reference} has moved to ${d.next}`
      : `Your booking ${d.reference} has moved to ${d.next}`;
  const lead =
    d.answer === "approved"
      ? `${ctx.businessName} approved your request: your ${d.title} (${d.reference}) has moved to the new time you asked for.`
      : d.answer === "accepted"
        ? `You accepted the time ${ctx.businessName} offered: your ${d.title} (${d.reference}) has moved.`
        : `${ctx.businessName} has moved your ${d.title} (${d.reference}).`;
  return {
    subject,
    preview: `Now: ${d.next}`,
    why: WHY.booking(ctx),
    blocks: [
      ...paragraphs(`Hello ${d.name},`, lead),
      {
        kind: "rows",
        rows: [
          { label: "Was", value: d.previous },
          { label: "Now", value: d.next, strong: true },
        ],
      },
      ...paragraphs(
        d.reason && `Reason: ${d.reason}`,
        d.withCalendar && "The calendar file attached updates the event in your calendar.",
        `If the new time doesn't suit you, email ${ctx.contactEmail} or call ${ctx.contactPhone}.`,
      ),
      { kind: "button", label: "View your booking", url: d.url },
    ],
  };
}

import type { BookingStatus } from "@/lib/enums";
import { formatMoney } from "@/lib/money";

// A booking's history as its customer reads it on /dashboard/bookings/{id}: plain sentences, no internal
// notes, no staff names, nothing the business keeps to itself (internal notes, refused attempts).

type EventRow = {
  type: string;
  fromValue: string | null;
  toValue: string | null;
  data: Record<string, unknown>;
};

const BECAME: Partial<Record<BookingStatus, string>> = {
  pending_payment: "Time held while you pay",
  awaiting_approval: "Waiting for the business to approve it",
  confirmed: "Booking confirmed",
  in_progress: "The team started the job",
  completed: "Job completed",
  cancelled: "Booking cancelled",
  declined: "The business couldn't take this booking",
  expired: "Released: payment wasn't completed in time",
  no_show: "Marked as missed: nobody was there at the start time",
};

/** One event in words for the customer, or null when it is the business's own business. */
export function describeForCustomer(
  e: EventRow,
  currency: string,
): { what: string; why: string | null } | null {
  const d = e.data;
  const reason = typeof d.reason === "string" && d.reason ? d.reason : null;
  const amount = typeof d.amountMinor === "number" ? formatMoney(d.amountMinor, currency) : null;
  switch (e.type) {
    case "created":
      return { what: "Booked", why: null };
    case "status_changed": {
      const what = BECAME[e.toValue as BookingStatus];
      if (!what) return null;
      // The business's reason is shown when it ended the booking; a lifecycle step's default text is not.
      const shown = e.toValue === "cancelled" || e.toValue === "declined" ? reason : null;
      return { what, why: shown };
    }
    case "payment":
      if (e.toValue && e.toValue !== "succeeded") return null;
      return { what: amount ? `Payment of ${amount} received` : "Payment received", why: null };
    case "refund": {
      // The reason a refund was made (ADR 0040), said the customer's way; older events have none.
      const why =
        d.reasonKind === "goodwill"
          ? "Goodwill refund: the price was lowered by as much"
          : d.reasonKind === "overpayment"
            ? "You had paid more than the price"
            : d.reasonKind === "cancellation"
              ? "Refund for the cancelled booking"
              : null;
      const handedBack = typeof d.method === "string" && d.method !== "online";
      if (e.toValue === "pending")
        return { what: amount ? `Refund of ${amount} on its way` : "Refund on its way", why };
      if (e.toValue === "owed")
        return {
          what: amount
            ? `${amount} you paid the business directly is to be handed back to you`
            : "What you paid the business directly is to be handed back to you",
          why: null,
        };
      // A provider's refusal (and its retries) is the business's to sort out: the customer sees the refund
      // on its way until it is made.
      if (e.toValue !== "succeeded") return null;
      if (handedBack)
        return { what: amount ? `Refund of ${amount} handed back to you` : "Refund handed back to you", why };
      return { what: amount ? `Refund of ${amount} made` : "Refund made", why };
    }
    case "note":
      // An edit of the business's own is not the customer's; a lower price is.
      if (e.toValue !== "price_adjusted") return null;
      return { what: amount ? `Price lowered by ${amount}` : "Price lowered", why: reason };
    case "rescheduled":
      return { what: "Moved to another time", why: reason };
    case "reschedule_requested":
      return { what: "You asked for a new time", why: null };
    case "reschedule_decided":
      // A counter-offer: the business answered with another time; the customer's answer to it.
      if (e.toValue === "countered") return { what: "We offered you another time", why: reason };
      // A weather day (ADR 0036): the business offered held times; the customer asked for another one.
      if (e.toValue === "weather_offer")
        return { what: "The weather ruled out this time: we offered you new times", why: reason };
      if (e.toValue === "weather_asked_another")
        return { what: "You asked us for another time", why: reason };
      if (e.toValue === "weather_lifted")
        return { what: "The weather cleared: your booking goes ahead at its time", why: null };
      if (d.offer === true)
        return {
          what:
            e.toValue === "approved"
              ? "You accepted the time we offered"
              : "You declined the time we offered",
          why: null,
        };
      if (e.toValue === "withdrawn") return { what: "You withdrew your request for a new time", why: null };
      return { what: `Your request for a new time was ${e.toValue ?? "answered"}`, why: reason };
    case "site_check":
      return e.toValue === "changed"
        ? {
            what: "You told us something changed at the site",
            why: typeof d.note === "string" ? d.note : null,
          }
        : { what: "You told us the site is all set", why: null };
    default:
      return null;
  }
}

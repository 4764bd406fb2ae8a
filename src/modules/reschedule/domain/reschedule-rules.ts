import type { BookingStatus, RescheduleStatus } from "@/lib/enums";

// Reschedule requests (PRODUCT.md §3.3): a customer asks to move a confirmed booking to another time,
// until the reschedule cut-off before its start; one pending request per booking. The requested time is
// held while the request is pending; the request lapses at the earlier of its expiry setting and the
// cut-off. The business approves, declines (with a reason) or offers another time (a counter-offer, which
// the customer accepts or declines). Pure rules; the use cases are server/reschedule-requests.ts.

/** Where a request can go: only a pending request is answered, and every answer is final. */
export type RequestOutcome = Exclude<RescheduleStatus, "pending">;
export const REQUEST_STEPS: Record<RescheduleStatus, readonly RequestOutcome[]> = {
  pending: ["approved", "declined", "withdrawn", "expired"],
  approved: [],
  declined: [],
  withdrawn: [],
  expired: [],
};

export function requestStepAllowed(from: RescheduleStatus, to: RescheduleStatus): boolean {
  return (REQUEST_STEPS[from] as readonly RescheduleStatus[]).includes(to);
}

export type RescheduleRules = { rescheduleCutoffHours: number; rescheduleRequestExpiryHours: number };

const HOUR = 3_600_000;

/** The last instant a request may be made (or stay pending): the cut-off before the booking's start. */
export function rescheduleCutoff(
  startsAt: Date,
  rules: Pick<RescheduleRules, "rescheduleCutoffHours">,
): Date {
  return new Date(startsAt.getTime() - rules.rescheduleCutoffHours * HOUR);
}

export type RequestRefusal = "status" | "cutoff" | "pending";

export const REQUEST_REFUSALS: Record<RequestRefusal, string> = {
  status: "Only a confirmed booking can be moved to a new time.",
  cutoff: "It's too close to the booking to ask for a new time online. Please call or email us.",
  pending: "You already asked for a new time for this booking. Withdraw that request first.",
};

/** Whether the customer may ask for a new time now; the reason when not. */
export function canRequestReschedule(
  booking: { status: BookingStatus; startsAt: Date },
  hasPending: boolean,
  rules: Pick<RescheduleRules, "rescheduleCutoffHours">,
  now: Date,
  { weather = false }: { weather?: boolean } = {},
): { ok: true } | { ok: false; reason: RequestRefusal; message: string } {
  const refuse = (reason: RequestRefusal) => ({
    ok: false as const,
    reason,
    message: REQUEST_REFUSALS[reason],
  });
  if (booking.status !== "confirmed") return refuse("status");
  // A weather day rules the booking's time out: the cut-off protects a time that no longer stands.
  if (!weather && now.getTime() >= rescheduleCutoff(booking.startsAt, rules).getTime())
    return refuse("cutoff");
  if (hasPending) return refuse("pending");
  return { ok: true };
}

/** When a request made now lapses: the earlier of now + the expiry setting and the cut-off. */
export function rescheduleExpiry(startsAt: Date, rules: RescheduleRules, now: Date): Date {
  const bySetting = now.getTime() + rules.rescheduleRequestExpiryHours * HOUR;
  return new Date(Math.min(bySetting, rescheduleCutoff(startsAt, rules).getTime()));
}

/** A pending request past its expiry is no longer pending, whatever the job has done yet. */
export function isLapsed(request: { status: RescheduleStatus; expiresAt: Date }, now: Date): boolean {
  return request.status === "pending" && request.expiresAt.getTime() <= now.getTime();
}

/** The business's offer (a counter-offer, or a weather day's offer — ADR 0036), not a customer's request. */
export function isOffer(request: { counterToId: string | null; weatherDayId?: string | null }): boolean {
  return Boolean(request.counterToId || request.weatherDayId);
}

/** Who answers a pending request: the business answers a customer's, the customer an offer. */
export function answeredBy(request: {
  counterToId: string | null;
  weatherDayId?: string | null;
}): "business" | "customer" {
  return isOffer(request) ? "customer" : "business";
}

export const RESCHEDULE_STATUS_LABELS: Record<RescheduleStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  declined: "Declined",
  withdrawn: "Withdrawn",
  expired: "Expired",
};

/** Why a decided request can no longer be answered, in words a person can act on. */
export function alreadyDecidedMessage(status: RescheduleStatus): string {
  switch (status) {
    case "approved":
      return "This request was already approved: the booking has moved.";
    case "declined":
      return "This request was already declined.";
    case "withdrawn":
      return "The customer withdrew this request.";
    case "expired":
      return "This request expired before it was answered; its held time was released.";
    default:
      return "This request is still pending.";
  }
}

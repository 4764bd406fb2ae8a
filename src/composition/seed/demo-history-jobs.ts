// One planned job's life — its status for its time, its money through the product's one definition — and
// the requests around the jobs (reschedules, a checkout in progress, requests to approve). Pure.
import { afterRefund, bookingMoney, closingFee } from "@/lib/booking/booking-money";
import { policyRefund } from "@/modules/payments/domain/money";
import { addDays, localDateOf, localToInstant } from "@/lib/dates";
import { percentOfCeil } from "@/lib/money";
import type { PaymentMethod } from "@/lib/enums";
import { CANCEL_REASONS, CUSTOMER_NOTES, JOB_NOTES } from "./demo-people";
import {
  chance,
  DAY_MS,
  type DemoPolicy,
  H,
  pick,
  type PlannedBooking,
  type PlannedItem,
  type PlannedPayment,
  type PlannedRefund,
  type Rng,
  type TeamDiary,
  workingIntervals,
} from "./demo-history-kit";

export function planBooking(
  rng: Rng,
  b: {
    reference: string;
    customer: number;
    team: number;
    items: PlannedItem[];
    startsAt: Date;
    endsAt: Date;
    now: Date;
    policy: DemoPolicy;
  },
): PlannedBooking {
  const { now, policy, startsAt, endsAt } = b;
  const totalMinor = b.items.reduce((s, i) => s + i.priceMinor, 0);
  const source: "online" | "admin" = chance(rng, 0.2) ? "admin" : "online";
  // Booked 1–21 days ahead, never in the future.
  const leadDays = 1 + Math.floor(rng() * 21);
  const createdAt = new Date(Math.min(now.getTime() - H, startsAt.getTime() - leadDays * DAY_MS - 3 * H));
  const depositDueMinor = source === "online" ? percentOfCeil(totalMinor, policy.depositPercent) : 0;
  const booking: PlannedBooking = {
    reference: b.reference,
    customer: b.customer,
    team: b.team,
    startsAt,
    endsAt,
    status: "confirmed",
    source,
    items: b.items,
    totalMinor,
    depositDueMinor,
    adjustmentMinor: 0,
    feeMinor: null,
    amountPaidMinor: 0,
    amountRefundedMinor: 0,
    createdAt,
    confirmedAt: createdAt,
    completedAt: null,
    cancelledAt: null,
    cancelledByCustomer: false,
    cancellationReason: null,
    holdExpiresAt: null,
    customerNotes: chance(rng, 0.3) ? pick(rng, CUSTOMER_NOTES) : null,
    jobNotes: null,
    payments: [],
    refunds: [],
    adjustments: [],
    history: [],
  };
  const pay = (p: PlannedPayment) => takePayment(booking, p);
  // The online deposit is taken as the booking is made (through the test provider).
  if (depositDueMinor > 0)
    pay({ kind: "deposit", provider: "test", method: "online", amountMinor: depositDueMinor, at: createdAt });

  const past = endsAt <= now;
  const started = startsAt <= now;
  const roll = rng();
  if (roll < 0.11 && startsAt.getTime() - createdAt.getTime() > 2 * DAY_MS) {
    // Cancelled by the customer (or by the business at their request) before the day.
    const cancelledAt = new Date(
      createdAt.getTime() +
        rng() * Math.min(startsAt.getTime() - createdAt.getTime() - H, now.getTime() - createdAt.getTime()),
    );
    cancel(booking, cancelledAt, policy, rng);
    return booking;
  }
  if (past && source === "online" && roll >= 0.11 && roll < 0.125) {
    // A checkout that was never paid: its hold lapsed and the time went back (nothing taken, no fee).
    booking.payments = [];
    booking.amountPaidMinor = 0;
    booking.confirmedAt = null;
    booking.status = "expired";
    booking.feeMinor = 0;
    booking.history.push({
      from: "pending_payment",
      to: "expired",
      at: new Date(createdAt.getTime() + H),
      byAdmin: false,
    });
    return booking;
  }
  if (past && roll >= 0.125 && roll < 0.14) {
    // A request the business could not take: declined before anything was paid.
    booking.payments = [];
    booking.amountPaidMinor = 0;
    booking.confirmedAt = null;
    booking.status = "declined";
    booking.feeMinor = 0;
    booking.history.push({
      from: "awaiting_approval",
      to: "declined",
      at: new Date(createdAt.getTime() + 3 * H),
      byAdmin: true,
    });
    return booking;
  }
  if (!started) return booking;
  if (!past) {
    booking.status = "in_progress";
    booking.history.push({ from: "confirmed", to: "in_progress", at: startsAt, byAdmin: true });
    return booking;
  }
  if (roll > 0.965) {
    // Missed: the no-show fee (a share of what the standing booking charged) is kept; money above it goes back.
    const fee = closingFee(moneyOf(booking), "no_show", { noShowFeePercent: policy.noShowFeePercent });
    booking.status = "no_show";
    booking.feeMinor = fee;
    booking.history.push({
      from: "confirmed",
      to: "no_show",
      at: new Date(startsAt.getTime() + H),
      byAdmin: true,
    });
    const over = booking.amountPaidMinor - booking.feeMinor;
    if (over > 0)
      refund(booking, 0, over, "cancellation", "Deposit above the missed-appointment fee.", endsAt);
    return booking;
  }
  return completeJob(rng, booking, now);
}

function takePayment(booking: PlannedBooking, p: PlannedPayment): void {
  booking.payments.push(p);
  booking.amountPaidMinor += p.amountMinor;
}

/** A job done: its notes, now and then a discount, the balance taken (or still owed), rarely goodwill. */
function completeJob(rng: Rng, booking: PlannedBooking, now: Date): PlannedBooking {
  const { startsAt, endsAt } = booking;
  const pay = (p: PlannedPayment) => takePayment(booking, p);
  booking.status = "completed";
  booking.completedAt = new Date(endsAt.getTime() + Math.floor(rng() * 20) * 60_000);
  // Started on arrival, completed when done: the two steps the status table allows.
  booking.history.push(
    { from: "confirmed", to: "in_progress", at: startsAt, byAdmin: true },
    { from: "in_progress", to: "completed", at: booking.completedAt, byAdmin: true },
  );
  booking.jobNotes = chance(rng, 0.5) ? pick(rng, JOB_NOTES) : null;
  if (chance(rng, 0.06)) {
    // A regular's discount, given on the day before the balance was taken.
    const amount = Math.min(1000, bookingMoney(moneyOf(booking)).chargeMinor);
    booking.adjustments.push({
      kind: "discount",
      amountMinor: amount,
      reason: "Loyal customer discount.",
      at: startsAt,
    });
    booking.adjustmentMinor += amount;
  }
  const due = bookingMoney(moneyOf(booking)).dueMinor;
  // A few balances are still owed (the customers and reports screens show them).
  const unpaid = endsAt.getTime() > now.getTime() - 10 * DAY_MS && chance(rng, 0.25);
  if (due > 0 && !unpaid) {
    const method: PaymentMethod = pick(rng, ["card", "card", "cash", "bank_transfer", "online"]);
    pay({
      kind: booking.payments.length ? "balance" : "full",
      provider: method === "online" ? "test" : "manual",
      method,
      amountMinor: due,
      at: booking.completedAt,
    });
  }
  if (!unpaid && chance(rng, 0.03)) {
    // Goodwill: part of the price given back after a complaint (the charge falls by as much).
    const amount = Math.min(1500, bookingMoney(moneyOf(booking)).netPaidMinor);
    const at = new Date(booking.completedAt.getTime() + 2 * DAY_MS);
    if (amount > 0 && at < now)
      refund(
        booking,
        booking.payments.length - 1,
        amount,
        "goodwill",
        "Missed a patch on the tailgate — sorry.",
        at,
      );
  }
  return booking;
}

function cancel(booking: PlannedBooking, at: Date, policy: DemoPolicy, rng: Rng) {
  const decision = policyRefund({
    totalMinor: booking.totalMinor,
    netPaidMinor: bookingMoney(moneyOf(booking)).netPaidMinor,
    startsAt: booking.startsAt,
    now: at,
    freeCancellationHours: policy.freeCancellationHours,
    lateCancellationFeePercent: policy.lateCancellationFeePercent,
  });
  const before = moneyOf(booking);
  booking.status = "cancelled";
  booking.cancelledAt = at;
  booking.cancelledByCustomer = true;
  booking.cancellationReason = pick(rng, CANCEL_REASONS);
  booking.history.push({ from: "confirmed", to: "cancelled", at, byAdmin: false });
  // The fee is read from the booking as it stood, before it closed (closingFee's contract).
  booking.feeMinor = closingFee(before, "cancelled", {
    refundMinor: decision.refundMinor,
    noShowFeePercent: policy.noShowFeePercent,
  });
  if (decision.refundMinor > 0)
    refund(
      booking,
      0,
      decision.refundMinor,
      "cancellation",
      "Cancelled: refund under the cancellation policy.",
      at,
    );
}

function refund(
  booking: PlannedBooking,
  payment: number,
  amountMinor: number,
  reasonKind: PlannedRefund["reasonKind"],
  reason: string,
  at: Date,
) {
  const next = afterRefund(moneyOf(booking), reasonKind, amountMinor);
  booking.refunds.push({ payment, amountMinor, reasonKind, reason, at });
  if (reasonKind === "goodwill" && next.adjustmentMinor > booking.adjustmentMinor)
    booking.adjustments.push({
      kind: "goodwill",
      amountMinor,
      reason,
      at,
      refund: booking.refunds.length - 1,
    });
  booking.amountRefundedMinor = next.amountRefundedMinor;
  booking.adjustmentMinor = next.adjustmentMinor;
  booking.feeMinor = next.feeMinor;
}

/** Two booking requests waiting for the admin's answer (nothing is taken until it is accepted). */
export function addRequestsToApprove(bookings: PlannedBooking[], now: Date) {
  const candidates = bookings.filter(
    (x) => x.status === "confirmed" && !x.reschedule && x.startsAt.getTime() - now.getTime() > 2 * DAY_MS,
  );
  for (const b of candidates.slice(-2)) {
    b.status = "awaiting_approval";
    b.payments = [];
    b.amountPaidMinor = 0;
    b.confirmedAt = null;
    b.createdAt = new Date(now.getTime() - 5 * H);
  }
}

/** One checkout in progress: made a few minutes ago, its time held until the hold lapses. */
export function addPendingPayment(bookings: PlannedBooking[], now: Date) {
  const b = bookings.find(
    (x) =>
      x.status === "confirmed" &&
      x.source === "online" &&
      !x.reschedule &&
      x.startsAt.getTime() - now.getTime() > 4 * DAY_MS,
  );
  if (!b) return;
  b.status = "pending_payment";
  b.payments = [];
  b.amountPaidMinor = 0;
  b.confirmedAt = null;
  b.createdAt = new Date(now.getTime() - 5 * 60_000);
  b.holdExpiresAt = new Date(now.getTime() + 25 * 60_000);
}

export const moneyOf = (b: PlannedBooking) => ({
  status: b.status,
  totalMinor: b.totalMinor,
  adjustmentMinor: b.adjustmentMinor,
  feeMinor: b.feeMinor,
  amountPaidMinor: b.amountPaidMinor,
  amountRefundedMinor: b.amountRefundedMinor,
});

/**
 * Reschedule requests: two open ones on upcoming jobs (each holding its asked-for time), and decided
 * ones in the past — approved (the job already stands at the new time) and declined.
 */
export function addReschedules(
  rng: Rng,
  bookings: PlannedBooking[],
  diary: TeamDiary,
  teams: number,
  now: Date,
  policy: DemoPolicy,
) {
  const upcoming = bookings.filter(
    (b) => b.status === "confirmed" && b.startsAt.getTime() - now.getTime() > 3 * DAY_MS,
  );
  let open = 0;
  for (const b of upcoming) {
    if (open >= 2) break;
    const minutes = (b.endsAt.getTime() - b.startsAt.getTime()) / 60_000;
    const date = addDays(localDateOf(b.startsAt, policy.timeZone), 1);
    const [first] = workingIntervals(date);
    if (!first) continue;
    const start = localToInstant(date, first[0], policy.timeZone) as Date;
    const end = new Date(start.getTime() + minutes * 60_000);
    const team = (b.team + 1) % teams;
    if (first[0] + minutes > first[1] || !diary.fits(team, start, end)) continue;
    diary.add(team, start, end);
    const createdAt = new Date(now.getTime() - (2 + open * 5) * H);
    b.reschedule = {
      status: "pending",
      startsAt: start,
      endsAt: end,
      team,
      reason: open ? "Working from the office that day." : "Could you come the day after instead?",
      adminResponse: null,
      createdAt,
      decidedAt: null,
      expiresAt: new Date(createdAt.getTime() + policy.rescheduleRequestExpiryHours * H),
    };
    open++;
  }
  const done = bookings.filter(
    (b) => b.status === "completed" && b.createdAt.getTime() < b.startsAt.getTime() - 4 * DAY_MS,
  );
  for (let i = 0; i < 6 && done.length; i++) {
    const b = done.splice(Math.floor(rng() * done.length), 1)[0] as PlannedBooking;
    const approved = i % 2 === 0;
    const createdAt = new Date(b.startsAt.getTime() - 3 * DAY_MS);
    const decidedAt = new Date(createdAt.getTime() + 4 * H);
    b.reschedule = {
      status: approved ? "approved" : "declined",
      // Approved: the job moved to the time it now has. Declined: it asked for an hour later that day.
      startsAt: approved ? b.startsAt : new Date(b.startsAt.getTime() + H),
      endsAt: approved ? b.endsAt : new Date(b.endsAt.getTime() + H),
      team: b.team,
      reason: approved ? "Can we make it a little later?" : "Could you come an hour later?",
      adminResponse: approved ? null : "Sorry, the van is fully booked then — your original time stands.",
      createdAt,
      decidedAt,
      expiresAt: new Date(createdAt.getTime() + policy.rescheduleRequestExpiryHours * H),
    };
  }
}

import { formatDateTime } from "@/lib/dates";
import { formatMoney, percentOfFloor } from "@/lib/money";
import { lateCancellationFee } from "@/modules/pricing/domain/quote";
import { hoursInWords } from "@/modules/settings/domain/policy-facts";
import { freeCancellationEndsAt, isFreeCancellation } from "@/lib/booking/booking-money";
import { reminderPlan } from "./reminder-plan";

// What the wizard, the result pages and the booking's emails promise about one booking (issue 27 #4),
// computed for it and for now — never the bare policy numbers. A booking made 17 hours ahead under a
// 24-hour free window is already inside it: it is told the fee in money before it pays, and no "free up
// to 24 hours before". A booking whose time was chosen inside the reminder lead time gets no reminder
// (domain/reminder-plan.ts, ADR 0027), so none is promised; nor to a customer who turned reminders off.
//
// The rules are the ones the use cases apply: the free window is `isFreeCancellation` (the cancel use
// cases' `policyRefund` reads it too), the fee is pricing's `lateCancellationFee` on the booking's charge
// and what is paid, and the reminder's instant is `reminderPlan`'s.

export type PromiseSettings = {
  freeCancellationHours: number;
  lateCancellationFeePercent: number;
  reminderLeadHours: number;
  timeZone: string;
  currency: string;
};

export type PromiseBooking = {
  startsAt: Date;
  /** The price the fee is a share of: the booking's charge (its total before anything is taken off). */
  chargeMinor: number;
  /** What the customer has paid, or pays now to book (the deposit or the full price; 0 on the day). */
  paidMinor: number;
  /** When its time was chosen (made or moved); `now` for a booking being made. */
  chosenAt?: Date;
  /** The customer keeps reminder emails on (false: no reminder is sent, so none is promised). */
  remindersOn?: boolean;
  /** On the customer's account (ADR 0051): a late fee is invoiced rather than kept from money paid. */
  onAccount?: boolean;
};

export type BookingPromises = {
  cancellation: {
    /** The fee is 0 whenever it is cancelled (no late fee set, or nothing paid that could be kept). */
    neverCosts: boolean;
    /** Already inside the free-cancellation window: cancelling now costs `feeNowMinor`. */
    insideFreeWindow: boolean;
    /** The last instant at which cancelling is free; null once it has passed. */
    freeUntil: Date | null;
    /** "Tue 8 Dec, 09:30 GMT" in the business's time zone; null once it has passed. */
    freeUntilText: string | null;
    /** What cancelling now keeps. */
    feeNowMinor: number;
    /** What cancelling after the free window keeps. */
    lateFeeMinor: number;
  };
  /** The reminder email with its site checklist, when one will be sent; null when none will. */
  reminder: { at: Date; atText: string } | null;
};

export function bookingPromises(b: PromiseBooking, s: PromiseSettings, now: Date): BookingPromises {
  const lateFeeMinor = lateCancellationFee(b.chargeMinor, s.lateCancellationFeePercent, b.paidMinor, {
    onAccount: b.onAccount,
  });
  const inside = !isFreeCancellation(b.startsAt, now, s.freeCancellationHours);
  const ends = freeCancellationEndsAt(b.startsAt, s.freeCancellationHours);
  const plan = reminderPlan({
    startsAt: b.startsAt,
    chosenAt: b.chosenAt ?? now,
    leadHours: s.reminderLeadHours,
    timeZone: s.timeZone,
    now,
  });
  return {
    cancellation: {
      neverCosts: lateFeeMinor === 0,
      insideFreeWindow: inside,
      freeUntil: inside ? null : ends,
      freeUntilText: inside ? null : formatDateTime(ends, s.timeZone),
      feeNowMinor: inside ? lateFeeMinor : 0,
      lateFeeMinor,
    },
    reminder:
      plan.state === "planned" && b.remindersOn !== false
        ? { at: plan.dueAt, atText: formatDateTime(plan.dueAt, s.timeZone) }
        : null,
  };
}

/**
 * The cancellation promise in words, for this booking. `when` says whether it is read before booking
 * ("if you cancel after booking") or after ("if you cancel now").
 */
export function cancellationPromiseSentence(
  p: BookingPromises,
  s: PromiseSettings,
  b: Pick<PromiseBooking, "chargeMinor" | "paidMinor">,
  when: "before_booking" | "booked",
): string {
  const money = (m: number) => formatMoney(m, s.currency);
  const window = hoursInWords(s.freeCancellationHours);
  const c = p.cancellation;
  if (s.lateCancellationFeePercent === 0)
    return `You can cancel at any time at no charge; please give us as much notice as you can.`;
  if (c.neverCosts)
    return c.insideFreeWindow
      ? `This booking starts within ${window}, the free-cancellation window, but nothing is paid before the day, so cancelling costs nothing — please tell us as soon as you can.`
      : `Cancel free of charge until ${c.freeUntilText} (${window} before the start). Nothing is paid before the day, so cancelling later costs nothing either — but please give us as much notice as you can.`;
  const what =
    c.lateFeeMinor === b.paidMinor &&
    c.lateFeeMinor < percentOfFloor(b.chargeMinor, s.lateCancellationFeePercent)
      ? `${money(c.lateFeeMinor)}: the ${when === "before_booking" ? "deposit you pay now" : "deposit you paid"} is kept`
      : `${money(c.lateFeeMinor)} (${s.lateCancellationFeePercent}% of ${money(b.chargeMinor)})${
          b.paidMinor - c.lateFeeMinor > 0
            ? ` and the other ${money(b.paidMinor - c.lateFeeMinor)} you ${when === "before_booking" ? "pay" : "paid"} is refunded`
            : ""
        }`;
  if (c.insideFreeWindow)
    return when === "before_booking"
      ? `This booking starts within ${window}, so free cancellation has already ended: if you cancel after booking, it costs ${what}.`
      : `This booking starts within ${window}, so free cancellation has ended: cancelling now costs ${what}.`;
  return `Cancel free of charge until ${c.freeUntilText} (${window} before the start). Later than that, cancelling costs ${what}.`;
}

/** The reminder promise in words, or null when no reminder will be sent (so nothing is promised). */
export function reminderPromiseSentence(p: BookingPromises): string | null {
  return p.reminder ? `We'll email you a reminder with a site checklist on ${p.reminder.atText}.` : null;
}

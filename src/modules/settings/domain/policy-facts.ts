import type { PaymentMode } from "@/lib/enums";

// The numbers the booking rules enforce, in words. The policy pages and (later) the booking review
// step render these, so text and behaviour can never disagree.

export type PolicySettings = {
  paymentMode: PaymentMode;
  depositPercent: number;
  freeCancellationHours: number;
  lateCancellationFeePercent: number;
  rescheduleCutoffHours: number;
  minNoticeMinutes: number;
  horizonDays: number;
  holdMinutes: number;
  approvalRequired: boolean;
  reminderLeadHours: number;
  timeZone: string;
};

export function hoursInWords(hours: number): string {
  if (hours % 24 === 0 && hours >= 48) return `${hours / 24} days`;
  if (hours === 24) return "24 hours";
  return hours === 1 ? "1 hour" : `${hours} hours`;
}

export function minutesInWords(minutes: number): string {
  if (minutes % 60 === 0) return hoursInWords(minutes / 60);
  if (minutes < 60) return `${minutes} minutes`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

export function paymentSentence(s: PolicySettings): string {
  switch (s.paymentMode) {
    case "full":
      return "You pay the full price online when you book.";
    case "deposit":
      return `You pay a deposit of ${s.depositPercent}% of the total online when you book (rounded up to the penny); the balance is due on the day.`;
    case "on_the_day":
      return "Nothing is taken online: you pay on the day, once the work is done.";
  }
}

/**
 * How the visits of a repeat booking are paid (issue 40 §5, ADR 0052): each is held without a payment
 * online (no saved card), so under a deposit or full-payment policy they are paid on the day — said plainly
 * on the policy page, the repeat-booking panel and its emails.
 */
export function seriesPaymentSentence(s: Pick<PolicySettings, "paymentMode">): string {
  return s.paymentMode === "on_the_day"
    ? "Each visit of a repeat booking is paid on the day, like any booking."
    : `With a repeat booking, every visit after the first is held for you without ${s.paymentMode === "deposit" ? "a deposit" : "paying"} online and is paid on the day (or online from its booking page before then).`;
}

export function cancellationSentence(s: PolicySettings): string {
  const window = hoursInWords(s.freeCancellationHours);
  if (s.lateCancellationFeePercent === 0) {
    return `You can cancel at any time at no charge; please give us at least ${window}' notice if you can.`;
  }
  return `Cancel free of charge up to ${window} before your appointment. Later than that, a fee of ${s.lateCancellationFeePercent}% of the booking total applies — never more than you have already paid, except on a business account, where nothing is paid before the day and the fee goes on the account. A booking made less than ${window} ahead is inside that time from the start: we show you its fee before you book.`;
}

/** What a missed appointment costs (the no-show fee), or null when it costs nothing. */
export function missedSentence(s: { noShowFeePercent: number }): string | null {
  if (s.noShowFeePercent === 0) return null;
  return `If we arrive and can't do the job — no one there, or no access to the vehicle — the appointment counts as missed and ${s.noShowFeePercent}% of the booking total is charged.`;
}

export function rescheduleSentence(s: PolicySettings): string {
  return `You can ask to move a booking up to ${hoursInWords(s.rescheduleCutoffHours)} before it starts; we hold the new time for you while we confirm it.`;
}

export function noticeSentence(s: PolicySettings): string {
  return `Bookings open ${s.horizonDays} days ahead and close ${minutesInWords(s.minNoticeMinutes)} before the start time.`;
}

export function holdSentence(s: PolicySettings): string | null {
  if (s.paymentMode === "on_the_day") return null;
  return `When you book, your time is held for ${minutesInWords(s.holdMinutes)} while you pay; if payment is not completed by then, the time is released.`;
}

export function approvalSentence(s: PolicySettings): string | null {
  return s.approvalRequired
    ? "Each booking is confirmed by our team; you will receive an email as soon as it is approved."
    : null;
}

import { formatMoney } from "@/lib/money";
import { hoursInWords } from "@/modules/settings/domain/policy-facts";
import { policyRefund } from "@/modules/payments/domain/money";
import { splitRefund } from "@/modules/payments/domain/refund-plan";

// What a customer cancelling their own booking gets back, decided once so that the confirm dialog, the
// use case (which refuses when the answer changed since it was shown) and the email agree: the policy's
// refund, split across the payments newest first as every refund is — online money goes back through its
// provider, money the business took itself (cash, card terminal, bank) is handed back by the business.

export type CancelPayment = { provider: "stripe" | "test" | "manual"; refundableMinor: number };

export type CustomerCancelOutcome = {
  /** Paid, net of refunds. */
  paidMinor: number;
  /** What the policy gives back. */
  refundMinor: number;
  /** The late fee kept (0 inside the free window). */
  feeMinor: number;
  free: boolean;
  /** Of the refund: back through the payment provider, and handed back by the business. */
  onlineMinor: number;
  handBackMinor: number;
  /** "You paid £14.00. Cancelling now is free: £14.00 goes back to your card." */
  sentence: string;
};

export function customerCancelOutcome(input: {
  payments: readonly CancelPayment[];
  totalMinor: number;
  currency: string;
  startsAt: Date;
  now: Date;
  freeCancellationHours: number;
  lateCancellationFeePercent: number;
  businessName: string;
  /** On account: "28 December 2026", the day the account's invoices are due; null when paying as booked. */
  payBy?: string | null;
}): CustomerCancelOutcome {
  const paidMinor = input.payments.reduce((s, p) => s + p.refundableMinor, 0);
  const policy = policyRefund({ ...input, netPaidMinor: paidMinor, onAccount: Boolean(input.payBy) });
  const parts = splitRefund(input.payments, policy.refundMinor);
  const handBackMinor = parts
    .filter((p) => p.payment.provider === "manual")
    .reduce((s, p) => s + p.amountMinor, 0);
  const onlineMinor = policy.refundMinor - handBackMinor;
  const money = (m: number) => formatMoney(m, input.currency);
  const window = hoursInWords(input.freeCancellationHours);
  const back = [
    onlineMinor > 0 ? `${money(onlineMinor)} goes back to your card` : null,
    handBackMinor > 0
      ? `${input.businessName} will hand back the ${money(handBackMinor)} you paid them directly`
      : null,
  ]
    .filter(Boolean)
    .join(", and ");
  let sentence: string;
  if (policy.feeOwedMinor > 0)
    sentence = `You are cancelling within ${window} of the start: the late-cancellation fee of ${money(policy.feeMinor)} goes on your account, to pay by ${input.payBy}${policy.refundMinor > 0 ? `; ${back}` : ""}.`;
  else if (paidMinor === 0)
    sentence = policy.free
      ? "Nothing has been paid, so cancelling costs nothing."
      : `You are cancelling within ${window} of the start, but nothing has been paid, so it costs nothing.`;
  else if (policy.free) sentence = `You paid ${money(paidMinor)}. Cancelling now is free: ${back}.`;
  else if (policy.refundMinor === 0)
    sentence = `You paid ${money(paidMinor)}. You are cancelling within ${window} of the start: the fee is ${money(policy.feeMinor)}, nothing is refunded.`;
  else
    sentence = `You paid ${money(paidMinor)}. You are cancelling within ${window} of the start: the fee is ${money(policy.feeMinor)}; ${back}.`;
  return { paidMinor, ...policy, onlineMinor, handBackMinor, sentence };
}

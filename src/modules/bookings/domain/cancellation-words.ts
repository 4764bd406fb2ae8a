import { formatMoney, percentOfFloor } from "@/lib/money";
import { lateCancellationFee } from "@/modules/pricing/domain/quote";
import {
  cancellationSentence,
  hoursInWords,
  type PolicySettings,
} from "@/modules/settings/domain/policy-facts";

// The cancellation rule in this booking's money, for the wizard's last step: "late cancellation costs
// £14.00, the deposit" rather than a bare "50% — never more than you have paid" beside a 20% deposit.

export function bookingCancellationSentence(
  s: PolicySettings & { currency: string },
  totalMinor: number,
  paidNowMinor: number,
): string {
  if (s.lateCancellationFeePercent === 0) return cancellationSentence(s);
  const money = (m: number) => formatMoney(m, s.currency);
  const window = hoursInWords(s.freeCancellationHours);
  const fee = lateCancellationFee(totalMinor, s.lateCancellationFeePercent, paidNowMinor);
  const free = `Cancel free of charge up to ${window} before your appointment.`;
  if (fee === 0)
    return `${free} Nothing is paid before the day, so cancelling later costs nothing — but please give us as much notice as you can.`;
  if (fee === paidNowMinor && fee < percentOfFloor(totalMinor, s.lateCancellationFeePercent))
    return `${free} Later than that, cancelling costs ${money(fee)}: the deposit you pay now is kept.`;
  const refund = paidNowMinor - fee;
  return `${free} Later than that, cancelling costs ${money(fee)} (${s.lateCancellationFeePercent}% of ${money(totalMinor)})${refund > 0 ? ` and the other ${money(refund)} you paid is refunded` : ""}.`;
}

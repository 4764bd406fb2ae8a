import { type BookingMoney, bookingMoney, paymentStatusLabel } from "@/lib/booking/booking-money";
import type { BookingStatus } from "@/lib/enums";

/** The money columns of a bookings-table row (AdminBookingRow). */
export type RowMoneyColumns = {
  status: BookingStatus;
  currency: string;
  totalMinor: number;
  adjustmentMinor: number;
  feeMinor: number | null;
  paidMinor: number;
  refundedMinor: number;
};

/** A row's money, by the one definition (ADR 0040). */
export const rowMoney = (r: RowMoneyColumns): BookingMoney =>
  bookingMoney({ ...r, amountPaidMinor: r.paidMinor, amountRefundedMinor: r.refundedMinor });

/** The row's payment chip and CSV cell: its money state in words ("Fee kept £6.00"). */
export const rowMoneyLabel = (r: RowMoneyColumns): string => paymentStatusLabel(rowMoney(r), r.currency);

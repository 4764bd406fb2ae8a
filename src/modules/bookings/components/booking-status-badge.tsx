import type { BookingStatus } from "@/lib/enums";
import type { BookingPaymentStatus } from "@/modules/bookings/domain/payment-status";

// One badge per state, the same colour for the same state everywhere, and always the words too.

const STATUS_TONE: Record<BookingStatus, string> = {
  pending_payment: "bg-warning-soft text-warning",
  awaiting_approval: "bg-info-soft text-info",
  confirmed: "bg-success-soft text-success",
  in_progress: "bg-info-soft text-info",
  completed: "bg-brand-soft text-brand-ink",
  cancelled: "bg-line text-ink-muted",
  declined: "bg-danger-soft text-danger",
  expired: "bg-line text-ink-muted",
  no_show: "bg-danger-soft text-danger",
};

const PAYMENT_TONE: Record<BookingPaymentStatus, string> = {
  unpaid: "bg-line text-ink-muted",
  deposit_paid: "bg-info-soft text-info",
  paid: "bg-success-soft text-success",
  partially_refunded: "bg-warning-soft text-warning",
  refunded: "bg-line text-ink-muted",
};

const base = "inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold";

export function BookingStatusBadge({ status, label }: { status: BookingStatus; label: string }) {
  return <span className={`${base} ${STATUS_TONE[status]}`}>{label}</span>;
}

export function PaymentStatusBadge({ status, label }: { status: BookingPaymentStatus; label: string }) {
  return <span className={`${base} ${PAYMENT_TONE[status]}`}>{label}</span>;
}

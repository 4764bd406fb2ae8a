import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { BookingStatus } from "@/lib/enums";
import type { BookingPaymentStatus } from "@/modules/bookings/domain/booking-money";

// One badge per state, the same tone for the same state everywhere, and always the words too.

const STATUS_TONE: Record<BookingStatus, BadgeTone> = {
  pending_payment: "warning",
  awaiting_approval: "info",
  confirmed: "success",
  in_progress: "info",
  completed: "brand",
  cancelled: "neutral",
  declined: "danger",
  expired: "neutral",
  no_show: "danger",
};

const PAYMENT_TONE: Record<BookingPaymentStatus, BadgeTone> = {
  unpaid: "neutral",
  deposit_paid: "info",
  paid: "success",
  partially_refunded: "warning",
  refunded: "neutral",
};

export function BookingStatusBadge({ status, label }: { status: BookingStatus; label: string }) {
  return <Badge tone={STATUS_TONE[status]}>{label}</Badge>;
}

export function PaymentStatusBadge({ status, label }: { status: BookingPaymentStatus; label: string }) {
  return <Badge tone={PAYMENT_TONE[status]}>{label}</Badge>;
}

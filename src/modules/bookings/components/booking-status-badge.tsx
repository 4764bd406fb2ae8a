import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { BookingStatus } from "@/lib/enums";
import type { MoneyState } from "@/lib/booking/booking-money";

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

const PAYMENT_TONE: Record<MoneyState, BadgeTone> = {
  unpaid: "neutral",
  deposit_paid: "info",
  paid: "success",
  partially_refunded: "warning",
  refunded: "neutral",
  refund_due: "warning",
  fee_due: "danger",
  fee_kept: "neutral",
  nothing_paid: "neutral",
};

export function BookingStatusBadge({ status, label }: { status: BookingStatus; label: string }) {
  return <Badge tone={STATUS_TONE[status]}>{label}</Badge>;
}

/** A booking's money state (moneyStateOf) and its words (paymentStatusLabel). */
export function PaymentStatusBadge({ status, label }: { status: MoneyState; label: string }) {
  return <Badge tone={PAYMENT_TONE[status]}>{label}</Badge>;
}

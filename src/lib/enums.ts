// The single source of every status, role, kind and provider. The database enums
// (src/server/db/schema/enums.ts) and the domain unions are both built from these tuples.

export const USER_ROLES = ["customer", "admin", "staff"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** A role read from a session or an auth response: one the product knows, else the least one (customer). */
export const asUserRole = (role: unknown): UserRole =>
  (USER_ROLES as readonly unknown[]).includes(role) ? (role as UserRole) : "customer";

export const SERVICE_KINDS = ["package", "addon"] as const;
export type ServiceKind = (typeof SERVICE_KINDS)[number];

export const BOOKING_STATUSES = [
  "pending_payment",
  "awaiting_approval",
  "confirmed",
  "in_progress",
  "completed",
  "cancelled",
  "declined",
  "expired",
  "no_show",
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number];

export const BOOKING_SOURCES = ["online", "admin"] as const;
export type BookingSource = (typeof BOOKING_SOURCES)[number];

export const BOOKING_ITEM_KINDS = ["package", "addon", "travel_fee", "discount"] as const;
export type BookingItemKind = (typeof BOOKING_ITEM_KINDS)[number];

export const BOOKING_EVENT_TYPES = [
  "created",
  "status_changed",
  "payment",
  "refund",
  "rescheduled",
  "team_changed",
  "note",
  "email_sent",
  "reschedule_requested",
  "reschedule_decided",
  "site_check",
  "time_freed",
] as const;
export type BookingEventType = (typeof BOOKING_EVENT_TYPES)[number];

/**
 * "This time is taken" (ADR 0043), the one definition every screen and query reads: a booking takes its
 * team's time from the moment it is held until it is over, and keeps it once it has happened — a job in
 * progress, completed or missed stays on the calendar, and completing one never frees time. Only the
 * bookings that will not happen (cancelled, declined, expired) give their time back. The schedule
 * calendar, the live board, Today, the slot engine and the overlap guard (through the allocation that
 * mirrors the booking) all read this list.
 */
export const TIME_TAKING_STATUSES = [
  "pending_payment",
  "awaiting_approval",
  "confirmed",
  "in_progress",
  "completed",
  "no_show",
] as const satisfies readonly BookingStatus[];
export type TimeTakingStatus = (typeof TIME_TAKING_STATUSES)[number];

export function takesTime(status: BookingStatus): status is TimeTakingStatus {
  return (TIME_TAKING_STATUSES as readonly BookingStatus[]).includes(status);
}

/** Still to happen or happening now: a booking that keeps its customer's account from being deleted. */
export const LIVE_STATUSES = [
  "pending_payment",
  "awaiting_approval",
  "confirmed",
  "in_progress",
] as const satisfies readonly BookingStatus[];

/** A series' visit that stands as its pattern (the visit later ones copy): confirmed, or done. */
export const SERIES_PATTERN_STATUSES = ["confirmed", "completed"] as const satisfies readonly BookingStatus[];

/** A series' visit still standing ahead, whose page carries the series' panel. */
export const SERIES_STANDING_STATUSES = [
  "confirmed",
  "awaiting_approval",
] as const satisfies readonly BookingStatus[];

/** On the customer's calendar (the page offers its calendar file): booked and not yet over. */
export const ON_THE_CALENDAR_STATUSES = [
  "awaiting_approval",
  "confirmed",
  "in_progress",
] as const satisfies readonly BookingStatus[];

// Allocations are the rows the overlap guard looks at. A row holds its team's time while its status is
// one of ALLOCATION_HOLDING_STATUSES; releasing time is a status change, never a delete or a clock. A
// booking's allocation mirrors its status while the booking takes time (the statuses above, same names),
// so the guard's SQL function allocation_holds_time (migration 0028) and this list say the same thing.
/**
 * How a visit over several days runs (issue 40 §2, ADR 0056): a mobile team comes back each day, or the
 * vehicle stays with the business from drop-off to collection. Chosen per service, kept on the booking.
 */
export const VISIT_MODES = ["mobile", "drop_off"] as const;
export type VisitMode = (typeof VISIT_MODES)[number];

export const ALLOCATION_KINDS = ["booking", "reschedule_hold", "block"] as const;
export type AllocationKind = (typeof ALLOCATION_KINDS)[number];

export const ALLOCATION_STATUSES = [
  "pending_payment",
  "awaiting_approval",
  "confirmed",
  "in_progress",
  "pending_reschedule",
  "block",
  "expired",
  "released",
  "completed",
  "no_show",
] as const;
export type AllocationStatus = (typeof ALLOCATION_STATUSES)[number];
export const ALLOCATION_HOLDING_STATUSES = [
  ...TIME_TAKING_STATUSES,
  "pending_reschedule",
  "block",
] as const satisfies readonly AllocationStatus[];

/** Done jobs: they keep their time, and the calendar shows them as done. */
export const ALLOCATION_DONE_STATUSES = [
  "completed",
  "no_show",
] as const satisfies readonly AllocationStatus[];

export const RESCHEDULE_STATUSES = ["pending", "approved", "declined", "withdrawn", "expired"] as const;
export type RescheduleStatus = (typeof RESCHEDULE_STATUSES)[number];

/** A weather-day booking's answer: it took one of the offered times, or asked for another time. */
export const WEATHER_ANSWERS = ["accepted", "asked_another"] as const;
export type WeatherAnswer = (typeof WEATHER_ANSWERS)[number];

export const PAYMENT_PROVIDERS = ["stripe", "test", "manual"] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

export const PAYMENT_KINDS = ["deposit", "full", "balance"] as const;
export type PaymentKind = (typeof PAYMENT_KINDS)[number];

export const PAYMENT_METHODS = ["online", "cash", "card", "bank_transfer"] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const PAYMENT_STATUSES = ["pending", "succeeded", "failed", "cancelled"] as const;
export type PaymentStatus = (typeof PAYMENT_STATUSES)[number];

export const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/**
 * Why money went back (ADR 0040): because of a cancellation (it follows from the closed booking's fee),
 * goodwill or a price adjustment (it lowers the charge, so it never creates a debt), or an overpayment
 * (money above the charge going back).
 */
export const REFUND_REASONS = ["cancellation", "goodwill", "overpayment"] as const;
export type RefundReason = (typeof REFUND_REASONS)[number];

/** A change to a standing booking's price: a discount given by the business, or a goodwill refund. */
export const ADJUSTMENT_KINDS = ["discount", "goodwill"] as const;
export type AdjustmentKind = (typeof ADJUSTMENT_KINDS)[number];

/** The documents a VAT-registered business issues: invoices and the credit notes that reference them. */
export const TAX_DOCUMENT_KINDS = ["invoice", "credit_note"] as const;
export type TaxDocumentKind = (typeof TAX_DOCUMENT_KINDS)[number];

export const PAYMENT_MODES = ["full", "deposit", "on_the_day"] as const;
export type PaymentMode = (typeof PAYMENT_MODES)[number];

// `logged`: no SMTP transport is configured, so the message was written to the log (and is visible
// to the admin) instead of being sent.
export const EMAIL_STATUSES = ["queued", "sending", "sent", "failed", "logged"] as const;
export type EmailStatus = (typeof EMAIL_STATUSES)[number];

export const UPLOAD_PURPOSES = ["service_image", "vehicle_photo", "job_photo"] as const;
export type UploadPurpose = (typeof UPLOAD_PURPOSES)[number];

// Who may see a live event: every admin, or one user.
export const AUDIENCES = ["admins", "user"] as const;
export type Audience = (typeof AUDIENCES)[number];

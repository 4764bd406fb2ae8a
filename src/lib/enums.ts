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

// The named sets of booking statuses: each rule is written here once, and every screen, query and
// use case reads it (issue 42 §4; tests/unit/status-set-guard.test.ts fails on a list spelled out
// elsewhere in src/). In SQL they are written from these lists (src/server/db/time-taken.ts).

/**
 * Upcoming: not begun, and going to happen unless it lapses or is called off — a hold waiting for payment,
 * a request waiting for approval, a confirmed job. A customer's next booking and the ones a deactivation
 * keeps or cancels, a booking that may still be moved, a site check still to answer.
 */
export const UPCOMING_STATUSES = [
  "pending_payment",
  "awaiting_approval",
  "confirmed",
] as const satisfies readonly BookingStatus[];

/**
 * Live: still to happen or happening now (upcoming, or in progress). Keeps an account from being deleted,
 * counts as "booked again" for a maintenance reminder, is a series' visit ahead, a job Today may call next,
 * and ends a booking's transition hooks when it leaves it.
 */
export const LIVE_STATUSES = [
  ...UPCOMING_STATUSES,
  "in_progress",
] as const satisfies readonly BookingStatus[];

/**
 * Standing ahead: booked and not begun, and not a hold that may lapse — what a customer may cancel, what
 * ending a series cancels, a series' visit whose page carries the series' panel.
 */
export const STANDING_STATUSES = [
  "confirmed",
  "awaiting_approval",
] as const satisfies readonly BookingStatus[];

/** A series' visit that stands as its pattern (the visit later ones copy): confirmed, or done. */
export const SERIES_PATTERN_STATUSES = ["confirmed", "completed"] as const satisfies readonly BookingStatus[];

/** On the customer's calendar (the pages offer its calendar file): booked and not yet over. */
export const ON_THE_CALENDAR_STATUSES = [
  "awaiting_approval",
  "confirmed",
  "in_progress",
] as const satisfies readonly BookingStatus[];

/**
 * A job on: confirmed, being done or done (not missed) — its balance may be paid online or taken by the
 * technician, its crew and notes recorded, its photos taken.
 */
export const WORK_STATUSES = [
  "confirmed",
  "in_progress",
  "completed",
] as const satisfies readonly BookingStatus[];

/** A job not yet finished: its technicians may still change its photos. */
export const OPEN_JOB_STATUSES = ["confirmed", "in_progress"] as const satisfies readonly BookingStatus[];

/** The crew's own steps on a job (who started it, who completed it). */
export const WORK_STEP_STATUSES = ["in_progress", "completed"] as const satisfies readonly BookingStatus[];

/** Done jobs: completed or missed. They keep their time, and the calendar shows them as done. */
export const DONE_STATUSES = ["completed", "no_show"] as const satisfies readonly BookingStatus[];

/** Terminal: no transition leaves them (the spec's §3.1; booking-status.ts's table agrees, tested). */
export const TERMINAL_STATUSES = [
  "completed",
  "cancelled",
  "declined",
  "expired",
  "no_show",
] as const satisfies readonly BookingStatus[];

/** Called off: will not happen, and gave its time back (everything TIME_TAKING_STATUSES leaves out). */
export const CALLED_OFF_STATUSES = [
  "cancelled",
  "declined",
  "expired",
] as const satisfies readonly BookingStatus[];

/** Never became a booking: a request declined, or a hold that lapsed (the rates count the rest). */
export const NEVER_BOOKED_STATUSES = ["declined", "expired"] as const satisfies readonly BookingStatus[];

/** Not taken on by the business yet: a hold waiting for payment or a request waiting for approval. */
export const NOT_TAKEN_ON_STATUSES = [
  "pending_payment",
  "awaiting_approval",
] as const satisfies readonly BookingStatus[];

/** A deposit Today chases before the job: a hold waiting for its payment, or a confirmed job. */
export const DEPOSIT_CHASED_STATUSES = [
  "pending_payment",
  "confirmed",
] as const satisfies readonly BookingStatus[];

/**
 * A price that may be lowered (a discount or goodwill): the booking stands and the business settles its
 * money. Not a hold waiting for its checkout (the checkout asks for the amount it was opened with).
 */
export const ADJUSTABLE_STATUSES = [
  "awaiting_approval",
  "confirmed",
  "in_progress",
  "completed",
] as const satisfies readonly BookingStatus[];

/**
 * Booked revenue (ADR 0022): the bookings that stand and the business has taken on — confirmed, in
 * progress, completed, missed — each at its charge (ADR 0040). In SQL booking_is_booked_revenue (migration
 * 0026), which a test compares with this.
 */
export const BOOKED_REVENUE_STATUSES = [
  "confirmed",
  "in_progress",
  "completed",
  "no_show",
] as const satisfies readonly BookingStatus[];

/** A closed booking whose charge is its fee (ADR 0040, lib/booking/booking-money.ts's closingFee). */
export const CLOSED_MONEY_STATUSES = [
  "cancelled",
  "declined",
  "expired",
  "no_show",
] as const satisfies readonly BookingStatus[];

/** A due that is the customer's debt (ADR 0040): a job that stands, or a cancelled booking's unpaid fee. */
export const OWING_STATUSES = [
  "confirmed",
  "in_progress",
  "completed",
  "no_show",
  "cancelled",
] as const satisfies readonly BookingStatus[];

/** The bookings whose money kept is a fee: cancelled or missed (the status report's "fees kept"). */
export const FEE_KEPT_STATUSES = ["cancelled", "no_show"] as const satisfies readonly BookingStatus[];

/** Whether a status is one of a named set (the sets are tuples of literals; this reads any of them). */
export const isIn = (set: readonly BookingStatus[], status: BookingStatus | string): boolean =>
  (set as readonly string[]).includes(status);

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

/** Done jobs' allocations: they mirror DONE_STATUSES. */
export const ALLOCATION_DONE_STATUSES = DONE_STATUSES satisfies readonly AllocationStatus[];

/** A hold that lapses at its hold_expires_at: a booking's waiting for payment, or a reschedule's. */
export const ALLOCATION_HOLD_STATUSES = [
  "pending_payment",
  "pending_reschedule",
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

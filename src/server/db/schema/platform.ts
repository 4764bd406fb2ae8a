import { sql } from "drizzle-orm";
import {
  bigserial,
  boolean,
  char,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { bookings } from "./bookings";
import { createdAt, currencyCode, id, instant, updatedAt } from "./columns";
import { emailStatus, eventAudience, paymentMode, uploadPurpose } from "./enums";

export type PolicyTexts = {
  bookingPolicyIntro: string;
  privacyIntro: string;
  termsIntro: string;
  extraTerms: string;
};

/** One typed row (id = 1). Every rule the code enforces is read from here, and so are the policy pages. */
// @owner settings
export const settings = pgTable(
  "settings",
  {
    id: integer("id").primaryKey().default(1),
    businessName: text("business_name").notNull(),
    legalName: text("legal_name").notNull().default(""),
    contactEmail: text("contact_email").notNull(),
    contactPhone: text("contact_phone").notNull(),
    baseAddress: text("base_address").notNull(),
    country: char("country", { length: 2 }).notNull().default("GB"),
    timeZone: text("time_zone").notNull().default("Europe/London"),
    // Whose public holidays close the business (ADR 0054): a region of the country, e.g. "GB-ENG"
    // (England and Wales), "GB-SCT", "GB-NIR"; "none" keeps no holidays.
    holidayRegion: text("holiday_region").notNull().default("GB-ENG"),
    currency: currencyCode().default("GBP"),
    slotIntervalMinutes: integer("slot_interval_minutes").notNull().default(30),
    minNoticeMinutes: integer("min_notice_minutes").notNull().default(720),
    horizonDays: integer("horizon_days").notNull().default(60),
    bufferMinutes: integer("buffer_minutes").notNull().default(30),
    holdMinutes: integer("hold_minutes").notNull().default(30),
    approvalRequired: boolean("approval_required").notNull().default(false),
    paymentMode: paymentMode("payment_mode").notNull().default("full"),
    depositPercent: integer("deposit_percent").notNull().default(20),
    freeCancellationHours: integer("free_cancellation_hours").notNull().default(24),
    lateCancellationFeePercent: integer("late_cancellation_fee_percent").notNull().default(50),
    // A missed booking (no-show) charges this share of its price (ADR 0040): 100 = the full price.
    noShowFeePercent: integer("no_show_fee_percent").notNull().default(100),
    // VAT (ADR 0040): when registered, receipts are VAT invoices and refunds after them credit notes.
    vatRegistered: boolean("vat_registered").notNull().default(false),
    vatNumber: text("vat_number").notNull().default(""),
    /** The standard rate in basis points: 2000 = 20%. */
    vatRateBp: integer("vat_rate_bp").notNull().default(2000),
    pricesIncludeVat: boolean("prices_include_vat").notNull().default(true),
    rescheduleCutoffHours: integer("reschedule_cutoff_hours").notNull().default(24),
    // A pending reschedule request (and the time it holds) lapses after this long unanswered, or at the
    // cut-off before the booking's start, whichever is earlier.
    rescheduleRequestExpiryHours: integer("reschedule_request_expiry_hours").notNull().default(48),
    reminderLeadHours: integer("reminder_lead_hours").notNull().default(24),
    // A job may be started from this long before its start (ADR 0043); earlier needs a reason, audited.
    startLeadMinutes: integer("start_lead_minutes").notNull().default(60),
    // Several vehicles in one visit (ADR 0050): at most this many per booking, and the bundle rule — off
    // the second vehicle's work, off each later one's, and minutes saved per vehicle after the first.
    maxVehiclesPerBooking: integer("max_vehicles_per_booking").notNull().default(5),
    bundleSecondVehiclePercent: integer("bundle_second_vehicle_percent").notNull().default(0),
    bundleLaterVehiclePercent: integer("bundle_later_vehicle_percent").notNull().default(0),
    bundleMinutesSavedPerExtraVehicle: integer("bundle_minutes_saved_per_extra_vehicle").notNull().default(0),
    adminNotificationEmail: text("admin_notification_email"),
    // Which alerts the business gets at that address (problems that need it to act are always sent).
    alertNewBookings: boolean("alert_new_bookings").notNull().default(true),
    alertCancellations: boolean("alert_cancellations").notNull().default(true),
    alertPayments: boolean("alert_payments").notNull().default(true),
    alertRefunds: boolean("alert_refunds").notNull().default(true),
    // The display name on outgoing emails (the address is EMAIL_FROM's, which the mail relay accepts)
    // and where replies go; null = the business's name and contact email.
    emailSenderName: text("email_sender_name"),
    emailReplyTo: text("email_reply_to"),
    policyTexts: jsonb("policy_texts").$type<PolicyTexts>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check("settings_singleton", sql`${t.id} = 1`),
    check(
      "settings_percentages",
      sql`${t.depositPercent} BETWEEN 1 AND 100 AND ${t.lateCancellationFeePercent} BETWEEN 0 AND 100 AND ${t.noShowFeePercent} BETWEEN 0 AND 100 AND ${t.vatRateBp} BETWEEN 0 AND 10000`,
    ),
    check("settings_interval", sql`${t.slotIntervalMinutes} BETWEEN 5 AND 240`),
    check("settings_start_lead", sql`${t.startLeadMinutes} BETWEEN 0 AND 1440`),
    check(
      "settings_vehicles",
      sql`${t.maxVehiclesPerBooking} BETWEEN 1 AND 20 AND ${t.bundleSecondVehiclePercent} BETWEEN 0 AND 100 AND ${t.bundleLaterVehiclePercent} BETWEEN 0 AND 100 AND ${t.bundleMinutesSavedPerExtraVehicle} BETWEEN 0 AND 240`,
    ),
  ],
);

/** The outbox: every email the product sends is a row here first, written in the caller's transaction. */
// @owner notifications
export const emails = pgTable(
  "emails",
  {
    id: id(),
    to: text("to").notNull(),
    template: text("template").notNull(),
    // What the template needs; the delivery job renders it once and stores the result below.
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    subject: text("subject"),
    html: text("html"),
    text: text("text"),
    attachments: jsonb("attachments")
      .$type<{ filename: string; contentType: string; content: string }[]>()
      .notNull()
      .default([]),
    status: emailStatus("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    nextAttemptAt: instant("next_attempt_at").notNull().defaultNow(),
    // A delivery in progress owns the row until this instant; a crashed worker's claim lapses.
    lockedUntil: instant("locked_until"),
    bookingId: uuid("booking_id").references(() => bookings.id, { onDelete: "set null" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    messageId: text("message_id"),
    sentAt: instant("sent_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("emails_due_idx")
      .on(t.nextAttemptAt)
      .where(sql`status IN ('queued', 'sending')`),
    index("emails_status_created_idx").on(t.status, t.createdAt),
    index("emails_booking_idx").on(t.bookingId),
    index("emails_user_idx").on(t.userId),
  ],
);

// @owner catalogue, accounts, staff
export const uploads = pgTable(
  "uploads",
  {
    id: id(),
    ownerId: text("owner_id").references(() => users.id, { onDelete: "set null" }),
    purpose: uploadPurpose("purpose").notNull(),
    key: text("key").notNull().unique(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    createdAt: createdAt(),
  },
  (t) => [index("uploads_owner_idx").on(t.ownerId)],
);

/** Every admin write. `actorId` null = the system. */
// @owner platform
export const auditLog = pgTable(
  "audit_log",
  {
    id: id(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    entity: text("entity").notNull(),
    entityId: text("entity_id"),
    summary: jsonb("summary").$type<Record<string, unknown>>().notNull().default({}),
    ip: text("ip"),
    at: createdAt(),
  },
  (t) => [index("audit_log_at_idx").on(t.at), index("audit_log_entity_idx").on(t.entity, t.entityId)],
);

/**
 * Live events, kept for a day so an SSE client that reconnects with Last-Event-ID can catch up. The
 * row and its NOTIFY are written in the publisher's transaction: a rollback publishes nothing.
 */
// @owner platform
export const liveEvents = pgTable(
  "live_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    type: text("type").notNull(),
    audience: eventAudience("audience").notNull(),
    userId: text("user_id"),
    payload: jsonb("payload").$type<Record<string, unknown>>().notNull(),
    at: createdAt(),
  },
  (t) => [index("live_events_at_idx").on(t.at)],
);

/** Fixed-window counters for rate limits, shared by every app instance: written by src/server/rate-limit.ts. */
// @owner platform
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  windowEndsAt: instant("window_ends_at").notNull(),
});

/** Written by whichever process runs the jobs; /api/health reads it to tell whether jobs are alive. */
// @owner platform
export const workerHeartbeats = pgTable("worker_heartbeats", {
  workerId: text("worker_id").primaryKey(),
  host: text("host").notNull(),
  pid: integer("pid").notNull(),
  startedAt: instant("started_at").notNull(),
  beatAt: instant("beat_at").notNull(),
});

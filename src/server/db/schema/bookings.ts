import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { services } from "./catalogue";
import { createdAt, currencyCode, id, instant, updatedAt } from "./columns";
import { addresses, vehicles } from "./customers";
import {
  bookingEventType,
  bookingItemKind,
  bookingSource,
  bookingStatus,
  rescheduleStatus,
  visitMode,
  weatherAnswer,
} from "./enums";
import { teams, weatherDays } from "./scheduling";

export type SiteCheckAnswer = "all_set" | "changed";

export type VehicleSnapshot = {
  make: string;
  model: string;
  year: number | null;
  colour: string | null;
  registration: string;
  sizeName: string;
};

export type AddressSnapshot = {
  label: string;
  line1: string;
  line2: string | null;
  town: string;
  postcode: string;
  accessNotes: string | null;
  /** Yes, no, or null: not answered (issue 41 §4). Older snapshots hold true/false only. */
  hasWater: boolean | null;
  hasPower: boolean | null;
  hasCoveredSpace: boolean | null;
};

type MoneyColumns = {
  status: AnyPgColumn;
  totalMinor: AnyPgColumn;
  adjustmentMinor: AnyPgColumn;
  feeMinor: AnyPgColumn;
  amountPaidMinor: AnyPgColumn;
  amountRefundedMinor: AnyPgColumn;
};

// A booking's money in SQL: the one definition is the database functions booking_charge_minor,
// booking_due_minor and booking_refundable_minor (migration 0025, ADR 0040), proven equal to
// bookingMoney() in src/lib/booking/booking-money.ts by a test on both databases. Every list,
// export, total and read model calls them through these expressions (or by name in raw SQL); an expression
// index serves a query only when the query uses the same expression.
const moneyArgs = (t: MoneyColumns) =>
  sql`${t.status}, ${t.totalMinor}, ${t.adjustmentMinor}, ${t.feeMinor}, ${t.amountPaidMinor}, ${t.amountRefundedMinor}`;

export const chargeExpr = (t: MoneyColumns) =>
  sql<number>`booking_charge_minor(${t.status}, ${t.totalMinor}, ${t.adjustmentMinor}, ${t.feeMinor})`;
export const amountDueExpr = (t: MoneyColumns) => sql<number>`booking_due_minor(${moneyArgs(t)})`;
export const refundableExpr = (t: MoneyColumns) => sql<number>`booking_refundable_minor(${moneyArgs(t)})`;
export const owedExpr = (t: MoneyColumns) => sql<number>`booking_owed_minor(${moneyArgs(t)})`;
export const paymentStatusExpr = (t: MoneyColumns) => sql<string>`booking_payment_status(${moneyArgs(t)})`;
/** The money state (moneyStateOf): the payment status of a booking that stands, what became of a closed one's money. */
export const moneyStateExpr = (t: MoneyColumns) => sql<string>`booking_money_state(${moneyArgs(t)})`;

/** The registration and the postcode (upper case, no spaces) as the admin search matches their start. */
export const registrationExpr = (t: { vehicleSnapshot: AnyPgColumn }) =>
  sql<string>`(${t.vehicleSnapshot} ->> 'registration')`;
export const postcodeKeyExpr = (t: { addressSnapshot: AnyPgColumn }) =>
  sql<string>`replace(upper(${t.addressSnapshot} ->> 'postcode'), ' ', '')`;

/**
 * A repeat booking (issue 31, ADR 0052): the same visit every N weeks until a date. Each occurrence is a
 * booking of its own (`bookings.series_id`), its time held when the series was made; the series keeps the
 * rule and whether it still runs.
 */
// @owner series
export const bookingSeries = pgTable(
  "booking_series",
  {
    id: id(),
    customerId: text("customer_id")
      .notNull()
      .references(() => users.id),
    intervalWeeks: smallint("interval_weeks").notNull(),
    /**
     * The last day an occurrence may fall on (the business's calendar). For a series "until I end it" the
     * end of its rolling 12-month window, moved on by the daily job.
     */
    untilDate: date("until_date", { mode: "string" }).notNull(),
    /** "Until I end it": the daily job keeps it going (ADR 0052, amended). */
    openEnded: boolean("open_ended").notNull().default(false),
    /** The rule: visits every interval after this date (the first visit's, or the visit a change started from)… */
    anchorDate: date("anchor_date", { mode: "string" }).notNull(),
    /** …at this wall-clock time, minutes after local midnight. */
    startMinutes: smallint("start_minutes").notNull(),
    /** The visit each new occurrence copies: its lines, vehicles, address and price. */
    templateBookingId: uuid("template_booking_id").references((): AnyPgColumn => bookings.id, {
      onDelete: "set null",
    }),
    /** The rule's dates up to this one have been dealt with (held, offered, paused); later ones wait. */
    heldThrough: date("held_through", { mode: "string" }).notNull(),
    status: text("status").$type<"active" | "ended">().notNull().default("active"),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    endedAt: instant("ended_at"),
  },
  (t) => [
    index("booking_series_customer_idx").on(t.customerId, t.createdAt),
    // The daily job's sweep: the active series with dates still to hold.
    index("booking_series_active_idx")
      .on(t.heldThrough)
      .where(sql`status = 'active'`),
    check("booking_series_interval", sql`${t.intervalWeeks} BETWEEN 1 AND 12`),
    check("booking_series_status", sql`${t.status} IN ('active', 'ended')`),
    check("booking_series_start_minutes", sql`${t.startMinutes} BETWEEN 0 AND 1439`),
  ],
);

export const SERIES_DATE_OUTCOMES = ["held", "not_free", "paused", "skipped"] as const;
export type SeriesDateOutcome = (typeof SERIES_DATE_OUTCOMES)[number];

/**
 * What the daily job (or a pause) did with one date of a series' rule beyond what was held when it was made
 * (ADR 0052, amended): one row per series and date, so running the job twice holds nothing twice. A date
 * that wasn't free keeps the nearest free times the customer was offered until they choose one or skip it.
 */
// @owner series
export const bookingSeriesDates = pgTable(
  "booking_series_dates",
  {
    id: id(),
    seriesId: uuid("series_id")
      .notNull()
      .references(() => bookingSeries.id, { onDelete: "cascade" }),
    date: date("date", { mode: "string" }).notNull(),
    outcome: text("outcome").$type<SeriesDateOutcome>().notNull(),
    bookingId: uuid("booking_id").references((): AnyPgColumn => bookings.id, { onDelete: "set null" }),
    /** Not free: the nearest free times offered that day (ISO instants). */
    offered: jsonb("offered").$type<string[]>().notNull().default([]),
    createdAt: createdAt(),
    resolvedAt: instant("resolved_at"),
  },
  (t) => [
    uniqueIndex("booking_series_dates_key").on(t.seriesId, t.date),
    check("booking_series_dates_outcome", sql`${t.outcome} IN ('held', 'not_free', 'paused', 'skipped')`),
  ],
);

// @owner bookings
export const bookings = pgTable(
  "bookings",
  {
    id: id(),
    // Short, human-friendly, unguessable: FC-7K3M9Q (see lib/reference.ts).
    reference: text("reference").notNull().unique(),
    // Opens the /booking/* pages for a guest; 32 random bytes, base64url.
    accessToken: text("access_token").notNull().unique(),
    // One per wizard run, so a double submit can never make two bookings.
    idempotencyKey: text("idempotency_key").unique(),
    // SHA-256 of the wizard run's secret (kept in the tab, never in a URL): only its holder may replay
    // the run and receive the booking's access token (ADR 0011).
    runSecretHash: text("run_secret_hash"),
    customerId: text("customer_id")
      .notNull()
      .references(() => users.id),
    status: bookingStatus("status").notNull(),
    source: bookingSource("source").notNull().default("online"),
    startsAt: instant("starts_at").notNull(),
    endsAt: instant("ends_at").notNull(),
    // Minutes of work (ADR 0054): the end is where that much work ends in the business's hours, so a job
    // that spans a break ends later than start + work.
    // Moves and reschedules keep the work, not the span.
    // Left out of an insert, a trigger takes the span (a job with no break in it: its work is its span).
    workMinutes: integer("work_minutes")
      .notNull()
      .default(sql`NULL`),
    // Whether the work may continue after a break of its day (the services' rule, fixed when booked).
    spansBreaks: boolean("spans_breaks").notNull().default(true),
    // A visit over several working days (ADR 0056): each day's part of the team's time, in order, from
    // starts_at (the first part's start) to ends_at (the last part's end); null for a visit of one day,
    // whose one part is [starts_at, ends_at). The booking's allocations hold exactly these parts.
    dayParts: jsonb("day_parts").$type<{ start: string; end: string }[]>(),
    // How a visit over several days runs (the services' rule when booked): mobile, or the vehicle stays.
    visitMode: visitMode("visit_mode").notNull().default("mobile"),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id),
    currency: currencyCode(),
    totalMinor: integer("total_minor").notNull(),
    depositDueMinor: integer("deposit_due_minor").notNull().default(0),
    amountPaidMinor: integer("amount_paid_minor").notNull().default(0),
    amountRefundedMinor: integer("amount_refunded_minor").notNull().default(0),
    // The sum of the booking's price adjustments (discounts and goodwill refunds, payments' booking_adjustments),
    // kept with the row so that SQL reads the charge from the booking alone.
    adjustmentMinor: integer("adjustment_minor").notNull().default(0),
    // What a closed booking (cancelled, declined, expired, missed) charges: the fee the policy keeps, set by
    // the transition that closes it (ADR 0040); null while it stands.
    feeMinor: integer("fee_minor"),
    vehicleId: uuid("vehicle_id").references(() => vehicles.id, { onDelete: "set null" }),
    vehicleSnapshot: jsonb("vehicle_snapshot").$type<VehicleSnapshot>().notNull(),
    addressId: uuid("address_id").references(() => addresses.id, { onDelete: "set null" }),
    addressSnapshot: jsonb("address_snapshot").$type<AddressSnapshot>().notNull(),
    customerNotes: text("customer_notes"),
    internalNotes: text("internal_notes"),
    // What was done and noticed, written when the job is completed: the vehicle's service history shows it
    // to the customer.
    jobNotes: text("job_notes"),
    holdExpiresAt: instant("hold_expires_at"),
    confirmedAt: instant("confirmed_at"),
    // On account (a business customer the admin lets pay later, ADR 0051): the day the invoice must be
    // paid by, in the business's time zone. Null: paid as the payment mode says.
    payBy: date("pay_by", { mode: "string" }),
    // One occurrence of a repeat booking (ADR 0052); null for a booking on its own.
    seriesId: uuid("series_id").references(() => bookingSeries.id),
    cancelledAt: instant("cancelled_at"),
    completedAt: instant("completed_at"),
    cancellationReason: text("cancellation_reason"),
    // Cancelled by pausing its repeat booking (ADR 0052): it reads "Paused", not "Cancelled".
    paused: boolean("paused").notNull().default(false),
    cancelledBy: text("cancelled_by").references(() => users.id, { onDelete: "set null" }),
    // The reminder (start − the reminder lead time) is claimed by setting this, in the same transaction as
    // its email is queued, only while it is null: sent once whoever sweeps (ADR 0027). A move clears it.
    reminderSentAt: instant("reminder_sent_at"),
    // When the booking's current time was chosen (null: when it was created). A reminder is due only if
    // the time was chosen before the reminder's instant: a booking made or moved inside the lead time gets none.
    timeChosenAt: instant("time_chosen_at"),
    // The customer's answer to the reminder's site-readiness checklist: "all_set" or "changed" (with a note).
    siteCheck: text("site_check").$type<SiteCheckAnswer>(),
    siteCheckNote: text("site_check_note"),
    siteCheckAt: instant("site_check_at"),
    // Raised on every move so calendar clients replace the event (ICS SEQUENCE).
    sequence: integer("sequence").notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // With the status, a probe for "a booked job before" (the customers report) reads the index alone.
    index("bookings_customer_idx").on(t.customerId, t.startsAt, t.status),
    // A customer's booking ids from the index alone (the admin search by name, email or phone).
    index("bookings_customer_id_idx").on(t.customerId, t.id),
    // The customers list's time-dependent facts (ADR 0025), read from the index alone: the next booking
    // (the future slice of upcoming bookings) and, for a customer whose latest booking is still ahead, the
    // latest one that has started.
    index("bookings_upcoming_starts_idx")
      .on(t.startsAt, t.customerId)
      .where(sql`${t.status} IN ('pending_payment', 'awaiting_approval', 'confirmed')`),
    index("bookings_customer_happened_idx")
      .on(t.customerId, t.startsAt)
      .where(sql`${t.status} NOT IN ('cancelled', 'declined', 'expired')`),
    index("bookings_status_starts_idx").on(t.status, t.startsAt),
    // The live board's cancellations per day of cancelling (ADR 0029): the window's cancellations only.
    index("bookings_cancelled_at_idx")
      .on(t.cancelledAt)
      .where(sql`${t.status} = 'cancelled'`),
    index("bookings_team_starts_idx").on(t.teamId, t.startsAt),
    index("bookings_created_idx").on(t.createdAt),
    index("bookings_series_idx")
      .on(t.seriesId, t.startsAt)
      .where(sql`series_id IS NOT NULL`),
    // The receivables list: the bookings on account, by the day they are due.
    index("bookings_pay_by_idx")
      .on(t.payBy, t.id)
      .where(sql`pay_by IS NOT NULL`),
    index("bookings_vehicle_idx").on(t.vehicleId),
    index("bookings_address_idx").on(t.addressId),
    // The admin table's sort orders, each with the id as its tie-break, so a page is read from an index
    // in order and stops after 25 rows (ADR 0017). The customer order is users_name_sort_idx.
    index("bookings_starts_id_idx").on(t.startsAt, t.id),
    index("bookings_status_id_idx").on(t.status, t.id),
    index("bookings_team_id_idx").on(t.teamId, t.id),
    index("bookings_charge_id_idx").on(chargeExpr(t), t.id),
    index("bookings_money_state_id_idx").on(moneyStateExpr(t), t.id),
    index("bookings_due_id_idx").on(amountDueExpr(t), t.id),
    // The reports' aggregates over a range of job starts, read from the index alone (ADR 0026): status,
    // team, customer, value, ledger totals and end — what revenue, bookings by status, teams, customers
    // and the item joins need of a booking — so 12 months of a million bookings are read from a contiguous
    // slice of the index instead of ~60,000 scattered heap pages.
    index("bookings_starts_report_idx").on(
      t.startsAt,
      t.status,
      t.teamId,
      t.customerId,
      t.totalMinor,
      t.amountPaidMinor,
      t.amountRefundedMinor,
      t.adjustmentMinor,
      t.feeMinor,
      t.endsAt,
      t.id,
    ),
    // Admin search matches reference, registration and postcode from their start: text_pattern_ops
    // serves LIKE 'X%' whatever the database's collation. Registration and postcode are read from the
    // snapshots (what was true when booked).
    index("bookings_reference_prefix_idx").on(sql`${t.reference} text_pattern_ops`),
    index("bookings_registration_idx").on(sql`${registrationExpr(t)} text_pattern_ops`),
    index("bookings_postcode_idx").on(sql`(${postcodeKeyExpr(t)}) text_pattern_ops`),
    check("bookings_range", sql`${t.startsAt} < ${t.endsAt}`),
    // Work of one minute to five days (ADR 0054).
    check("bookings_work_minutes", sql`${t.workMinutes} BETWEEN 1 AND 7200`),
    check(
      "bookings_day_parts",
      sql`${t.dayParts} IS NULL OR (jsonb_typeof(${t.dayParts}) = 'array' AND jsonb_array_length(${t.dayParts}) BETWEEN 2 AND 31)`,
    ),
    check(
      "bookings_money",
      sql`${t.totalMinor} >= 0 AND ${t.amountPaidMinor} >= 0 AND ${t.amountRefundedMinor} >= 0 AND ${t.adjustmentMinor} >= 0 AND COALESCE(${t.feeMinor}, 0) >= 0`,
    ),
  ],
);

/** Line items, snapshotted at booking time: later price changes never change a booking. */
// @owner bookings
export const bookingItems = pgTable(
  "booking_items",
  {
    id: id(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    kind: bookingItemKind("kind").notNull(),
    serviceId: uuid("service_id").references(() => services.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    priceMinor: integer("price_minor").notNull(),
    minutes: integer("minutes").notNull().default(0),
    position: smallint("position").notNull(),
    // Which of the visit's vehicles a package or add-on is for (0: the booking's own vehicle, 1 and on:
    // booking_vehicles' positions); null for the visit's lines — travel, the multi-vehicle discount (ADR 0050).
    vehiclePosition: smallint("vehicle_position"),
  },
  (t) => [
    check(
      "booking_items_vehicle",
      sql`(${t.kind} IN ('package', 'addon')) = (${t.vehiclePosition} IS NOT NULL) AND COALESCE(${t.vehiclePosition}, 0) >= 0`,
    ),
    index("booking_items_booking_idx").on(t.bookingId, t.position),
    // The services, vehicle-size and travel-zone reports join a range's bookings to their lines (ADR 0026).
    index("booking_items_report_idx").on(t.bookingId, t.kind, t.priceMinor, t.name),
    index("booking_items_service_idx").on(t.serviceId),
  ],
);

/**
 * A visit's vehicles after the first (ADR 0050). The first is the booking's own (`vehicle_id`,
 * `vehicle_snapshot`: what every search, list and report has always read); a booking for a family's two
 * cars or a fleet's five vans lists the others here, snapshotted when booked, at positions 1, 2, ….
 */
// @owner bookings
export const bookingVehicles = pgTable(
  "booking_vehicles",
  {
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    position: smallint("position").notNull(),
    vehicleId: uuid("vehicle_id").references(() => vehicles.id, { onDelete: "set null" }),
    vehicleSnapshot: jsonb("vehicle_snapshot").$type<VehicleSnapshot>().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.bookingId, t.position] }),
    check("booking_vehicles_position", sql`${t.position} >= 1`),
    index("booking_vehicles_vehicle_idx").on(t.vehicleId),
    // The admin search matches any of a visit's registrations from their start (as the booking's own).
    index("booking_vehicles_registration_idx").on(
      sql`(${t.vehicleSnapshot} ->> 'registration') text_pattern_ops`,
    ),
  ],
);

/** The booking's timeline. `actorId` null = the system (a job, a webhook). */
// @owner bookings
export const bookingEvents = pgTable(
  "booking_events",
  {
    id: id(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    type: bookingEventType("type").notNull(),
    fromValue: text("from_value"),
    toValue: text("to_value"),
    data: jsonb("data").$type<Record<string, unknown>>().notNull().default({}),
    at: createdAt(),
  },
  (t) => [
    index("booking_events_booking_idx").on(t.bookingId, t.at),
    index("booking_events_at_idx").on(t.at),
    // The admin's payment alerts (today page): money events of the last days, among every event there is.
    index("booking_events_money_at_idx")
      .on(t.at)
      .where(sql`type IN ('payment', 'refund')`),
  ],
);

// Until the reschedules module exists (issue 14): availability expires a request with its held time,
// bookings erases a deleted customer's reasons.
// @owner reschedule
export const rescheduleRequests = pgTable(
  "reschedule_requests",
  {
    id: id(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    requestedStartsAt: instant("requested_starts_at").notNull(),
    requestedEndsAt: instant("requested_ends_at").notNull(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id),
    reason: text("reason").notNull().default(""),
    // A counter-offer: the business proposes this time in answer to the customer's request (declined
    // with the business's message); the customer accepts or declines it. Null: the customer asked.
    counterToId: uuid("counter_to_id").references((): AnyPgColumn => rescheduleRequests.id, {
      onDelete: "set null",
    }),
    // A weather-day offer (ADR 0036): the business offers this booking's held times (one reschedule_hold
    // allocation per offered time, all pointing at this row) because its own time is unworkable.
    weatherDayId: uuid("weather_day_id").references(() => weatherDays.id, { onDelete: "set null" }),
    status: rescheduleStatus("status").notNull().default("pending"),
    adminResponse: text("admin_response"),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    decidedAt: instant("decided_at"),
    expiresAt: instant("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // At most one pending request per booking.
    uniqueIndex("reschedule_one_pending_uq")
      .on(t.bookingId)
      .where(sql`status = 'pending'`),
    index("reschedule_status_created_idx").on(t.status, t.createdAt),
    index("reschedule_pending_expiry_idx")
      .on(t.expiresAt)
      .where(sql`status = 'pending'`),
    check("reschedule_range", sql`${t.requestedStartsAt} < ${t.requestedEndsAt}`),
  ],
);

/**
 * A booking caught by a weather day: its offer (null when no free time was found nearby) and the
 * customer's answer. No answer once the offer lapsed (or no offer at all) = the admin phones them.
 */
// @owner reschedule
export const weatherDayBookings = pgTable(
  "weather_day_bookings",
  {
    id: id(),
    weatherDayId: uuid("weather_day_id")
      .notNull()
      .references(() => weatherDays.id, { onDelete: "cascade" }),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    offerId: uuid("offer_id").references(() => rescheduleRequests.id, { onDelete: "set null" }),
    answer: weatherAnswer("answer"),
    /** "None of these work": what the customer wrote. */
    note: text("note"),
    answeredAt: instant("answered_at"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("weather_day_bookings_uq").on(t.weatherDayId, t.bookingId),
    index("weather_day_bookings_booking_idx").on(t.bookingId),
  ],
);

/**
 * One maintenance reminder per (completed booking, service with an interval): the row is claimed before the
 * email is queued, in the same transaction, so two workers or a restart can never send it twice.
 */
// @owner reminders
export const maintenanceReminders = pgTable(
  "maintenance_reminders",
  {
    id: id(),
    bookingId: uuid("booking_id")
      .notNull()
      .references(() => bookings.id, { onDelete: "cascade" }),
    serviceId: uuid("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    vehicleId: uuid("vehicle_id")
      .notNull()
      .references(() => vehicles.id, { onDelete: "cascade" }),
    dueOn: date("due_on", { mode: "string" }).notNull(),
    // "sent" (an email queued) or "skipped" (opted out, booked again, vehicle gone): either way, done.
    outcome: text("outcome").notNull(),
    at: createdAt(),
  },
  (t) => [
    uniqueIndex("maintenance_reminders_booking_service_idx").on(t.bookingId, t.serviceId),
    index("maintenance_reminders_vehicle_idx").on(t.vehicleId),
  ],
);

/**
 * The bookings module's per-customer facts that do not depend on the time of day (ADR 0025), for the
 * admin's customers list: how many bookings count, the latest start of a booking that is not cancelled,
 * declined or expired, what is owed on confirmed, started and completed jobs, and the lifetime value
 * (collected minus refunded). Kept exact by statement triggers on bookings in the writing transaction,
 * incrementally (drizzle/0029_customer_facts_incremental.sql, ADR 0046: deltas for the counts and sums,
 * index probes for the starts); a row exists for every customer with a booking.
 */
// @owner bookings
export const customerBookingFacts = pgTable("customer_booking_facts", {
  customerId: text("customer_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  bookings: integer("bookings").notNull(),
  latestAt: instant("latest_at"),
  // Every such start from the latest one that had begun when the row was written onwards (that one and
  // the future ones), ascending: the last booking at any later moment is among them, without a probe.
  recentStarts: instant("recent_starts").array(),
  owedMinor: integer("owed_minor").notNull(),
  valueMinor: integer("value_minor").notNull(),
});

/**
 * A private calendar feed (GET /api/calendar/<token>.ics): an admin's whole schedule, one team's, a
 * technician's teams' jobs, or a customer's own bookings. Only the token's SHA-256 is stored; regenerating revokes the old row (ADR 0027).
 */
// @owner calendar-feeds
export const calendarFeeds = pgTable(
  "calendar_feeds",
  {
    id: id(),
    // "admin" (every team), "team" (teamId's jobs, made by an admin), "customer" (their own bookings) or
    // "staff" (a technician's: the jobs of the teams they are on when the calendar asks).
    kind: text("kind").$type<"admin" | "team" | "customer" | "staff">().notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    teamId: uuid("team_id").references(() => teams.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: createdAt(),
    revokedAt: instant("revoked_at"),
  },
  (t) => [
    index("calendar_feeds_user_idx").on(t.userId),
    check("calendar_feeds_team", sql`(${t.kind} = 'team') = (${t.teamId} IS NOT NULL)`),
  ],
);

import { bigint, date, integer, pgTable, primaryKey, smallint, text, uuid } from "drizzle-orm/pg-core";
import { bookingItemKind, bookingStatus } from "./enums";

// The reports' daily rollup (ADR 0037): sums per business-local date, kept by statement triggers on
// bookings, booking_items, payments and refunds (drizzle/0021_report_rollup_triggers.sql), so a report over
// 12 months reads a few thousand rows instead of ~300,000 bookings. Every table is keyed by the local date
// of the business time zone recorded in report_rollup_state; a change of the zone rebuilds them all in the
// settings transaction. Only the triggers write these tables: no module does.
const money = (name: string) => bigint(name, { mode: "number" }).notNull();

/** The zone the rollups are keyed by (one row, id = 1). */
// @owner reports
export const reportRollupState = pgTable("report_rollup_state", {
  id: integer("id").primaryKey().default(1),
  timeZone: text("time_zone").notNull(),
});

/** Every booking by the local date its job starts, its status and team. */
// @owner reports
export const reportDaily = pgTable(
  "report_daily",
  {
    localDate: date("local_date", { mode: "string" }).notNull(),
    status: bookingStatus("status").notNull(),
    teamId: uuid("team_id").notNull(),
    jobs: integer("jobs").notNull(),
    /** The bookings' total as booked (the sum of their lines). */
    valueMinor: money("value_minor"),
    /** Their charge (ADR 0040: booking_charge_minor — the total less adjustments, a closed one's fee). */
    chargeMinor: bigint("charge_minor", { mode: "number" }).notNull().default(0),
    paidMinor: money("paid_minor"),
    refundedMinor: money("refunded_minor"),
    /** Job length (ends − starts), summed. */
    seconds: money("seconds"),
  },
  (t) => [primaryKey({ columns: [t.localDate, t.status, t.teamId] })],
);

/** Booked jobs by local date and the local hour they start at (the analytics heat map). */
// @owner reports
export const reportDailyHours = pgTable(
  "report_daily_hours",
  {
    localDate: date("local_date", { mode: "string" }).notNull(),
    hour: smallint("hour").notNull(),
    jobs: integer("jobs").notNull(),
  },
  (t) => [primaryKey({ columns: [t.localDate, t.hour] })],
);

/** Booked jobs by local date and lead time: local days from booking to job, −1 … 365 (clamped). */
// @owner reports
export const reportDailyLeads = pgTable(
  "report_daily_leads",
  {
    localDate: date("local_date", { mode: "string" }).notNull(),
    leadDays: smallint("lead_days").notNull(),
    jobs: integer("jobs").notNull(),
  },
  (t) => [primaryKey({ columns: [t.localDate, t.leadDays] })],
);

/** Package and add-on lines of booked jobs by local date, kind, name as sold and service (nil uuid: none). */
// @owner reports
export const reportDailyItems = pgTable(
  "report_daily_items",
  {
    localDate: date("local_date", { mode: "string" }).notNull(),
    kind: bookingItemKind("kind").notNull(),
    name: text("name").notNull(),
    serviceId: uuid("service_id").notNull(),
    lines: integer("lines").notNull(),
    revenueMinor: money("revenue_minor"),
  },
  (t) => [primaryKey({ columns: [t.localDate, t.kind, t.name, t.serviceId] })],
);

/** Booked jobs with package or add-on lines by local date and vehicle size ("" not recorded). */
// @owner reports
export const reportDailySizes = pgTable(
  "report_daily_sizes",
  {
    localDate: date("local_date", { mode: "string" }).notNull(),
    size: text("size").notNull(),
    jobs: integer("jobs").notNull(),
    revenueMinor: money("revenue_minor"),
  },
  (t) => [primaryKey({ columns: [t.localDate, t.size] })],
);

/** Booked jobs by local date and travel zone ("" no travel fee), with the fees. */
// @owner reports
export const reportDailyZones = pgTable(
  "report_daily_zones",
  {
    localDate: date("local_date", { mode: "string" }).notNull(),
    zone: text("zone").notNull(),
    jobs: integer("jobs").notNull(),
    feesMinor: money("fees_minor"),
  },
  (t) => [primaryKey({ columns: [t.localDate, t.zone] })],
);

/** Succeeded payments (by kind) and refunds ("refund") by the local date they settled. */
// @owner reports
export const reportDailyMoney = pgTable(
  "report_daily_money",
  {
    localDate: date("local_date", { mode: "string" }).notNull(),
    kind: text("kind").notNull(),
    entries: integer("entries").notNull(),
    amountMinor: money("amount_minor"),
  },
  (t) => [primaryKey({ columns: [t.localDate, t.kind] })],
);

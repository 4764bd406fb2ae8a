import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./auth";
import { bookings, rescheduleRequests } from "./bookings";
import { createdAt, id, instant, tstzrange, updatedAt } from "./columns";
import { allocationKind, allocationStatus } from "./enums";

// @owner availability
export const teams = pgTable("teams", {
  id: id(),
  name: text("name").notNull().unique(),
  colour: text("colour").notNull().default("#0f766e"),
  isActive: boolean("is_active").notNull().default(true),
  sortOrder: integer("sort_order").notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Weekly opening ranges, wall-clock in the business time zone (minutes after local midnight), so that
 * DST never moves them. ISO weekday: 1 = Monday … 7 = Sunday. Several rows per day make breaks.
 */
// @owner availability
export const workingHours = pgTable(
  "working_hours",
  {
    id: id(),
    weekday: smallint("weekday").notNull(),
    opensMinute: smallint("opens_minute").notNull(),
    closesMinute: smallint("closes_minute").notNull(),
  },
  (t) => [
    index("working_hours_weekday_idx").on(t.weekday),
    check("working_hours_weekday", sql`${t.weekday} BETWEEN 1 AND 7`),
    check(
      "working_hours_range",
      sql`${t.opensMinute} >= 0 AND ${t.closesMinute} <= 1440 AND ${t.opensMinute} < ${t.closesMinute}`,
    ),
  ],
);

/** A local date that is closed (no ranges) or has its own ranges. */
// @owner availability
export const dateOverrides = pgTable("date_overrides", {
  id: id(),
  date: date("date", { mode: "string" }).notNull().unique(),
  isClosed: boolean("is_closed").notNull().default(true),
  note: text("note").notNull().default(""),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// @owner availability
export const dateOverrideRanges = pgTable(
  "date_override_ranges",
  {
    id: id(),
    overrideId: uuid("override_id")
      .notNull()
      .references(() => dateOverrides.id, { onDelete: "cascade" }),
    opensMinute: smallint("opens_minute").notNull(),
    closesMinute: smallint("closes_minute").notNull(),
  },
  (t) => [
    index("date_override_ranges_override_idx").on(t.overrideId),
    check(
      "date_override_ranges_range",
      sql`${t.opensMinute} >= 0 AND ${t.closesMinute} <= 1440 AND ${t.opensMinute} < ${t.closesMinute}`,
    ),
  ],
);

/**
 * A weather day (issue 17, ADR 0036): [startsAt, endsAt) of one local date is unworkable for some teams
 * (`teamIds` null = every team). The slot engine and reserve() subtract it, so no new booking lands in it
 * while the bookings already there are offered other times. Not a block: the overlap guard would refuse a
 * block over the bookings it is meant to move.
 */
// @owner availability
export const weatherDays = pgTable(
  "weather_days",
  {
    id: id(),
    date: date("date", { mode: "string" }).notNull(),
    startsAt: instant("starts_at").notNull(),
    endsAt: instant("ends_at").notNull(),
    teamIds: uuid("team_ids").array(),
    message: text("message").notNull().default(""),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** The weather cleared: the closure no longer counts, and the bookings not moved stand (ADR 0036). */
    liftedAt: instant("lifted_at"),
    liftedBy: text("lifted_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    index("weather_days_starts_idx").on(t.startsAt),
    check("weather_days_range", sql`${t.startsAt} < ${t.endsAt}`),
  ],
);

/** An admin-made busy period. `teamId` null means every team (one allocation per team is made). */
// @owner availability
export const blocks = pgTable(
  "blocks",
  {
    id: id(),
    teamId: uuid("team_id").references(() => teams.id),
    startsAt: instant("starts_at").notNull(),
    endsAt: instant("ends_at").notNull(),
    reason: text("reason").notNull(),
    createdBy: text("created_by").references(() => users.id, { onDelete: "set null" }),
    deletedAt: instant("deleted_at"),
    createdAt: createdAt(),
  },
  (t) => [index("blocks_starts_idx").on(t.startsAt), check("blocks_range", sql`${t.startsAt} < ${t.endsAt}`)],
);

/**
 * Time held on a team's calendar: a booking, a pending reschedule's requested time, or a block. A
 * reschedule hold also carries its booking's id: it may overlap the booking it moves, never another. The
 * overlap guard (a btree_gist EXCLUDE constraint in drizzle/0001_overlap_guard.sql) forbids two rows of
 * the same team whose ranges overlap while both are in a holding status. Releasing time is a status
 * change to `expired` or `released`; the guard has no clock in it.
 */
// @owner availability, bookings
export const allocations = pgTable(
  "allocations",
  {
    id: id(),
    teamId: uuid("team_id")
      .notNull()
      .references(() => teams.id),
    during: tstzrange("during").notNull(),
    kind: allocationKind("kind").notNull(),
    status: allocationStatus("status").notNull(),
    bookingId: uuid("booking_id").references((): AnyPgColumn => bookings.id, { onDelete: "cascade" }),
    rescheduleRequestId: uuid("reschedule_request_id").references((): AnyPgColumn => rescheduleRequests.id, {
      onDelete: "cascade",
    }),
    blockId: uuid("block_id").references(() => blocks.id, { onDelete: "cascade" }),
    // While awaiting payment (or for a reschedule hold): when the hold lapses. Read by the expiry job
    // and by reserving use cases, which expire the stale holds they meet.
    holdExpiresAt: instant("hold_expires_at"),
    releasedAt: instant("released_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("allocations_booking_idx").on(t.bookingId),
    index("allocations_reschedule_idx").on(t.rescheduleRequestId),
    index("allocations_block_idx").on(t.blockId),
    index("allocations_hold_expiry_idx")
      .on(t.holdExpiresAt)
      .where(sql`hold_expires_at IS NOT NULL AND status IN ('pending_payment', 'pending_reschedule')`),
    check(
      "allocations_owner",
      sql`(${t.kind} = 'booking' AND ${t.bookingId} IS NOT NULL)
        OR (${t.kind} = 'reschedule_hold' AND ${t.rescheduleRequestId} IS NOT NULL AND ${t.bookingId} IS NOT NULL)
        OR (${t.kind} = 'block' AND ${t.blockId} IS NOT NULL)`,
    ),
  ],
);

import "server-only";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { ALLOCATION_HOLD_STATUSES, ALLOCATION_HOLDING_STATUSES, TIME_TAKING_STATUSES } from "@/lib/enums";

// "This time is taken" in SQL (ADR 0043), written once for every read: the lists come from the one
// definition in src/lib/enums.ts. The overlap guard and its gist index use the SQL functions
// allocation_holds_time / booking_takes_time (migration 0028); a test checks they answer the same for
// every status. The reads keep a literal IN list so the planner proves the partial index's predicate.

const list = (values: readonly string[]) => sql.raw(`(${values.map((s) => `'${s}'`).join(", ")})`);
const HOLDING = list(ALLOCATION_HOLDING_STATUSES);
const TAKING = list(TIME_TAKING_STATUSES);

/** A status in one of the named sets of src/lib/enums.ts, as a literal IN list (the planner can prove a partial index's predicate from it). */
export function statusIn(status: SQLWrapper, set: readonly string[]): SQL {
  return sql`${status} IN ${list(set)}`;
}

/** A status outside one of the named sets. */
export function statusNotIn(status: SQLWrapper, set: readonly string[]): SQL {
  return sql`${status} NOT IN ${list(set)}`;
}

/** A hold whose time ran out at `now` (ALLOCATION_HOLD_STATUSES): it holds nothing, whether or not the expiry job has come by. */
export function allocationHoldLapsed(a: { holdExpiresAt: SQLWrapper; status: SQLWrapper }, now: Date): SQL {
  return sql`(${a.holdExpiresAt} IS NOT NULL AND ${a.holdExpiresAt} <= ${now.toISOString()}::timestamptz
                 AND ${a.status} IN ${list(ALLOCATION_HOLD_STATUSES)})`;
}

/** An allocation's status holds its team's time. */
export function allocationHoldsTime(status: SQLWrapper): SQL {
  return sql`${status} IN ${HOLDING}`;
}

/** A booking's status takes its team's time (the board, Today, reports' "booked"). */
export function bookingTakesTime(status: SQLWrapper): SQL {
  return sql`${status} IN ${TAKING}`;
}

/**
 * Seconds of its team's time a booking takes: each day's part of a visit over several days, not the
 * nights between (ADR 0056). The SQL function booking_team_seconds (migration 0039) is the twin of
 * partsMinutes in src/lib/day-parts.ts; a test checks they agree.
 */
export function bookingTeamSeconds(b: {
  startsAt: SQLWrapper;
  endsAt: SQLWrapper;
  dayParts: SQLWrapper;
}): SQL<number> {
  return sql<number>`booking_team_seconds(${b.startsAt}, ${b.endsAt}, ${b.dayParts})`;
}

import "server-only";
import { type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { ALLOCATION_HOLDING_STATUSES, TIME_TAKING_STATUSES } from "@/lib/enums";

// "This time is taken" in SQL (ADR 0043), written once for every read: the lists come from the one
// definition in src/lib/enums.ts. The overlap guard and its gist index use the SQL functions
// allocation_holds_time / booking_takes_time (migration 0028); a test checks they answer the same for
// every status. The reads keep a literal IN list so the planner proves the partial index's predicate.

const list = (values: readonly string[]) => sql.raw(`(${values.map((s) => `'${s}'`).join(", ")})`);
const HOLDING = list(ALLOCATION_HOLDING_STATUSES);
const TAKING = list(TIME_TAKING_STATUSES);

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

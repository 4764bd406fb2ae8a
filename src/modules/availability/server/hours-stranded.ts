import "server-only";
import { allocationHoldLapsed, allocationHoldsTime } from "@/server/db/time-taken";
import { RESERVE_LOCK_NAMESPACE } from "./reserve";
import { asc, eq, sql, type SQL } from "drizzle-orm";
import type { DbOrTx, Tx } from "@/server/db";
import { allocations, bookings, teams, workingHours } from "@/server/db/schema";
import { isoWeekday } from "@/lib/dates";
import { holidayMap } from "@/modules/holidays/domain/holidays";
import { isInsideRanges, localSpanOf, type MinuteRange, sortRanges } from "@/lib/time-ranges";

// What an hours change would strand, and the locks that make the check exact (see ./hours.ts).

export type StrandedBooking = {
  bookingId: string;
  reference: string;
  startsAt: Date;
  endsAt: Date;
  teamName: string;
  /** The time a pending reschedule request holds, not the booking's own time. */
  isRequestedMove: boolean;
};

const HOURS_LOCK_KEY = 727277;
// The per-local-date lock every reservation takes (ADR 0009).
const RESERVE_DATE_LOCK_NAMESPACE = RESERVE_LOCK_NAMESPACE;

/**
 * Upcoming time held for bookings (their own, and requested moves) matching `where`, soonest first.
 * Holds already past their expiry hold nothing (the slot engine ignores them too).
 */
export async function upcomingHeld(tx: DbOrTx, now: Date, where: SQL) {
  const rows = await tx
    .select({
      bookingId: bookings.id,
      reference: bookings.reference,
      during: allocations.during,
      kind: allocations.kind,
      teamName: teams.name,
    })
    .from(allocations)
    .innerJoin(bookings, eq(bookings.id, allocations.bookingId))
    .innerJoin(teams, eq(teams.id, allocations.teamId))
    .where(
      sql`${allocations.kind} IN ('booking', 'reschedule_hold')
        AND ${allocationHoldsTime(allocations.status)}
        AND lower(${allocations.during}) >= ${now.toISOString()}::timestamptz
        AND NOT ${allocationHoldLapsed(allocations, now)}
        AND ${where}`,
    )
    .orderBy(sql`lower(${allocations.during})`, asc(bookings.reference));
  return rows.map((r) => ({
    bookingId: r.bookingId,
    reference: r.reference,
    startsAt: r.during.start,
    endsAt: r.during.end,
    teamName: r.teamName,
    isRequestedMove: r.kind === "reschedule_hold",
  }));
}

/** Those whose local span is not inside the new ranges of their date (undefined = date not affected). */
export function outside(
  held: StrandedBooking[],
  timeZone: string,
  newRangesOf: (date: string) => readonly MinuteRange[] | undefined,
): StrandedBooking[] {
  return held.filter((b) => {
    const span = localSpanOf(b.startsAt, b.endsAt, timeZone);
    const ranges = newRangesOf(span.date);
    return ranges !== undefined && !isInsideRanges(ranges, span.start, span.end);
  });
}

/** The start of `date` as an instant, widened by a day either way (filtered exactly by local date later). */
const around = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000);

export function onDates(dates: string[]): SQL {
  const sorted = [...dates].sort();
  const from = around(sorted[0] ?? "1970-01-01", -1).toISOString();
  const to = around(sorted[sorted.length - 1] ?? "1970-01-01", 2).toISOString();
  return sql`lower(${allocations.during}) >= ${from}::timestamptz AND lower(${allocations.during}) < ${to}::timestamptz`;
}

export const auditList = (stranded: StrandedBooking[]) =>
  stranded.map((b) => ({
    reference: b.reference,
    startsAt: b.startsAt.toISOString(),
    team: b.teamName,
    ...(b.isRequestedMove ? { requestedMove: true } : {}),
  }));

export async function lockHours(tx: Tx, dates: string[]): Promise<void> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(${HOURS_LOCK_KEY})`);
  for (const date of [...new Set(dates)].sort())
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${RESERVE_DATE_LOCK_NAMESPACE}, hashtext(${date}))`);
}

/**
 * A date's hours when it has no override of its own: closed on a public holiday of `region`, else its
 * weekday's ranges (what a date goes back to when its override is deleted or moved away).
 */
export async function regularRanges(tx: Tx, date: string, region: string): Promise<MinuteRange[]> {
  return holidayMap(region, date, date).has(date) ? [] : weekdayRanges(tx, isoWeekday(date));
}

export async function weekdayRanges(tx: Tx, weekday: number): Promise<MinuteRange[]> {
  const rows = await tx.select().from(workingHours).where(eq(workingHours.weekday, weekday));
  return sortRanges(rows.map((r) => ({ opens: r.opensMinute, closes: r.closesMinute })));
}

import "server-only";
import { and, asc, eq, gte, inArray, isNull, sql } from "drizzle-orm";
import type { Tx, DbOrTx } from "@/server/db";
import { type bookingSeries, bookingSeriesDates } from "@/server/db/schema";
import { occurrenceDates } from "../domain/series-plan";

// The rule's dates beyond what a series held when it was made (issue 40 §5, ADR 0052 amended): one row per
// series and date (a unique key), written by the daily job as it deals with a date — held, not free (with
// the times offered), paused, skipped — so a second run finds the date taken and holds nothing twice.

type Series = typeof bookingSeries.$inferSelect;
export type SeriesDate = typeof bookingSeriesDates.$inferSelect;

/** Claims the dates for this run: only those no run (nor a pause) has dealt with come back. */
export async function claimDates(tx: Tx, seriesId: string, dates: readonly string[], now: Date) {
  if (dates.length === 0) return [];
  const rows = await tx
    .insert(bookingSeriesDates)
    .values(dates.map((date) => ({ seriesId, date, outcome: "held" as const, createdAt: now })))
    .onConflictDoNothing({ target: [bookingSeriesDates.seriesId, bookingSeriesDates.date] })
    .returning({ date: bookingSeriesDates.date });
  return rows.map((r) => r.date).sort();
}

export async function recordDate(
  tx: Tx,
  seriesId: string,
  date: string,
  set: Partial<Pick<SeriesDate, "outcome" | "bookingId" | "offered" | "resolvedAt">>,
): Promise<void> {
  await tx
    .update(bookingSeriesDates)
    .set(set)
    .where(and(eq(bookingSeriesDates.seriesId, seriesId), eq(bookingSeriesDates.date, date)));
}

/**
 * A change from `fromDate` on starts the plan afresh from that visit: the old rule's dates from then are
 * forgotten — an offer for one lapses, and a pause of them is lifted (the new rule's dates aren't the old
 * ones; the customer pauses again if they need to).
 */
export async function replaceDatesFrom(tx: Tx, seriesId: string, fromDate: string): Promise<void> {
  await tx
    .delete(bookingSeriesDates)
    .where(and(eq(bookingSeriesDates.seriesId, seriesId), gte(bookingSeriesDates.date, fromDate)));
}

/**
 * A pause from one date to another marks the rule's dates in it paused, those the daily job hasn't reached
 * included (it skips them), and closes an offer for one. Returns how many of them lie beyond what is held.
 */
export async function pauseDates(
  tx: Tx,
  series: Series,
  range: { from: string; until: string; now: Date },
): Promise<number> {
  const dates = occurrenceDates(series.anchorDate, series.intervalWeeks, series.untilDate, 1000).filter(
    (d) => d >= range.from && d <= range.until,
  );
  if (dates.length === 0) return 0;
  await tx
    .insert(bookingSeriesDates)
    .values(
      dates.map((date) => ({ seriesId: series.id, date, outcome: "paused" as const, createdAt: range.now })),
    )
    .onConflictDoUpdate({
      target: [bookingSeriesDates.seriesId, bookingSeriesDates.date],
      set: { outcome: "paused", resolvedAt: range.now },
      setWhere: sql`${bookingSeriesDates.outcome} = 'not_free' AND ${bookingSeriesDates.resolvedAt} IS NULL`,
    });
  return dates.filter((d) => d > series.heldThrough).length;
}

/** The dates still waiting for the customer's choice (not free when the job came to them), from `today`. */
export async function openOffers(db: DbOrTx, seriesIds: readonly string[], today: string) {
  if (seriesIds.length === 0) return [];
  return db
    .select()
    .from(bookingSeriesDates)
    .where(
      and(
        inArray(bookingSeriesDates.seriesId, [...seriesIds]),
        eq(bookingSeriesDates.outcome, "not_free"),
        isNull(bookingSeriesDates.resolvedAt),
        gte(bookingSeriesDates.date, today),
      ),
    )
    .orderBy(asc(bookingSeriesDates.date));
}

/** The dates paused beyond what is held, for the series panel ("Paused" before they'd be held). */
export async function pausedAhead(db: DbOrTx, series: Series): Promise<string[]> {
  const rows = await db
    .select({ date: bookingSeriesDates.date })
    .from(bookingSeriesDates)
    .where(
      and(
        eq(bookingSeriesDates.seriesId, series.id),
        eq(bookingSeriesDates.outcome, "paused"),
        sql`${bookingSeriesDates.date} > ${series.heldThrough}`,
      ),
    )
    .orderBy(asc(bookingSeriesDates.date));
  return rows.map((r) => r.date);
}

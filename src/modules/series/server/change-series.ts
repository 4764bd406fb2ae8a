import "server-only";
import { and, eq } from "drizzle-orm";
import { formatCalendarDate, localDateOf } from "@/lib/dates";
import { writeAudit } from "@/server/audit";
import type { DbOrTx } from "@/server/db";
import { bookings, bookingSeries } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { findAccountTerms } from "@/modules/accounts/server";
import { horizonEnd, laterVisitsSentence, occurrenceDates, occurrenceStart } from "../domain/series-plan";
import { emailSeriesSet, holdVisits, titleOf } from "./create-series";
import { lockSeries, stopVisits } from "./end-series";
import { ENDABLE, invalid, lastDateOf, type SeriesActor, visitsPaymentSentence } from "./plan";
import { replaceDatesFrom } from "./series-dates";
import { tellBusinessOfSeries } from "./series-alert";

// Changing a repeat booking from one of its visits onward (ADR 0052): a new interval, time of day or last
// date. In one transaction: the visits from that one on that nothing was paid for are cancelled (quietly),
// and the new rule's visits — that visit's date first — are held through reserve() as copies of it; paid
// visits stay, and their dates are left out. A new time that isn't free refuses the whole change, naming
// the dates, and nothing changes. One audit row, one email. The new rule (its anchor, time and the visit
// it copies) is the series' from then on: the daily job holds its dates beyond the horizon.

export type ChangeSeriesInput = {
  seriesId: string;
  /** The visit the change starts from. */
  fromBookingId: string;
  intervalWeeks: number;
  /** "HH:MM", the business's wall clock. */
  time: string;
  until: string;
  /** "Until I end it": the rolling 12-month window from this visit. */
  openEnded?: boolean;
};

export async function changeSeries(
  db: DbOrTx,
  actor: SeriesActor,
  input: ChangeSeriesInput,
  now = new Date(),
): Promise<{ bookingIds: string[] }> {
  return db.transaction(async (tx) => {
    const series = await lockSeries(tx, actor, input.seriesId);
    const [from] = await tx
      .select()
      .from(bookings)
      .where(and(eq(bookings.id, input.fromBookingId), eq(bookings.seriesId, series.id)));
    if (!from) throw new AppError("NOT_FOUND");
    if (!ENDABLE.includes(from.status) || from.startsAt <= now)
      throw new AppError("CONFLICT", "Only a visit still to come can start a change.");
    const settings = await getSettingsOrThrow(tx);
    const tz = settings.timeZone;
    const [h, m] = input.time.split(":").map(Number) as [number, number];
    const fromDate = localDateOf(from.startsAt, tz);
    const until = lastDateOf(input, fromDate);
    if (until < fromDate) throw invalid({ until: ["Choose a last date on or after this visit."] });
    const reach = horizonEnd(localDateOf(now, tz), settings.horizonDays);

    const stopped = await stopVisits(tx, actor, series, {
      from: from.startsAt,
      to: null,
      reason: "The repeat booking was changed.",
      now,
    });
    const kept = new Set(stopped.kept.map((b) => localDateOf(b.startsAt, tz)));
    // The old rule's dates from this visit on are replaced: their offers lapse, a pause of them is lifted.
    await replaceDatesFrom(tx, series.id, fromDate);
    // The visit's own date and the rule's after it, up to the horizon: the daily job holds the later ones.
    const dates = [fromDate, ...occurrenceDates(fromDate, input.intervalWeeks, until)]
      .filter((d) => d === fromDate || d <= reach)
      .filter((d) => !kept.has(d));
    const missing = dates.filter((d) => !occurrenceStart(d, h * 60 + m, tz));
    if (missing.length)
      throw invalid({
        time: [`${input.time} doesn't exist on ${missing.map((d) => formatCalendarDate(d)).join(", ")}.`],
      });
    const made = await holdVisits(
      tx,
      from,
      dates.map((date) => ({ date, start: occurrenceStart(date, h * 60 + m, tz) as Date })),
      { seriesId: series.id, actorId: actor.id, now },
    );
    const [changed] = await tx
      .update(bookingSeries)
      .set({
        intervalWeeks: input.intervalWeeks,
        untilDate: until,
        openEnded: input.openEnded ?? false,
        anchorDate: fromDate,
        startMinutes: h * 60 + m,
        templateBookingId: made[0]?.id ?? from.id,
        heldThrough: until < reach ? until : reach,
      })
      .where(eq(bookingSeries.id, series.id))
      .returning();
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "series.changed",
      entity: "series",
      entityId: series.id,
      summary: {
        from: from.reference,
        intervalWeeks: { from: series.intervalWeeks, to: input.intervalWeeks },
        until: { from: series.untilDate, to: until },
        openEnded: input.openEnded,
        time: input.time,
        cancelled: stopped.cancelled.map((b) => b.reference),
        kept: stopped.kept.map((b) => b.reference),
        visits: made.map((b) => b.reference),
      },
    });
    await tellBusinessOfSeries(tx, made[0] ?? from, {
      what: `A repeat booking was changed from ${from.reference}: ${input.intervalWeeks === 1 ? "every week" : `every ${input.intervalWeeks} weeks`} at ${input.time} ${input.openEnded ? "until it is ended" : `until ${formatCalendarDate(until)}`}.`,
      made,
      cancelled: stopped.cancelled,
      timeZone: tz,
    });
    await emailSeriesSet(tx, from, {
      title: await titleOf(tx, from.id),
      intervalWeeks: input.intervalWeeks,
      made,
      skipped: [],
      timeZone: tz,
      changed: true,
      payment: visitsPaymentSentence(
        settings,
        (await findAccountTerms(tx, from.customerId))?.onAccount === true,
      ),
      later: changed ? laterVisitsSentence(changed) : null,
    });
    return { bookingIds: made.map((b) => b.id) };
  });
}

import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { formatCalendarDate, formatTime, localDateOf } from "@/lib/dates";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { writeAudit } from "@/server/audit";
import type { DbOrTx } from "@/server/db";
import { bookingSeriesDates } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { holdVisits } from "./create-series";
import { lockSeries } from "./end-series";
import { checkDates, invalid, type SeriesActor, timesOffered } from "./plan";
import { tellBusinessOfSeries } from "./series-alert";
import { recordDate } from "./series-dates";
import { findBooking } from "@/modules/bookings/server";

// A date of a repeat booking the daily job couldn't hold at its usual time (issue 40 §5): the customer (or
// the admin) chooses one of the nearest free times — checked again now, as the plan does — or skips it.
// A time not offered gets a field error and nothing is written; a time taken meanwhile refuses the same way.

export async function holdSeriesDate(
  db: DbOrTx,
  actor: SeriesActor,
  input: { seriesId: string; date: string; start: string },
  now = new Date(),
): Promise<{ bookingId: string | null }> {
  return db.transaction(async (tx) => {
    const series = await lockSeries(tx, actor, input.seriesId);
    const [offer] = await tx
      .select()
      .from(bookingSeriesDates)
      .where(
        and(
          eq(bookingSeriesDates.seriesId, series.id),
          eq(bookingSeriesDates.date, input.date),
          eq(bookingSeriesDates.outcome, "not_free"),
          isNull(bookingSeriesDates.resolvedAt),
        ),
      )
      .for("update");
    const tz = (await getSettingsOrThrow(tx)).timeZone;
    if (!offer || offer.date < localDateOf(now, tz))
      throw new AppError("CONFLICT", "This date has already been dealt with. Refresh to see the visits.");
    const audit = (summary: Record<string, unknown>) =>
      writeAudit(tx, {
        actorId: actor.id,
        ip: actor.ip,
        action: "series.date_chosen",
        entity: "series",
        entityId: series.id,
        summary: { date: input.date, ...summary },
      });

    if (input.start === "") {
      await recordDate(tx, series.id, input.date, { outcome: "skipped", resolvedAt: now });
      await audit({ skipped: true });
      return { bookingId: null };
    }
    const template = series.templateBookingId ? await findBooking(tx, series.templateBookingId) : null;
    if (!template) throw new AppError("CONFLICT", "This repeat booking has no visit to copy.");
    const [now_] = await checkDates(tx, template, [input.date], series.startMinutes, tz, now);
    const offered = now_ ? timesOffered(now_) : [];
    const start = new Date(input.start);
    if (!offered.some((t) => t.getTime() === start.getTime()))
      throw invalid({
        start: [
          offered.length
            ? `Choose one of the times free now: ${offered.map((t) => formatTime(t, tz)).join(", ")}.`
            : `No time is free on ${formatCalendarDate(input.date)} any more: skip this date.`,
        ],
      });
    const [made] = await holdVisits(tx, template, [{ date: input.date, start }], {
      seriesId: series.id,
      actorId: actor.id,
      now,
    });
    if (!made) throw new Error("hold returned nothing");
    await recordDate(tx, series.id, input.date, { outcome: "held", bookingId: made.id, resolvedAt: now });
    await audit({ booking: made.reference });
    await tellBusinessOfSeries(tx, made, {
      what: `A time was chosen for a repeat booking's visit on ${formatCalendarDate(input.date)}, whose usual time wasn't free.`,
      made: [made],
      timeZone: tz,
    });
    return { bookingId: made.id };
  });
}

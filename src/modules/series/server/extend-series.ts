import "server-only";
import { SERIES_PATTERN_STATUSES, STANDING_STATUSES } from "@/lib/enums";
import { and, asc, eq, inArray, lt, or, sql } from "drizzle-orm";
import { formatCalendarDate, formatTime, localDateOf } from "@/lib/dates";
import { routes } from "@/lib/routes";
import { getEnv } from "@/env";
import { findUserById, mayEmail } from "@/modules/accounts/server";
import type { Booking } from "@/modules/bookings/server";
import { enqueueEmail } from "@/modules/notifications/server";
import { getSettingsOrThrow, type Settings } from "@/modules/settings/server";
import { writeAudit } from "@/server/audit";
import type { Db, Tx } from "@/server/db";
import { bookings, bookingSeries } from "@/server/db/schema";
import { logger } from "@/server/logger";
import { dueDates, horizonEnd, MAX_DUE_PER_RUN, rollingUntil } from "../domain/series-plan";
import { holdEach, titleOf } from "./create-series";
import { type CheckedDate, checkDates, timesOffered } from "./plan";
import { tellBusinessOfSeries } from "./series-alert";
import { claimDates, recordDate } from "./series-dates";

// The daily job of repeat bookings (issue 40 §5, ADR 0052 amended): a series reaches up to 12 months (or
// runs until ended), but a visit is held only once its date is inside the business's booking horizon. Each
// day, for every active series, the rule's dates the horizon has reached are held through reserve() as
// copies of the series' template visit, one transaction per series. Each date is claimed first (a unique
// row per series and date), so a second run — or two workers at once — holds nothing twice. A date whose
// time isn't free is offered to the customer by email with the nearest free times that day (they choose
// one, or skip it, on the booking page), and the business hears of it once per series and run.

type Series = typeof bookingSeries.$inferSelect;
export type ExtendRun = { series: number; held: number; notFree: number; failed: number };

/** Every active series with dates the horizon has reached: each held in its own transaction. */
export async function extendSeries(db: Db, now = new Date()): Promise<ExtendRun> {
  const settings = await getSettingsOrThrow(db);
  const reach = horizonEnd(localDateOf(now, settings.timeZone), settings.horizonDays);
  const due = await db
    .select({ id: bookingSeries.id })
    .from(bookingSeries)
    .where(
      and(
        eq(bookingSeries.status, "active"),
        lt(bookingSeries.heldThrough, reach),
        or(eq(bookingSeries.openEnded, true), lt(bookingSeries.heldThrough, bookingSeries.untilDate)),
      ),
    )
    .orderBy(asc(bookingSeries.createdAt));
  const run: ExtendRun = { series: 0, held: 0, notFree: 0, failed: 0 };
  for (const { id } of due) {
    try {
      const r = await db.transaction((tx) => extendOne(tx, id, now));
      if (r.held + r.notFree > 0) run.series += 1;
      run.held += r.held;
      run.notFree += r.notFree;
    } catch (err) {
      // One series' trouble (a deadlock, a template gone) doesn't stop the others; tomorrow tries again.
      run.failed += 1;
      logger.warn({ err, seriesId: id }, "repeat booking not extended");
    }
  }
  return run;
}

/** One series: its due dates claimed, held or offered, how far it is held moved on. */
export async function extendOne(
  tx: Tx,
  seriesId: string,
  now: Date,
): Promise<{ held: number; notFree: number }> {
  const [series] = await tx.select().from(bookingSeries).where(eq(bookingSeries.id, seriesId)).for("update");
  if (!series || series.status !== "active") return { held: 0, notFree: 0 };
  const settings = await getSettingsOrThrow(tx);
  const tz = settings.timeZone;
  const today = localDateOf(now, tz);
  const reach = horizonEnd(today, settings.horizonDays);
  // "Until I end it": the window rolls on, always 12 months ahead.
  const untilDate =
    series.openEnded && rollingUntil(today) > series.untilDate ? rollingUntil(today) : series.untilDate;
  const rule = { ...series, untilDate };
  const dates = dueDates(rule, reach);
  // Cut short (a horizon suddenly lengthened): the rest waits for the next run.
  const last = untilDate < reach ? untilDate : reach;
  const through = dates.length === MAX_DUE_PER_RUN ? (dates.at(-1) as string) : last;
  const template = await templateOf(tx, series);
  if (!template) throw new Error("a repeat booking with no visit to copy");
  const claimed = await claimDates(tx, series.id, dates, now);

  const checked = await checkDates(tx, template, claimed, series.startMinutes, tz, now);
  const free = checked.filter((c) => c.fits && c.start);
  const { made, taken } = await holdEach(
    tx,
    template,
    free.map((c) => ({ date: c.date, start: c.start as Date })),
    { seriesId: series.id, actorId: null, now },
  );
  for (const b of made) await recordDate(tx, series.id, b.date, { bookingId: b.id, resolvedAt: now });
  // Not free: the nearest free times now, after this run's holds.
  const notFreeDates = [...checked.filter((c) => !c.fits).map((c) => c.date), ...taken].sort();
  const offers = await checkDates(tx, template, notFreeDates, series.startMinutes, tz, now);
  for (const o of offers)
    await recordDate(tx, series.id, o.date, {
      outcome: "not_free",
      offered: timesOffered(o).map((t) => t.toISOString()),
    });

  await tx
    .update(bookingSeries)
    .set({ untilDate, heldThrough: through > series.heldThrough ? through : series.heldThrough })
    .where(eq(bookingSeries.id, series.id));
  if (made.length + offers.length > 0)
    await writeAudit(tx, {
      actorId: null,
      action: "series.extended",
      entity: "series",
      entityId: series.id,
      summary: {
        held: made.map((b) => b.reference),
        notFree: offers.map((o) => o.date),
        heldThrough: through,
      },
    });
  if (offers.length > 0) {
    await emailNotHeld(tx, series, template, offers, settings);
    await tellBusinessOfSeries(tx, made[0] ?? template, {
      what: `A repeat booking's usual time isn't free on ${offers.map((o) => formatCalendarDate(o.date)).join(", ")}: the customer was emailed the nearest free times to choose from.`,
      made,
      timeZone: tz,
    });
  }
  return { held: made.length, notFree: offers.length };
}

/** The visit new occurrences copy: the series' template, or (gone) its latest visit. */
async function templateOf(tx: Tx, series: Series): Promise<Booking | null> {
  const [row] = await tx
    .select()
    .from(bookings)
    .where(
      series.templateBookingId
        ? eq(bookings.id, series.templateBookingId)
        : and(eq(bookings.seriesId, series.id), inArray(bookings.status, [...SERIES_PATTERN_STATUSES])),
    )
    .orderBy(sql`${bookings.startsAt} DESC`)
    .limit(1);
  return row ?? null;
}

/** One email per series and run: each date not held, its usual time and the nearest free times. */
async function emailNotHeld(
  tx: Tx,
  series: Series,
  template: Booking,
  offers: readonly CheckedDate[],
  settings: Settings,
): Promise<void> {
  const customer = await findUserById(tx, series.customerId);
  if (!customer || !(await mayEmail(tx, customer.id, "booking"))) return;
  const tz = settings.timeZone;
  // The page with the series' panel: its latest visit still standing (where the choice is made).
  const [page] = await tx
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.seriesId, series.id), inArray(bookings.status, [...STANDING_STATUSES])))
    .orderBy(sql`${bookings.startsAt} DESC`)
    .limit(1);
  await enqueueEmail(tx, {
    to: customer.email,
    userId: customer.id,
    bookingId: page?.id ?? template.id,
    template: "series-not-held",
    data: {
      name: customer.name,
      title: await titleOf(tx, template.id),
      dates: offers.map((o) => ({
        date: formatCalendarDate(o.date),
        wanted: o.start ? `${formatTime(o.start, tz)} isn't free` : "your usual time doesn't exist that day",
        times: timesOffered(o).map((t) => formatTime(t, tz)),
      })),
      url: new URL(`${routes.myBookings}/${page?.id ?? template.id}`, getEnv().APP_URL).toString(),
    },
  });
}

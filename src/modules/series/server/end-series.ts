import "server-only";
import { and, asc, eq, gte, inArray, lt } from "drizzle-orm";
import { addDays, formatCalendarDate, localDayStart } from "@/lib/dates";
import { routes } from "@/lib/routes";
import { getEnv } from "@/env";
import { findUserById, mayEmail } from "@/modules/accounts/server";
import { whenLabel } from "@/modules/booking-moves/server";
import { bookingMoney } from "@/lib/booking/booking-money";
import { type Booking, transitionBooking } from "@/modules/bookings/server";
import { enqueueEmail } from "@/modules/notifications/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { writeAudit } from "@/server/audit";
import { assertAdminActor } from "@/server/auth/assert-admin";
import type { DbOrTx, Tx } from "@/server/db";
import { bookingItems, bookings, bookingSeries } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { ENDABLE, invalid, type SeriesActor } from "./plan";
import { tellBusinessOfSeries } from "./series-alert";
import { pauseDates } from "./series-dates";

// Stopping a repeat booking's visits (ADR 0052), all of them from now (End) or those between two dates
// (Pause: the visits after the pause stay booked). The visits that nothing was paid for are cancelled through
// the transition path, quietly (one email for the change, not one per visit); paid ones are kept and named —
// the customer cancels them for the policy's refund. One transaction with its audit row.

type Stopped = { cancelled: string[]; kept: string[] };
type Series = typeof bookingSeries.$inferSelect;

export async function lockSeries(tx: Tx, actor: SeriesActor, seriesId: string): Promise<Series> {
  const [series] = await tx.select().from(bookingSeries).where(eq(bookingSeries.id, seriesId)).for("update");
  if (!series || (actor.role === "customer" && series.customerId !== actor.id))
    throw new AppError("NOT_FOUND");
  if (actor.role === "admin") await assertAdminActor(tx, actor);
  if (series.status !== "active") throw new AppError("CONFLICT", "This repeat booking has already ended.");
  return series;
}

/** Cancels the series' unpaid visits starting in [from, to) (to: none = all after); keeps paid ones. */
export async function stopVisits(
  tx: Tx,
  actor: SeriesActor,
  series: Series,
  range: { from: Date; to: Date | null; reason: string; now: Date; paused?: boolean },
): Promise<{ cancelled: Booking[]; kept: Booking[] }> {
  const visits = await tx
    .select()
    .from(bookings)
    .where(
      and(
        eq(bookings.seriesId, series.id),
        gte(bookings.startsAt, range.from),
        range.to ? lt(bookings.startsAt, range.to) : undefined,
        inArray(bookings.status, [...ENDABLE]),
      ),
    )
    .orderBy(asc(bookings.startsAt))
    // Locked, in time order, so "paid or not" is decided on rows no payment can change meanwhile.
    .for("update");
  const cancelled: Booking[] = [];
  const kept: Booking[] = [];
  for (const b of visits) {
    if (bookingMoney(b).netPaidMinor > 0) {
      kept.push(b);
      continue;
    }
    const { booking } = await transitionBooking(tx, {
      bookingId: b.id,
      to: "cancelled",
      actor: { id: actor.id, role: actor.role },
      reason: range.reason,
      now: range.now,
      from: ENDABLE,
      quiet: true,
      paused: range.paused ?? false,
    });
    cancelled.push(booking);
  }
  return { cancelled, kept };
}

/** The one email of the change, when the customer takes booking emails. */
export async function emailStopped(
  tx: Tx,
  series: Series,
  stopped: { cancelled: Booking[]; kept: Booking[] },
  pausedUntil: string | null,
): Promise<void> {
  const customer = await findUserById(tx, series.customerId);
  if (!customer || !(await mayEmail(tx, customer.id, "booking"))) return;
  const tz = (await getSettingsOrThrow(tx)).timeZone;
  const label = (b: Booking) => `${whenLabel(b.startsAt, b.endsAt, tz)} · ${b.reference}`;
  const [firstItem] = await tx
    .select({ name: bookingItems.name })
    .from(bookingItems)
    .innerJoin(bookings, eq(bookings.id, bookingItems.bookingId))
    .where(and(eq(bookings.seriesId, series.id), eq(bookingItems.kind, "package")))
    .limit(1);
  await enqueueEmail(tx, {
    to: customer.email,
    userId: customer.id,
    template: "series-ended",
    data: {
      name: customer.name,
      title: firstItem?.name ?? "booking",
      cancelled: stopped.cancelled.map(label),
      kept: stopped.kept.map(label),
      url: new URL(routes.myBookings, getEnv().APP_URL).toString(),
      ...(pausedUntil ? { pausedUntil: formatCalendarDate(pausedUntil) } : {}),
    },
  });
}

/** The business hears once, on the series' first visit still standing (or the first cancelled). */
async function alertStopped(
  tx: Tx,
  stopped: { cancelled: Booking[]; kept: Booking[] },
  what: string,
): Promise<void> {
  const about = stopped.cancelled[0] ?? stopped.kept[0];
  if (!about) return;
  const timeZone = (await getSettingsOrThrow(tx)).timeZone;
  const kept = stopped.kept.length
    ? ` Kept, already paid: ${stopped.kept.map((b) => b.reference).join(", ")}.`
    : "";
  await tellBusinessOfSeries(tx, about, { what: what + kept, cancelled: stopped.cancelled, timeZone });
}

const idsOf = (s: { cancelled: Booking[]; kept: Booking[] }): Stopped => ({
  cancelled: s.cancelled.map((b) => b.id),
  kept: s.kept.map((b) => b.id),
});

/** Ends a series: its visits still to come are stopped, and it makes no more. */
export async function endSeries(
  db: DbOrTx,
  actor: SeriesActor,
  input: { seriesId: string },
  now = new Date(),
): Promise<Stopped> {
  return db.transaction(async (tx) => {
    const series = await lockSeries(tx, actor, input.seriesId);
    const stopped = await stopVisits(tx, actor, series, {
      from: now,
      to: null,
      reason: "The repeat booking was ended.",
      now,
    });
    await tx
      .update(bookingSeries)
      .set({ status: "ended", endedAt: now })
      .where(eq(bookingSeries.id, series.id));
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "series.ended",
      entity: "series",
      entityId: series.id,
      summary: {
        cancelled: stopped.cancelled.map((b) => b.reference),
        kept: stopped.kept.map((b) => b.reference),
      },
    });
    await emailStopped(tx, series, stopped, null);
    await alertStopped(tx, stopped, "A repeat booking was ended.");
    return idsOf(stopped);
  });
}

/**
 * Pauses a series from one date to another (the business's calendar, both included): the visits in
 * between are stopped; the ones after stay booked and the series goes on.
 */
export async function pauseSeries(
  db: DbOrTx,
  actor: SeriesActor,
  input: { seriesId: string; from: string; until: string },
  now = new Date(),
): Promise<Stopped> {
  if (input.until < input.from) throw invalid({ until: ["The pause ends on or after the day it starts."] });
  return db.transaction(async (tx) => {
    const series = await lockSeries(tx, actor, input.seriesId);
    const tz = (await getSettingsOrThrow(tx)).timeZone;
    const from = localDayStart(input.from, tz);
    const to = localDayStart(addDays(input.until, 1), tz);
    const stopped = await stopVisits(tx, actor, series, {
      from: from < now ? now : from,
      to,
      reason: `The repeat booking was paused until ${formatCalendarDate(input.until)}.`,
      now,
      paused: true,
    });
    // The dates beyond the horizon in the pause too: the daily job skips them.
    const later = await pauseDates(tx, series, { from: input.from, until: input.until, now });
    if (stopped.cancelled.length === 0 && stopped.kept.length === 0 && later === 0)
      throw invalid({ from: ["No visit of this repeat booking falls in those dates."] });
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "series.paused",
      entity: "series",
      entityId: series.id,
      summary: {
        from: input.from,
        until: input.until,
        cancelled: stopped.cancelled.map((b) => b.reference),
        kept: stopped.kept.map((b) => b.reference),
        later,
      },
    });
    await emailStopped(tx, series, stopped, input.until);
    await alertStopped(
      tx,
      stopped,
      `A repeat booking was paused from ${formatCalendarDate(input.from)} until ${formatCalendarDate(input.until)}.`,
    );
    return idsOf(stopped);
  });
}

import "server-only";
import { desc, eq } from "drizzle-orm";
import { formatTime, localDateOf, toLocalParts } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { visitTitle } from "@/lib/booking/visit-title";
import { findAccountTerms } from "@/modules/accounts/server";
import { type BookingStatus, isIn, LIVE_STATUSES } from "@/lib/enums";
import { whenLabel } from "@/modules/booking-moves/server";
import { bookingStatusLabel, findBooking, visitsOfSeries } from "@/modules/bookings/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { type DbOrTx, getDb } from "@/server/db";
import { bookingSeries } from "@/server/db/schema";
import { laterVisitsSentence, latestUntil } from "../domain/series-plan";
import { checkDates, ENDABLE, REPEATABLE, timesOffered, visitsPaymentSentence } from "./plan";
import { openOffers, pausedAhead } from "./series-dates";

export type SeriesPanel =
  | {
      kind: "none";
      canRepeat: boolean;
      firstDate: string;
      latest: string;
      defaultUntil: string;
    }
  | {
      kind: "series";
      seriesId: string;
      /** This visit can start a change of the rule (still to come): its time, "HH:MM". */
      changeFrom: { time: string; until: string; latest: string } | null;
      intervalWeeks: number;
      until: string;
      openEnded: boolean;
      active: boolean;
      /** How the visits are paid, in a sentence. */
      payment: string;
      /** The visits beyond the horizon, held later, in a sentence (null: all held). */
      later: string | null;
      visits: {
        id: string;
        reference: string;
        when: string;
        status: BookingStatus;
        statusLabel: string;
        price: string;
        current: boolean;
      }[];
      /** Dates the daily job couldn't hold at the usual time: the times free now to choose from, or skip. */
      notHeld: { date: string; wanted: string; options: { start: string; label: string }[] }[];
      /** Dates beyond what is held that a pause covers. */
      pausedAhead: string[];
    };

/** What a booking's page shows about repeating it: the series it belongs to, or whether it can start one. */
export async function loadSeriesPanel(
  db: DbOrTx,
  viewer: { id: string; role: string },
  bookingId: string,
  now = new Date(),
): Promise<SeriesPanel | null> {
  const booking = await findBooking(db, bookingId);
  if (!booking || (viewer.role !== "admin" && booking.customerId !== viewer.id)) return null;
  const settings = await getSettingsOrThrow(db);
  const tz = settings.timeZone;
  if (!booking.seriesId) {
    const first = localDateOf(booking.startsAt, tz);
    const latest = latestUntil(first);
    return {
      kind: "none",
      canRepeat: REPEATABLE.includes(booking.status) && booking.startsAt > now,
      firstDate: first,
      latest,
      defaultUntil: latest,
    };
  }
  const [series] = await db.select().from(bookingSeries).where(eq(bookingSeries.id, booking.seriesId));
  if (!series) return null;
  const visits = await visitsOfSeries(db, [series.id]);
  const parts = toLocalParts(booking.startsAt, tz);
  const active = series.status === "active";
  const onAccount = (await findAccountTerms(db, booking.customerId))?.onAccount === true;
  const upcoming = ENDABLE.includes(booking.status) && booking.startsAt > now && active;
  return {
    kind: "series",
    seriesId: series.id,
    changeFrom: upcoming
      ? {
          time: `${String(parts.hour).padStart(2, "0")}:${String(parts.minute).padStart(2, "0")}`,
          until: series.untilDate,
          latest: latestUntil(localDateOf(booking.startsAt, tz)),
        }
      : null,
    intervalWeeks: series.intervalWeeks,
    until: series.untilDate,
    openEnded: series.openEnded,
    active,
    payment: visitsPaymentSentence(settings, onAccount),
    later: active ? laterVisitsSentence(series) : null,
    visits: visits.map((v) => ({
      id: v.id,
      reference: v.reference,
      when: whenLabel(v.startsAt, v.endsAt, tz),
      status: v.status,
      statusLabel: bookingStatusLabel(v),
      price: formatMoney(v.totalMinor, v.currency),
      current: v.id === booking.id,
    })),
    notHeld: active ? await notHeldOf(db, series, tz, now) : [],
    pausedAhead: active ? await pausedAhead(db, series) : [],
  };
}

/** The open offers of a series, each with the times free now (the same check the choice is made with). */
async function notHeldOf(db: DbOrTx, series: typeof bookingSeries.$inferSelect, tz: string, now: Date) {
  const offers = await openOffers(db, [series.id], localDateOf(now, tz));
  if (offers.length === 0 || !series.templateBookingId) return [];
  const template = await findBooking(db, series.templateBookingId);
  if (!template) return [];
  const checked = await checkDates(
    db,
    template,
    offers.map((o) => o.date),
    series.startMinutes,
    tz,
    now,
  );
  return checked.map((c) => ({
    date: c.date,
    wanted: c.fits
      ? "Your usual time is free again."
      : c.start
        ? `${formatTime(c.start, tz)} isn't free.`
        : "Your usual time doesn't exist that day.",
    options: timesOffered(c).map((t) => ({ start: t.toISOString(), label: formatTime(t, tz) })),
  }));
}

export const loadSeriesPanelFor = async (viewer: { id: string; role: string }, bookingId: string) =>
  loadSeriesPanel(await getDb(), viewer, bookingId);

export type CustomerSeries = {
  id: string;
  rule: string;
  until: string;
  /** Runs until it is ended (`until` is then its rolling window's end). */
  openEnded: boolean;
  active: boolean;
  title: string;
  /** The visits still to come, booked. */
  ahead: number;
  next: { bookingId: string; when: string } | null;
};

/** A customer's repeat bookings, newest first, for the admin's customer page. */
export async function loadCustomerSeries(customerId: string, now = new Date()): Promise<CustomerSeries[]> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(bookingSeries)
    .where(eq(bookingSeries.customerId, customerId))
    .orderBy(desc(bookingSeries.createdAt));
  if (rows.length === 0) return [];
  const settings = await getSettingsOrThrow(db);
  const visits = await visitsOfSeries(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((s) => {
    const mine = visits.filter((v) => v.seriesId === s.id);
    const ahead = mine.filter((v) => v.startsAt > now && isIn(LIVE_STATUSES, v.status));
    const next = ahead[0];
    return {
      id: s.id,
      rule: s.intervalWeeks === 1 ? "Every week" : `Every ${s.intervalWeeks} weeks`,
      until: s.untilDate,
      openEnded: s.openEnded,
      active: s.status === "active",
      title: visitTitle(mine[0]?.title ?? null),
      ahead: ahead.length,
      next: next
        ? { bookingId: next.id, when: whenLabel(next.startsAt, next.endsAt, settings.timeZone) }
        : null,
    };
  });
}

import "server-only";
import { asc, desc, eq, inArray, sql } from "drizzle-orm";
import { localDateOf, toLocalParts } from "@/lib/dates";
import type { BookingStatus } from "@/lib/enums";
import { whenLabel } from "@/modules/booking-moves/server";
import { BOOKING_STATUS_LABELS } from "@/modules/bookings/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { type DbOrTx, getDb } from "@/server/db";
import { bookings, bookingSeries } from "@/server/db/schema";
import { latestUntil } from "../domain/series-plan";
import { ENDABLE, REPEATABLE } from "./plan";

export type SeriesPanel =
  | { kind: "none"; canRepeat: boolean; firstDate: string; latest: string; defaultUntil: string }
  | {
      kind: "series";
      seriesId: string;
      /** This visit can start a change of the rule (still to come): its time, "HH:MM". */
      changeFrom: { time: string; until: string; latest: string } | null;
      intervalWeeks: number;
      until: string;
      active: boolean;
      visits: {
        id: string;
        reference: string;
        when: string;
        status: BookingStatus;
        statusLabel: string;
        current: boolean;
      }[];
    };

/** What a booking's page shows about repeating it: the series it belongs to, or whether it can start one. */
export async function loadSeriesPanel(
  db: DbOrTx,
  viewer: { id: string; role: string },
  bookingId: string,
  now = new Date(),
): Promise<SeriesPanel | null> {
  const [booking] = await db.select().from(bookings).where(eq(bookings.id, bookingId));
  if (!booking || (viewer.role !== "admin" && booking.customerId !== viewer.id)) return null;
  const settings = await getSettingsOrThrow(db);
  const tz = settings.timeZone;
  if (!booking.seriesId) {
    const first = localDateOf(booking.startsAt, tz);
    const latest = latestUntil(first, localDateOf(now, tz), settings.horizonDays);
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
  const visits = await db
    .select()
    .from(bookings)
    .where(eq(bookings.seriesId, series.id))
    .orderBy(asc(bookings.startsAt));
  const parts = toLocalParts(booking.startsAt, tz);
  const upcoming = ENDABLE.includes(booking.status) && booking.startsAt > now && series.status === "active";
  return {
    kind: "series",
    seriesId: series.id,
    changeFrom: upcoming
      ? {
          time: `${String(parts.hour).padStart(2, "0")}:${String(parts.minute).padStart(2, "0")}`,
          until: series.untilDate,
          latest: latestUntil(localDateOf(booking.startsAt, tz), localDateOf(now, tz), settings.horizonDays),
        }
      : null,
    intervalWeeks: series.intervalWeeks,
    until: series.untilDate,
    active: series.status === "active",
    visits: visits.map((v) => ({
      id: v.id,
      reference: v.reference,
      when: whenLabel(v.startsAt, v.endsAt, tz),
      status: v.status,
      statusLabel: BOOKING_STATUS_LABELS[v.status],
      current: v.id === booking.id,
    })),
  };
}

export const loadSeriesPanelFor = async (viewer: { id: string; role: string }, bookingId: string) =>
  loadSeriesPanel(await getDb(), viewer, bookingId);

export type CustomerSeries = {
  id: string;
  rule: string;
  until: string;
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
  const visits = await db
    .select({
      id: bookings.id,
      seriesId: bookings.seriesId,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      status: bookings.status,
      // Qualified by hand: inside the subquery a bare "id" would be the line's own.
      title: sql<
        string | null
      >`(SELECT i.name FROM booking_items i WHERE i.booking_id = "bookings"."id" AND i.kind = 'package' ORDER BY i.position LIMIT 1)`,
    })
    .from(bookings)
    .where(
      inArray(
        bookings.seriesId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(bookings.startsAt));
  return rows.map((s) => {
    const mine = visits.filter((v) => v.seriesId === s.id);
    const ahead = mine.filter((v) => v.startsAt > now && LIVE_VISIT.includes(v.status));
    const next = ahead[0];
    return {
      id: s.id,
      rule: s.intervalWeeks === 1 ? "Every week" : `Every ${s.intervalWeeks} weeks`,
      until: s.untilDate,
      active: s.status === "active",
      title: mine[0]?.title ?? "Booking",
      ahead: ahead.length,
      next: next
        ? { bookingId: next.id, when: whenLabel(next.startsAt, next.endsAt, settings.timeZone) }
        : null,
    };
  });
}

const LIVE_VISIT: readonly BookingStatus[] = [
  "confirmed",
  "awaiting_approval",
  "pending_payment",
  "in_progress",
];

import "server-only";
import { eq, sql } from "drizzle-orm";
import { getEnv } from "@/env";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { DbOrTx } from "@/server/db";
import { bookings } from "@/server/db/schema";
import { bookingCalendar } from "../domain/booking-calendar";
import { getBookingView } from "./booking-view";

// A booking's calendar file, for the confirmation email and /booking/calendar.ics. No links with the
// access token go in it — calendars are often shared.

export type BookingIcs = { filename: string; content: string; method: "PUBLISH" | "CANCEL" };

/** An email's part carrying the calendar file (nothing without one). */
export function icsAttachment(ics: BookingIcs | null) {
  if (!ics) return {};
  const attachment = {
    filename: ics.filename,
    contentType: `text/calendar; charset=utf-8; method=${ics.method}`,
    content: Buffer.from(ics.content, "utf8").toString("base64"),
  };
  return { attachments: [attachment] };
}

export async function buildBookingIcs(db: DbOrTx, bookingId: string, now = new Date()): Promise<BookingIcs> {
  const [view, settings] = await Promise.all([getBookingView(db, bookingId), getSettingsOrThrow(db)]);
  const description = [
    `Booking ${view.reference} with ${settings.businessName}`,
    `${view.date}, ${view.timeRange}`,
    // A visit over several days is one event from its first start to its last end; each day's times
    // are said here (ADR 0056).
    ...view.visitDays,
    ...(view.visitHow ? [view.visitHow] : []),
    ...view.items.map((i) => `${i.name}: ${i.price}`),
    `Total: ${view.total}`,
    `Vehicle: ${view.vehicleLabel}`,
    `Questions? ${settings.contactPhone} · ${settings.contactEmail}`,
  ].join("\n");
  const { method, content } = bookingCalendar({
    bookingId: view.id,
    appUrl: getEnv().APP_URL,
    status: view.status,
    sequence: view.sequence,
    stamp: now,
    start: new Date(view.startsAt),
    end: new Date(view.endsAt),
    timeZone: settings.timeZone,
    summary: `${view.title} — ${settings.businessName}`,
    description,
    location: view.addressLine,
    organizer: { name: settings.businessName, email: settings.contactEmail },
  });
  return { filename: `${view.reference}.ics`, content, method };
}

/** The calendar file that removes a cancelled booking's event: its SEQUENCE raised first, then METHOD:CANCEL. */
export async function cancelledBookingIcs(
  db: DbOrTx,
  bookingId: string,
  now = new Date(),
): Promise<BookingIcs> {
  await db
    .update(bookings)
    .set({ sequence: sql`${bookings.sequence} + 1` })
    .where(eq(bookings.id, bookingId));
  return buildBookingIcs(db, bookingId, now);
}

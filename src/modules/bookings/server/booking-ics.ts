import "server-only";
import { getEnv } from "@/env";
import { bookingEventUid, buildIcs, type IcsStatus } from "@/lib/ics";
import type { BookingStatus } from "@/lib/enums";
import { getBookingView } from "./booking-view";
import { getSettingsOrThrow } from "@/modules/settings/server/queries";
import type { DbOrTx } from "@/server/db";

// A booking's calendar file: the same UID for the life of the booking, SEQUENCE from the booking (raised
// on every move), METHOD:CANCEL once it no longer happens. No links with the access token go in it —
// calendars are often shared.

const ICS_STATUS: Record<BookingStatus, IcsStatus> = {
  pending_payment: "TENTATIVE",
  awaiting_approval: "TENTATIVE",
  confirmed: "CONFIRMED",
  in_progress: "CONFIRMED",
  completed: "CONFIRMED",
  cancelled: "CANCELLED",
  declined: "CANCELLED",
  expired: "CANCELLED",
  no_show: "CONFIRMED",
};

export type BookingIcs = { filename: string; content: string };

export async function buildBookingIcs(db: DbOrTx, bookingId: string, now = new Date()): Promise<BookingIcs> {
  const [view, settings] = await Promise.all([getBookingView(db, bookingId), getSettingsOrThrow(db)]);
  const status = ICS_STATUS[view.status];
  const description = [
    `Booking ${view.reference} with ${settings.businessName}`,
    `${view.date}, ${view.timeRange}`,
    ...view.items.map((i) => `${i.name}: ${i.price}`),
    `Total: ${view.total}`,
    `Vehicle: ${view.vehicleLabel}`,
    `Questions? ${settings.contactPhone} · ${settings.contactEmail}`,
  ].join("\n");
  const content = buildIcs(
    {
      uid: bookingEventUid(view.id, getEnv().APP_URL),
      sequence: view.sequence,
      stamp: now,
      start: new Date(view.startsAt),
      end: new Date(view.endsAt),
      summary: `${view.title} — ${settings.businessName}`,
      description,
      location: view.addressLine,
      status,
      organizer: { name: settings.businessName, email: settings.contactEmail },
    },
    status === "CANCELLED" ? "CANCEL" : "PUBLISH",
  );
  return { filename: `${view.reference}.ics`, content };
}

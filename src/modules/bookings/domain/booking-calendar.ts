import ical, { ICalCalendarMethod, ICalEventStatus, ICalEventTransparency } from "ical-generator";
import type { BookingStatus } from "@/lib/enums";

// A booking's calendar file (RFC 5545), written by ical-generator: one VEVENT whose UID is the same for
// the life of the booking (`<bookingId>@<host>`) and whose SEQUENCE rises on every move, so calendar
// clients update — or, once it no longer happens, remove (METHOD:CANCEL) — the event they already have
// instead of adding a second one. METHOD:PUBLISH, not REQUEST: the customer is told, not invited, and a
// REQUEST would have their calendar send accept/decline replies to the business.
// Times are UTC instants (exact on DST days, no VTIMEZONE data to ship); the business's zone is named in
// X-WR-TIMEZONE so calendar apps show the event in the zone the business works in.

export type CalendarStatus = "CONFIRMED" | "TENTATIVE" | "CANCELLED";

const STATUS: Record<BookingStatus, CalendarStatus> = {
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

export const calendarStatusOf = (status: BookingStatus): CalendarStatus => STATUS[status];

export type BookingCalendarInput = {
  bookingId: string;
  /** The app's public URL: its host makes the UID. */
  appUrl: string;
  status: BookingStatus;
  sequence: number;
  /** When this version of the file was made. */
  stamp: Date;
  start: Date;
  end: Date;
  timeZone: string;
  summary: string;
  description: string;
  location: string;
  organizer: { name: string; email: string };
};

/** The stable UID of a booking's calendar event: `<bookingId>@<host of the app>`. */
export function bookingEventUid(bookingId: string, appUrl: string): string {
  return `${bookingId}@${new URL(appUrl).hostname}`;
}

export function bookingCalendar(input: BookingCalendarInput): {
  method: "PUBLISH" | "CANCEL";
  content: string;
} {
  const status = STATUS[input.status];
  const method = status === "CANCELLED" ? ICalCalendarMethod.CANCEL : ICalCalendarMethod.PUBLISH;
  const calendar = ical({
    prodId: { company: "Forecourt", product: "Bookings", language: "EN" },
    method,
    x: { "X-WR-TIMEZONE": input.timeZone },
  });
  calendar.createEvent({
    id: bookingEventUid(input.bookingId, input.appUrl),
    sequence: Math.max(0, Math.trunc(input.sequence)),
    stamp: input.stamp,
    start: input.start,
    end: input.end,
    summary: input.summary,
    description: input.description,
    location: input.location,
    status: ICalEventStatus[status],
    transparency: ICalEventTransparency.OPAQUE,
    // A quoted parameter value may not contain a double quote (RFC 5545 §3.2).
    organizer: { name: input.organizer.name.replace(/"/g, "'"), email: input.organizer.email },
  });
  return {
    method: method === ICalCalendarMethod.CANCEL ? "CANCEL" : "PUBLISH",
    // Every content line ends in CRLF, the last one too (§3.1).
    content: `${calendar.toString().replace(/\r\n$/, "")}\r\n`,
  };
}

export type FeedEvent = {
  bookingId: string;
  status: BookingStatus;
  sequence: number;
  start: Date;
  end: Date;
  summary: string;
  description: string;
  location: string;
};

/**
 * A subscribed calendar (a private feed): every event with its booking's stable UID and SEQUENCE, so the
 * same booking is one event whether it came by email or by feed. A feed is always METHOD:PUBLISH; an ended
 * booking stays in it as STATUS:CANCELLED so a calendar that had it shows it gone.
 */
export function calendarFeed(input: {
  name: string;
  appUrl: string;
  timeZone: string;
  stamp: Date;
  events: FeedEvent[];
}): string {
  const calendar = ical({
    prodId: { company: "Forecourt", product: "Bookings", language: "EN" },
    name: input.name,
    method: ICalCalendarMethod.PUBLISH,
    ttl: 60 * 15,
    x: { "X-WR-TIMEZONE": input.timeZone },
  });
  for (const e of input.events)
    calendar.createEvent({
      id: bookingEventUid(e.bookingId, input.appUrl),
      sequence: Math.max(0, Math.trunc(e.sequence)),
      stamp: input.stamp,
      start: e.start,
      end: e.end,
      summary: e.summary,
      description: e.description,
      location: e.location,
      status: ICalEventStatus[STATUS[e.status]],
      transparency: ICalEventTransparency.OPAQUE,
    });
  return `${calendar.toString().replace(/\r\n$/, "")}\r\n`;
}

// iCalendar (RFC 5545) files for bookings: one VEVENT, times in UTC, lines ended by CRLF and folded at
// 75 octets (never inside a UTF-8 character), text values escaped. The UID is stable per booking and
// SEQUENCE rises on every move, so calendar clients update (or, with METHOD:CANCEL, remove) the event
// they already have instead of adding a second one.

export type IcsMethod = "PUBLISH" | "CANCEL";
export type IcsStatus = "CONFIRMED" | "TENTATIVE" | "CANCELLED";

export type IcsEvent = {
  uid: string;
  sequence: number;
  /** When this version of the file was made. */
  stamp: Date;
  start: Date;
  end: Date;
  summary: string;
  description?: string;
  location?: string;
  status: IcsStatus;
  organizer?: { name: string; email: string };
  url?: string;
};

const MAX_OCTETS = 75;
const encoder = new TextEncoder();

/** The stable UID of a booking's calendar event: `<bookingId>@<host of the app>`. */
export function bookingEventUid(bookingId: string, appUrl: string): string {
  return `${bookingId}@${new URL(appUrl).hostname}`;
}

/** `20261208T093000Z` */
export function formatIcsInstant(instant: Date): string {
  return instant
    .toISOString()
    .replace(/\.\d{3}Z$/, "Z")
    .replace(/[-:]/g, "");
}

/** TEXT escaping (§3.3.11): backslash, semicolon, comma and line breaks. */
export function escapeIcsText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/** Folds one content line (§3.1): at most 75 octets per physical line, continuations start with a space. */
export function foldIcsLine(line: string): string {
  const out: string[] = [];
  let current = "";
  let octets = 0;
  for (const char of line) {
    const size = encoder.encode(char).length;
    // Continuation lines carry a leading space, which counts towards their 75 octets.
    const limit = out.length === 0 ? MAX_OCTETS : MAX_OCTETS - 1;
    if (octets + size > limit) {
      out.push(current);
      current = "";
      octets = 0;
    }
    current += char;
    octets += size;
  }
  out.push(current);
  return out.join("\r\n ");
}

function property(name: string, value: string): string {
  return foldIcsLine(`${name}:${value}`);
}

/** A complete VCALENDAR with one VEVENT. */
export function buildIcs(event: IcsEvent, method: IcsMethod = "PUBLISH"): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Forecourt//Bookings//EN",
    "CALSCALE:GREGORIAN",
    `METHOD:${method}`,
    "BEGIN:VEVENT",
    property("UID", escapeIcsText(event.uid)),
    `SEQUENCE:${Math.max(0, Math.trunc(event.sequence))}`,
    `DTSTAMP:${formatIcsInstant(event.stamp)}`,
    `DTSTART:${formatIcsInstant(event.start)}`,
    `DTEND:${formatIcsInstant(event.end)}`,
    property("SUMMARY", escapeIcsText(event.summary)),
  ];
  if (event.description) lines.push(property("DESCRIPTION", escapeIcsText(event.description)));
  if (event.location) lines.push(property("LOCATION", escapeIcsText(event.location)));
  if (event.url) lines.push(property("URL", event.url));
  if (event.organizer) {
    // A quoted parameter value may not contain a double quote (§3.2).
    const cn = event.organizer.name.replace(/"/g, "'");
    lines.push(foldIcsLine(`ORGANIZER;CN="${cn}":mailto:${event.organizer.email}`));
  }
  lines.push(`STATUS:${event.status}`, "TRANSP:OPAQUE", "END:VEVENT", "END:VCALENDAR");
  return `${lines.join("\r\n")}\r\n`;
}

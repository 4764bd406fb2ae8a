import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  bookingEventUid,
  buildIcs,
  escapeIcsText,
  foldIcsLine,
  formatIcsInstant,
  type IcsEvent,
} from "./ics";

const octets = (s: string) => new TextEncoder().encode(s).length;

/** Unfolds (§3.1) and splits into [name+params, value] pairs, the way a calendar client reads it. */
function parse(ics: string): [string, string][] {
  const unfolded = ics.replace(/\r\n[ \t]/g, "");
  return unfolded
    .split("\r\n")
    .filter(Boolean)
    .map((line) => {
      const i = line.indexOf(":");
      return [line.slice(0, i), line.slice(i + 1)];
    });
}

function unescape(value: string): string {
  return value.replace(/\\([\\;,nN])/g, (_m, c: string) => (c === "n" || c === "N" ? "\n" : c));
}

const event: IcsEvent = {
  uid: bookingEventUid("0b7c1a8e-1f7d-4b7e-9d55-6c1f4b0e2a11", "https://book.example.com/anything"),
  sequence: 2,
  stamp: new Date("2026-11-30T12:00:00.123Z"),
  start: new Date("2026-12-08T09:30:00Z"),
  end: new Date("2026-12-08T12:30:00Z"),
  summary: "Full Valet, Wax; Polish — Shine Street",
  description:
    "Booking FC-7K3M9Q\nVehicle: Grey Volkswagen Golf (LB19XKT)\nTue 8 Dec, 09:30 GMT – 12:30 GMT\nQuestions? Call 020 7946 0000 or write to bookings@example.com — we're happy to help. Café crème ☕ included.",
  location: "Flat 2, 10 Acre Lane, London SW9 8AB",
  status: "CONFIRMED",
  organizer: { name: 'Shine "Street"', email: "bookings@example.com" },
};

describe("ics", () => {
  it("builds an RFC 5545 calendar: CRLF lines, UTC times, stable UID, sequence and stamp", () => {
    const ics = buildIcs(event);
    expect(ics.endsWith("\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/); // no bare LF or CR anywhere
    const props = parse(ics);
    const get = (name: string) => props.find(([n]) => n === name)?.[1];
    expect(props[0]).toEqual(["BEGIN", "VCALENDAR"]);
    expect(props.at(-1)).toEqual(["END", "VCALENDAR"]);
    expect(get("VERSION")).toBe("2.0");
    expect(get("PRODID")).toBeTruthy();
    expect(get("METHOD")).toBe("PUBLISH");
    expect(get("UID")).toBe("0b7c1a8e-1f7d-4b7e-9d55-6c1f4b0e2a11@book.example.com");
    expect(get("SEQUENCE")).toBe("2");
    expect(get("DTSTAMP")).toBe("20261130T120000Z");
    expect(get("DTSTART")).toBe("20261208T093000Z");
    expect(get("DTEND")).toBe("20261208T123000Z");
    expect(get("STATUS")).toBe("CONFIRMED");
    expect(unescape(get("SUMMARY") ?? "")).toBe(event.summary);
    expect(unescape(get("DESCRIPTION") ?? "")).toBe(event.description);
    expect(unescape(get("LOCATION") ?? "")).toBe(event.location);
    expect(props.find(([n]) => n.startsWith("ORGANIZER"))).toEqual([
      `ORGANIZER;CN="Shine 'Street'"`,
      "mailto:bookings@example.com",
    ]);
  });

  it("folds every physical line at 75 octets, never inside a UTF-8 character", () => {
    const ics = buildIcs(event);
    const lines = ics.split("\r\n");
    for (const line of lines) expect(octets(line)).toBeLessThanOrEqual(75);
    expect(lines.some((l) => l.startsWith(" "))).toBe(true);
    // Decoding each physical line on its own must not produce replacement characters.
    for (const line of lines) expect(line).not.toContain("\uFFFD");
  });

  it("folding round-trips any text", () => {
    fc.assert(
      fc.property(fc.string({ unit: "grapheme", maxLength: 400 }), (text) => {
        const folded = foldIcsLine(`DESCRIPTION:${escapeIcsText(text)}`);
        for (const line of folded.split("\r\n")) expect(octets(line)).toBeLessThanOrEqual(75);
        const [[, value] = ["", ""]] = parse(`${folded}\r\n`);
        expect(unescape(value)).toBe(text.replace(/\r\n|\r/g, "\n"));
      }),
    );
  });

  it("escapes backslashes, semicolons, commas and line breaks", () => {
    expect(escapeIcsText("a\\b;c,d\ne\r\nf")).toBe("a\\\\b\\;c\\,d\\ne\\nf");
  });

  it("cancels with METHOD:CANCEL and STATUS:CANCELLED under the same UID", () => {
    const ics = buildIcs({ ...event, status: "CANCELLED", sequence: 3 }, "CANCEL");
    const props = parse(ics);
    expect(props).toContainEqual(["METHOD", "CANCEL"]);
    expect(props).toContainEqual(["STATUS", "CANCELLED"]);
    expect(props).toContainEqual(["UID", "0b7c1a8e-1f7d-4b7e-9d55-6c1f4b0e2a11@book.example.com"]);
    expect(props).toContainEqual(["SEQUENCE", "3"]);
  });

  it("formats instants in UTC without fractions", () => {
    expect(formatIcsInstant(new Date("2026-03-29T00:59:59.999Z"))).toBe("20260329T005959Z");
  });
});

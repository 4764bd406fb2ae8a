import { describe, expect, it } from "vitest";
import {
  computeSlots,
  partsOfSlot,
  partsOfWork,
  type Slot,
  type SlotQuery,
} from "@/modules/availability/domain/slots";
import { MAX_VISIT_SPAN_DAYS, visitParts } from "./visit-days";

// Visits over several days (issue 40 §2, ADR 0056), checked against instants written out by hand in UTC —
// an independent zone computation: London is UTC+0 in winter and UTC+1 from the last Sunday of March.

const TZ = "Europe/London";
const r = (opens: string, closes: string) => {
  const m = (s: string) => Number(s.slice(0, 2)) * 60 + Number(s.slice(3));
  return { opens: m(opens), closes: m(closes) };
};
const DEMO_DAY = [r("08:00", "12:30"), r("13:00", "18:00")];
const WEEKDAYS = { 1: DEMO_DAY, 2: DEMO_DAY, 3: DEMO_DAY, 4: DEMO_DAY, 5: DEMO_DAY };
const iso = (d: Date) => d.toISOString().slice(0, 16) + "Z";
const partsIso = (parts: { start: Date; end: Date }[]) => parts.map((p) => [iso(p.start), iso(p.end)]);

function query(over: Partial<SlotQuery> = {}): SlotQuery {
  return {
    timeZone: TZ,
    weeklyHours: WEEKDAYS,
    overrides: {},
    teams: ["van1", "van2"],
    held: [],
    slotIntervalMinutes: 30,
    bufferMinutes: 0,
    minNoticeMinutes: 0,
    horizonDays: 400,
    durationMinutes: 10 * 60,
    spansBreaks: true,
    now: new Date("2026-11-22T00:00:00Z"),
    from: "2026-12-07",
    to: "2026-12-07",
    ...over,
  };
}

describe("a visit over several days", () => {
  it("fills its first day from the opening (the break held) and ends on the next working day", () => {
    const slots = computeSlots(query()).get("2026-12-07") ?? [];
    expect(slots).toHaveLength(1);
    const slot = slots[0] as Slot;
    // 9 h 30 of work on Monday 08:00–18:00 (lunch held), the last 30 minutes on Tuesday.
    expect(partsIso(partsOfSlot(slot))).toEqual([
      ["2026-12-07T08:00Z", "2026-12-07T18:00Z"],
      ["2026-12-08T08:00Z", "2026-12-08T08:30Z"],
    ]);
    expect(iso(slot.end)).toBe("2026-12-08T08:30Z");
    expect(slot.teamIds).toEqual(["van1", "van2"]);
  });

  it("keeps the buffers inside each day, skips the weekend and a bank holiday, and needs a team free on every part", () => {
    const q = query({
      from: "2026-12-24",
      to: "2026-12-24",
      bufferMinutes: 30,
      durationMinutes: 12 * 60,
      overrides: { "2026-12-25": [], "2026-12-28": [] },
      // van1 is busy on the second part's day.
      held: [
        {
          teamId: "van1",
          start: Date.parse("2026-12-29T15:00:00Z"),
          end: Date.parse("2026-12-29T16:00:00Z"),
        },
      ],
    });
    const slot = computeSlots(q).get("2026-12-24")?.[0] as Slot;
    // Thursday 08:30–17:30 holds 8 h 30 of work; Friday (Christmas), the weekend and Monday 28 (a holiday)
    // are skipped; Tuesday 29 starts at 08:30 and does the last 3 h 30 by 12:00.
    expect(partsIso(partsOfSlot(slot))).toEqual([
      ["2026-12-24T08:30Z", "2026-12-24T17:30Z"],
      ["2026-12-29T08:30Z", "2026-12-29T12:00Z"],
    ]);
    expect(slot.teamIds).toEqual(["van1", "van2"]);
    const busy = computeSlots({
      ...q,
      held: [
        {
          teamId: "van1",
          start: Date.parse("2026-12-29T11:00:00Z"),
          end: Date.parse("2026-12-29T12:30:00Z"),
        },
      ],
    }).get("2026-12-24");
    expect(busy?.[0]?.teamIds).toEqual(["van2"]);
  });

  it("counts real hours across the spring clock change", () => {
    // Friday 26 March 2027 is GMT; Monday 29 March is BST (08:00 local = 07:00 UTC).
    const q = query({ from: "2027-03-26", to: "2027-03-26", now: new Date("2027-01-01T00:00:00Z") });
    const slot = computeSlots(q).get("2027-03-26")?.[0] as Slot;
    expect(partsIso(partsOfSlot(slot))).toEqual([
      ["2027-03-26T08:00Z", "2027-03-26T18:00Z"],
      ["2027-03-29T07:00Z", "2027-03-29T07:30Z"],
    ]);
  });

  it("agrees with an admin's start at the same time (partsOfWork), and never runs past its reach", () => {
    const q = query({ bufferMinutes: 15 });
    const slot = computeSlots(q).get("2026-12-07")?.[0] as Slot;
    expect(partsIso(partsOfWork(q, slot.start))).toEqual(partsIso(partsOfSlot(slot)));
    const closedAfter = Object.fromEntries(
      Array.from({ length: MAX_VISIT_SPAN_DAYS }, (_, i) => {
        const d = new Date(Date.UTC(2026, 11, 8 + i));
        return [d.toISOString().slice(0, 10), []];
      }),
    );
    expect(computeSlots(query({ overrides: closedAfter })).get("2026-12-07")).toBeUndefined();
    expect(
      visitParts(
        { timeZone: TZ, weeklyHours: WEEKDAYS, overrides: {} },
        "2026-12-05",
        Date.parse("2026-12-05T09:00:00Z"),
        60_000,
        0,
      ),
    ).toBeNull(); // a Saturday: no hours to start in
  });

  it("has no visit over several days for work that may not span a break", () => {
    expect(computeSlots(query({ spansBreaks: false })).get("2026-12-07")).toBeUndefined();
  });
});

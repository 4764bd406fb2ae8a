import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatTime, localToInstant } from "@/lib/dates";
import {
  computeSlots,
  countSlotsByDate,
  type HeldInterval,
  partsOfSlot,
  type SlotQuery,
  teamsFreeAt,
} from "./slots";
import { hourLabels } from "@tests/support/hours";

const TZ = "Europe/London";
const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  const t = localToInstant(date, h * 60 + m, TZ);
  if (!t) throw new Error(`no such local time ${date} ${hhmm}`);
  return t;
};
const r = (opens: string, closes: string) => {
  const min = (s: string) => {
    const [h, m] = s.split(":").map(Number) as [number, number];
    return h * 60 + m;
  };
  return { opens: min(opens), closes: min(closes) };
};

/** A Monday in winter, far from "now" problems unless a test sets now. */
const MON = "2026-12-07";

function query(over: Partial<SlotQuery> = {}): SlotQuery {
  return {
    timeZone: TZ,
    weeklyHours: { 1: [r("09:00", "17:00")], 2: [r("09:00", "17:00")] },
    overrides: {},
    teams: ["van1"],
    held: [],
    slotIntervalMinutes: 60,
    bufferMinutes: 0,
    minNoticeMinutes: 0,
    horizonDays: 1000,
    durationMinutes: 60,
    now: new Date("2026-11-22T00:00:00Z"),
    from: MON,
    to: MON,
    ...over,
  };
}
const times = (q: SlotQuery, date = q.from) =>
  (computeSlots(q).get(date) ?? []).map((s) => formatTime(s.start, TZ).replace(/ .*/, ""));

describe("computeSlots — the rules of §4", () => {
  it("steps from the opening and keeps the whole job inside the range", () => {
    expect(times(query())).toEqual(["09:00", "10:00", "11:00", "12:00", "13:00", "14:00", "15:00", "16:00"]);
    expect(times(query({ durationMinutes: 150, slotIntervalMinutes: 30 }))).toEqual([
      "09:00",
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "11:30",
      "12:00",
      "12:30",
      "13:00",
      "13:30",
      "14:00",
      "14:30",
    ]);
  });

  it("a service that may not span a break: each range is its own day part, stepped from its own opening", () => {
    const q = query({
      weeklyHours: { 1: [r("08:00", "12:30"), r("13:00", "18:00")] },
      durationMinutes: 120,
      spansBreaks: false,
    });
    expect(times(q)).toEqual(["08:00", "09:00", "10:00", "13:00", "14:00", "15:00", "16:00"]);
  });

  it("work goes on after the break: 8 h from 08:00 with a 30-minute lunch ends at 16:30", () => {
    const q = query({
      weeklyHours: { 1: [r("08:00", "12:30"), r("13:00", "18:00")] },
      durationMinutes: 480,
      slotIntervalMinutes: 30,
    });
    const slots = computeSlots(q).get(MON) ?? [];
    const hhmm = (d: Date) => formatTime(d, TZ).replace(/ .*/, "");
    expect(slots.map((s) => `${hhmm(s.start)}–${hhmm(s.end)}`)).toEqual([
      "08:00–16:30",
      "08:30–17:00",
      "09:00–17:30",
      "09:30–18:00",
    ]);
    // Not bookable at all when it may not span the break: no range holds 8 h.
    expect(computeSlots({ ...q, spansBreaks: false }).get(MON)).toBeUndefined();
  });

  it("a job crossing the break holds the break: time held in it blocks the job", () => {
    const q = query({
      weeklyHours: { 1: [r("08:00", "12:30"), r("13:00", "18:00")] },
      durationMinutes: 480,
      slotIntervalMinutes: 30,
      teams: ["van1", "van2"],
      held: [{ teamId: "van1", start: +at(MON, "12:35"), end: +at(MON, "12:55") }],
    });
    expect((computeSlots(q).get(MON) ?? []).map((s) => s.teamIds)).toEqual([
      ["van2"],
      ["van2"],
      ["van2"],
      ["van2"],
    ]);
  });

  it("buffers stay inside the range the job starts in and the one it ends in", () => {
    const q = query({
      weeklyHours: { 1: [r("08:00", "12:30"), r("13:00", "18:00")] },
      durationMinutes: 480,
      slotIntervalMinutes: 30,
      bufferMinutes: 30,
    });
    // 08:30 (08:00 buffer) → 17:00, after-buffer to 17:30; 09:00 → 17:30, buffer to 18:00.
    expect(times(q)).toEqual(["08:30", "09:00"]);
  });

  it("ranges that touch are one stretch of work even for a service that may not span breaks", () => {
    const q = query({
      weeklyHours: { 1: [r("08:00", "12:30"), r("12:30", "18:00")] },
      durationMinutes: 600,
      spansBreaks: false,
    });
    expect(times(q)).toEqual(["08:00"]);
    expect(times({ ...q, spansBreaks: true })).toEqual(["08:00"]);
  });

  it("keeps the buffer before and after inside the range and clear of held time", () => {
    const q = query({ bufferMinutes: 30, slotIntervalMinutes: 30 });
    // 09:00 would need 08:30–10:30; 09:30 is the first start whose footprint fits.
    expect(times(q)[0]).toBe("09:30");
    expect(times(q).at(-1)).toBe("15:30");
    const held: HeldInterval[] = [{ teamId: "van1", start: +at(MON, "12:00"), end: +at(MON, "13:00") }];
    // Footprint [start−30, start+90) must miss 12:00–13:00: last before is 10:30, first after 13:30.
    expect(times({ ...q, held })).toEqual([
      "09:30",
      "10:00",
      "10:30",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
    ]);
  });

  it("a weather closure removes the jobs that would overlap it, for its teams only (buffers may)", () => {
    const q = query({ bufferMinutes: 30, slotIntervalMinutes: 30, teams: ["van1", "van2"] });
    const closed: HeldInterval[] = [{ teamId: "van1", start: +at(MON, "12:00"), end: +at(MON, "13:00") }];
    const slots = computeSlots({ ...q, closed }).get(MON) ?? [];
    const hhmm = (d: Date) => formatTime(d, TZ).replace(/ .*/, "");
    const van1 = slots.filter((s) => s.teamIds.includes("van1")).map((s) => hhmm(s.start));
    // The job [start, start+60) must miss 12:00–13:00, its buffers need not: 11:00 and 13:00 stay.
    expect(van1).toEqual([
      "09:30",
      "10:00",
      "10:30",
      "11:00",
      "13:00",
      "13:30",
      "14:00",
      "14:30",
      "15:00",
      "15:30",
    ]);
    // The other team is untouched: every start is still offered.
    expect(slots.map((s) => hhmm(s.start))).toEqual(times(q));
    expect(teamsFreeAt({ ...q, closed }, at(MON, "12:00"))).toEqual(["van2"]);
  });

  it("an override replaces the weekly hours; a closed override has no slots", () => {
    expect(times(query({ overrides: { [MON]: [r("10:00", "12:00")] } }))).toEqual(["10:00", "11:00"]);
    expect(times(query({ overrides: { [MON]: [] } }))).toEqual([]);
    expect(times(query({ weeklyHours: {} }))).toEqual([]);
  });

  it("blocks and bookings take time from their team only; a start lists the teams free for it", () => {
    const held: HeldInterval[] = [
      { teamId: "van1", start: +at(MON, "09:00"), end: +at(MON, "12:00") },
      { teamId: "van2", start: +at(MON, "11:00"), end: +at(MON, "17:00") },
    ];
    const slots = computeSlots(query({ teams: ["van1", "van2"], held })).get(MON) ?? [];
    const map = Object.fromEntries(slots.map((s) => [formatTime(s.start, TZ).slice(0, 5), s.teamIds]));
    expect(map).toEqual({
      "09:00": ["van2"],
      "10:00": ["van2"],
      "12:00": ["van1"],
      "13:00": ["van1"],
      "14:00": ["van1"],
      "15:00": ["van1"],
      "16:00": ["van1"],
    });
    expect(teamsFreeAt(query({ teams: ["van1", "van2"], held }), at(MON, "10:00"))).toEqual(["van2"]);
    expect(teamsFreeAt(query({ teams: ["van1", "van2"], held }), at(MON, "10:15"))).toEqual([]);
  });

  it("respects minimum notice and the horizon", () => {
    const now = at(MON, "10:20");
    expect(times(query({ now, minNoticeMinutes: 120 }))).toEqual(["13:00", "14:00", "15:00", "16:00"]);
    const q = query({ now: at(MON, "08:00"), horizonDays: 1, from: MON, to: "2026-12-09" });
    const days = [...computeSlots(q).keys()];
    expect(days).toEqual([MON, "2026-12-08"]);
  });

  it("has no slots without teams, or with a job longer than the day that may not span a break", () => {
    expect(times(query({ teams: [] }))).toEqual([]);
    expect(times(query({ durationMinutes: 9 * 60, spansBreaks: false }))).toEqual([]);
  });
});

describe("computeSlots — daylight saving time in Europe/London", () => {
  const SPRING = "2027-03-28"; // 01:00 GMT → 02:00 BST: local 01:00–01:59 does not exist
  const AUTUMN = "2026-10-25"; // 02:00 BST → 01:00 GMT: local 01:00–01:59 happens twice

  it("a 09:00–17:00 day is 8 hours of slots on both days", () => {
    for (const date of [SPRING, AUTUMN]) {
      const q = query({
        weeklyHours: { 7: [r("09:00", "17:00")] },
        from: date,
        to: date,
        now: new Date("2026-01-01"),
      });
      const slots = computeSlots(q).get(date) ?? [];
      expect(slots.map((s) => formatTime(s.start, TZ).slice(0, 5))).toEqual(hourLabels(9, 16));
      expect(slots.at(-1)?.end.getTime()).toBe(at(date, "17:00").getTime());
    }
  });

  it("work across a break counts real hours on both clock-change days", () => {
    // Fall back: 00:00–03:00 local is 4 real hours (01:00–02:00 happens twice), so 10 h of work from
    // 00:00 BST (23:00Z) is 4 h, the break, then 6 h from 04:00 GMT: it ends at 10:00 GMT (10:00Z).
    const autumn = query({
      weeklyHours: { 7: [r("00:00", "03:00"), r("04:00", "12:00")] },
      durationMinutes: 600,
      from: AUTUMN,
      to: AUTUMN,
      now: new Date("2026-01-01"),
    });
    const a = computeSlots(autumn).get(AUTUMN) ?? [];
    expect(a[0]?.start.toISOString()).toBe("2026-10-24T23:00:00.000Z");
    expect(a[0]?.end.toISOString()).toBe("2026-10-25T10:00:00.000Z");
    // Spring forward: 00:00–03:00 local is 2 real hours, so the same job from 00:00 GMT (00:00Z) does
    // 2 h, then 8 h from 04:00 BST (03:00Z): it ends at 12:00 BST (11:00Z), the day's close.
    const spring = { ...autumn, from: SPRING, to: SPRING };
    const s = computeSlots(spring).get(SPRING) ?? [];
    expect(s[0]?.start.toISOString()).toBe("2027-03-28T00:00:00.000Z");
    expect(s[0]?.end.toISOString()).toBe("2027-03-28T11:00:00.000Z");
    expect(s).toHaveLength(1);
  });

  it("on the spring-forward Sunday a 01:30 start does not exist", () => {
    const q = query({
      weeklyHours: { 7: [r("00:00", "04:00")] },
      slotIntervalMinutes: 30,
      durationMinutes: 30,
      from: SPRING,
      to: SPRING,
      now: new Date("2026-01-01"),
    });
    const slots = computeSlots(q).get(SPRING) ?? [];
    expect(slots.map((s) => s.start.toISOString().slice(11, 16))).toEqual([
      "00:00",
      "00:30",
      "01:00",
      "01:30",
      "02:00",
      "02:30",
    ]); // UTC: local 00:00, 00:30, then 02:00 BST (= 01:00 UTC) … 03:30 BST; 4 local hours are 3 real ones
    expect(slots.map((s) => formatTime(s.start, TZ).slice(0, 5))).not.toContain("01:30");
  });

  it("on the fall-back Sunday 01:30 is offered once — its first occurrence", () => {
    const q = query({
      weeklyHours: { 7: [r("00:00", "04:00")] },
      slotIntervalMinutes: 30,
      durationMinutes: 30,
      from: AUTUMN,
      to: AUTUMN,
      now: new Date("2026-01-01"),
    });
    const slots = computeSlots(q).get(AUTUMN) ?? [];
    const oneThirty = slots.filter((s) => formatTime(s.start, TZ).startsWith("01:30"));
    expect(oneThirty).toHaveLength(1);
    expect(oneThirty[0]?.start.toISOString()).toBe("2026-10-25T00:30:00.000Z"); // 01:30 BST
    expect(new Set(slots.map((s) => s.start.getTime())).size).toBe(slots.length);
  });
});

describe("computeSlots — properties", () => {
  const base = +at(MON, "00:00");
  const heldArb = fc.array(
    fc.record({
      teamId: fc.constantFrom("a", "b", "c"),
      startMin: fc.integer({ min: 0, max: 3 * 1440 }),
      len: fc.integer({ min: 5, max: 600 }),
    }),
    { maxLength: 40 },
  );

  it("never returns a slot whose footprint overlaps time held by a team it names, and agrees with brute force", () => {
    fc.assert(
      fc.property(
        heldArb,
        fc.integer({ min: 0, max: 90 }),
        fc.constantFrom(15, 30, 60),
        fc.integer({ min: 1, max: 132 }).map((n) => n * 5),
        fc.boolean(),
        (heldSpec, buffer, interval, duration, spansBreaks) => {
          const held = heldSpec.map((h) => ({
            teamId: h.teamId,
            start: base + h.startMin * 60_000,
            end: base + (h.startMin + h.len) * 60_000,
          }));
          const q = query({
            teams: ["a", "b", "c"],
            held,
            bufferMinutes: buffer,
            slotIntervalMinutes: interval,
            durationMinutes: duration,
            spansBreaks,
            weeklyHours: { 1: [r("08:00", "12:30"), r("13:00", "18:00")], 2: [r("07:00", "19:00")] },
            from: MON,
            to: "2026-12-09",
          });
          const result = computeSlots(q);
          for (const [, slots] of result) {
            for (const s of slots) {
              // Each day's part with its buffers (one part for a job of one day — ADR 0056).
              for (const team of ["a", "b", "c"]) {
                const clash = partsOfSlot(s).some((p) => {
                  const from = p.start.getTime() - buffer * 60_000;
                  const to = p.end.getTime() + buffer * 60_000;
                  return held.some((h) => h.teamId === team && h.start < to && h.end > from);
                });
                expect(s.teamIds.includes(team)).toBe(!clash);
              }
            }
          }
          // Brute force: every grid start whose footprint fits a range and misses a team's held time.
          const brute = new Map<string, number>();
          for (const [date, weekday] of [
            [MON, 1],
            ["2026-12-08", 2],
          ] as const) {
            const ranges = q.weeklyHours[weekday] ?? [];
            let count = 0;
            const wall = (m: number) => +at(date, `${Math.floor(m / 60)}:${m % 60}`);
            for (const [ri, rg] of ranges.entries()) {
              for (let m = rg.opens; m < rg.closes; m += interval) {
                // Walk the work through the ranges in wall minutes (no clock change in this week).
                let left = duration;
                let endMin = -1;
                let endRange = -1;
                for (let j = ri; j < ranges.length && endMin < 0; j++) {
                  const rj = ranges[j] as { opens: number; closes: number };
                  if (j > ri && !spansBreaks) break;
                  const from = j === ri ? m : rj.opens;
                  if (left <= rj.closes - from) {
                    endMin = from + left;
                    endRange = j;
                  } else left -= rj.closes - from;
                }
                if (endMin < 0) continue;
                const start = wall(m);
                const from = start - buffer * 60_000;
                const to = wall(endMin) + buffer * 60_000;
                if (from < wall(rg.opens)) continue;
                if (to > wall((ranges[endRange] as { closes: number }).closes)) continue;
                if (
                  ["a", "b", "c"].some(
                    (t) => !held.some((h) => h.teamId === t && h.start < to && h.end > from),
                  )
                )
                  count++;
              }
            }
            brute.set(date, count);
          }
          // A day that can't hold the work from its first opening to its last closing offers one start
          // at most: the visit over several days (ADR 0056).
          for (const [date, weekday] of [
            [MON, 1],
            ["2026-12-08", 2],
          ] as const) {
            const ranges = q.weeklyHours[weekday] ?? [];
            const open = ranges.reduce((sum, rg) => sum + rg.closes - rg.opens, 0);
            const severalDays = spansBreaks && open - 2 * buffer < duration;
            if (severalDays) expect(result.get(date)?.length ?? 0).toBeLessThanOrEqual(1);
            else expect(result.get(date)?.length ?? 0).toBe(brute.get(date));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("counts per date for the month view, zero for closed days", () => {
    const counts = countSlotsByDate(query({ from: "2026-12-06", to: MON }));
    expect([...counts.entries()]).toEqual([
      ["2026-12-06", 0],
      [MON, 8],
    ]);
  });
});

import { describe, expect, it } from "vitest";
import { localToInstant } from "@/lib/dates";
import {
  axisPercent,
  blockPosition,
  capacityPercent,
  dayAxis,
  heatLevel,
  lateness,
  sparklinePoints,
} from "./board";
import { hourLabels } from "@tests/support/hours";

const TZ = "Europe/London";
const at = (date: string, hhmm: string) => {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  const t = localToInstant(date, h * 60 + m, TZ);
  if (!t) throw new Error(`no ${date} ${hhmm}`);
  return t.getTime();
};

describe("lateness", () => {
  const job = { startsAt: at("2026-11-23", "09:30"), endsAt: at("2026-11-23", "11:00") };
  it.each([
    ["confirmed", "09:30", null],
    ["confirmed", "09:31", "late_start"],
    ["confirmed", "12:00", "late_start"],
    ["pending_payment", "09:45", "late_start"],
    ["awaiting_approval", "09:00", null],
    ["in_progress", "10:59", null],
    ["in_progress", "11:01", "over_time"],
    ["completed", "12:00", null],
    ["no_show", "12:00", null],
  ] as const)("%s at %s → %s", (status, time, expected) => {
    expect(lateness({ ...job, status }, at("2026-11-23", time))).toBe(expected);
  });
});

describe("capacity heat map", () => {
  it("is booked ÷ open as a whole percentage, over 100 when over-booked, null when closed", () => {
    expect(capacityPercent(300, 600)).toBe(50);
    expect(capacityPercent(200, 600)).toBe(33);
    expect(capacityPercent(700, 600)).toBe(117);
    expect(capacityPercent(0, 600)).toBe(0);
    expect(capacityPercent(0, 0)).toBeNull();
    expect(capacityPercent(60, 0)).toBeNull();
  });
  it.each([
    [null, 0],
    [0, 0],
    [1, 1],
    [25, 1],
    [26, 2],
    [50, 2],
    [75, 3],
    [76, 4],
    [130, 4],
  ] as const)("%s%% is level %s", (p, level) => expect(heatLevel(p)).toBe(level));
});

describe("dayAxis and positions", () => {
  it("runs from opening to closing with a tick per local hour", () => {
    const axis = dayAxis("2026-11-23", TZ, [{ opens: 480, closes: 1080 }]);
    expect(axis.start).toBe(at("2026-11-23", "08:00"));
    expect(axis.end).toBe(at("2026-11-23", "18:00"));
    expect(axis.ticks.map((t) => t.label)).toEqual(hourLabels(8, 18));
    expect(axisPercent(axis, at("2026-11-23", "13:00"))).toBe(50);
    expect(
      blockPosition(axis, { startsAt: at("2026-11-23", "09:00"), endsAt: at("2026-11-23", "10:30") }),
    ).toEqual({
      left: 10,
      width: 15,
    });
  });

  it("rounds part hours outwards and widens to a job outside the hours", () => {
    const axis = dayAxis(
      "2026-11-23",
      TZ,
      [{ opens: 510, closes: 1050 }],
      [{ startsAt: at("2026-11-23", "07:15"), endsAt: at("2026-11-23", "08:00") }],
    );
    expect(axis.start).toBe(at("2026-11-23", "07:00"));
    expect(axis.end).toBe(at("2026-11-23", "18:00"));
  });

  it("uses 08:00–18:00 on a closed day", () => {
    const axis = dayAxis("2026-11-22", TZ, []);
    expect(axis.start).toBe(at("2026-11-22", "08:00"));
    expect(axis.end).toBe(at("2026-11-22", "18:00"));
  });

  it("on the night the clocks go forward, 00:00–04:00 is three hours and 01:00 has no tick", () => {
    const axis = dayAxis("2026-03-29", TZ, [{ opens: 0, closes: 240 }]);
    expect(axis.end - axis.start).toBe(3 * 3_600_000);
    expect(axis.ticks.map((t) => t.label)).toEqual(["00:00", "02:00", "03:00", "04:00"]);
    // 02:00 BST is one elapsed hour after midnight: a third of the axis.
    expect(axisPercent(axis, at("2026-03-29", "02:00"))).toBeCloseTo(100 / 3, 6);
  });

  it("on the night the clocks go back, 00:00–04:00 is five hours", () => {
    const axis = dayAxis("2026-10-25", TZ, [{ opens: 0, closes: 240 }]);
    expect(axis.end - axis.start).toBe(5 * 3_600_000);
    // 02:00 GMT comes three elapsed hours after midnight (01:00–02:00 happens twice).
    expect(axisPercent(axis, at("2026-10-25", "02:00"))).toBeCloseTo(60, 6);
    // A job 09:00–10:00 on a 08:00–18:00 axis of that day sits at a tenth, a tenth wide (no DST inside).
    const day = dayAxis("2026-10-25", TZ, [{ opens: 480, closes: 1080 }]);
    expect(
      blockPosition(day, { startsAt: at("2026-10-25", "09:00"), endsAt: at("2026-10-25", "10:00") }),
    ).toEqual({
      left: 10,
      width: 10,
    });
  });

  it("clamps positions to the axis", () => {
    const axis = { start: 1000, end: 2000 };
    expect(axisPercent(axis, 500)).toBe(0);
    expect(axisPercent(axis, 2500)).toBe(100);
    expect(blockPosition(axis, { startsAt: 1500, endsAt: 3000 })).toEqual({ left: 50, width: 50 });
  });
});

describe("sparklinePoints", () => {
  it("spreads the values across the width and scales them to the shared maximum", () => {
    expect(sparklinePoints([0, 5, 10], 10, 100, 20)).toBe("0,20 50,10 100,0");
    expect(sparklinePoints([4], 8, 100, 20)).toBe("0,10");
    expect(sparklinePoints([], 8, 100, 20)).toBe("");
    expect(sparklinePoints([0, 0], 0, 10, 20)).toBe("0,20 10,20");
  });
});

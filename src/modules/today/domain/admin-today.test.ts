import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { bookingMoney, depositOwed } from "@/lib/booking/booking-money";
import { describeDelta, isUnpaidSoon, nextJobId, todayPeriods } from "./admin-today";
import { localDayStart } from "@/lib/dates";

const TZ = "Europe/London";
const iso = (d: Date) => d.toISOString();

describe("todayPeriods (business zone, ISO weeks)", () => {
  it("an ordinary winter Wednesday: days and the Monday-to-Sunday week, the window from last Monday", () => {
    const p = todayPeriods(new Date("2026-11-25T10:15:30Z"), TZ);
    expect(p.today).toBe("2026-11-25");
    expect(p.tomorrow).toBe("2026-11-26");
    expect(iso(p.day.current.from)).toBe("2026-11-25T00:00:00.000Z");
    expect(iso(p.day.current.to)).toBe("2026-11-26T00:00:00.000Z");
    expect(iso(p.day.previous.from)).toBe("2026-11-24T00:00:00.000Z");
    expect(iso(p.day.previous.to)).toBe("2026-11-25T00:00:00.000Z");
    expect(iso(p.day.currentToDate.to)).toBe("2026-11-25T10:15:30.000Z");
    expect(iso(p.day.previousToDate.to)).toBe("2026-11-24T10:15:30.000Z");
    expect(p.week).toMatchObject({ currentDate: "2026-11-23", previousDate: "2026-11-16", days: 7 });
    expect(iso(p.week.current.to)).toBe("2026-11-30T00:00:00.000Z");
    expect(iso(p.week.previousToDate.to)).toBe("2026-11-18T10:15:30.000Z");
    expect(p.window).toEqual({ from: "2026-11-16", to: "2026-11-29" });
  });

  it("a Sunday belongs to the week that began on Monday; a Monday starts a new one", () => {
    expect(todayPeriods(new Date("2026-11-29T12:00:00Z"), TZ).week.currentDate).toBe("2026-11-23");
    expect(todayPeriods(new Date("2026-11-30T12:00:00Z"), TZ).week.currentDate).toBe("2026-11-30");
  });

  it("the local date decides, not UTC: 23:30 UTC in summer is already tomorrow in London", () => {
    const p = todayPeriods(new Date("2026-07-14T23:30:00Z"), TZ);
    expect(p.today).toBe("2026-07-15");
    expect(iso(p.day.current.from)).toBe("2026-07-14T23:00:00.000Z");
  });

  it("the day the clocks go forward has 23 hours and its week ends at BST midnight", () => {
    const p = todayPeriods(new Date("2026-03-29T12:00:00Z"), TZ);
    expect(p.day.current.to.getTime() - p.day.current.from.getTime()).toBe(23 * 3_600_000);
    expect(iso(p.week.current.from)).toBe("2026-03-23T00:00:00.000Z");
    expect(iso(p.week.current.to)).toBe("2026-03-29T23:00:00.000Z");
  });

  it("the day the clocks go back has 25 hours", () => {
    const p = todayPeriods(new Date("2026-10-25T12:00:00Z"), TZ);
    expect(iso(p.day.current.from)).toBe("2026-10-24T23:00:00.000Z");
    expect(iso(p.day.current.to)).toBe("2026-10-26T00:00:00.000Z");
  });

  it("'by this time yesterday' is the same wall-clock time across a clock change", () => {
    // Monday 30 March 10:15 BST; Sunday 29 March 10:15 was already BST; Monday 23 March 10:15 was GMT.
    const p = todayPeriods(new Date("2026-03-30T09:15:00Z"), TZ);
    expect(iso(p.day.previousToDate.to)).toBe("2026-03-29T09:15:00.000Z");
    expect(iso(p.week.previousToDate.to)).toBe("2026-03-23T10:15:00.000Z");
  });

  it("a time that did not exist yesterday (the skipped hour) falls back to the same elapsed time", () => {
    // Monday 30 March 01:30 BST; Sunday 29 March 01:30 never happened in London.
    const p = todayPeriods(new Date("2026-03-30T00:30:00Z"), TZ);
    expect(iso(p.day.previousToDate.to)).toBe("2026-03-29T01:30:00.000Z");
    expect(p.day.previousToDate.to.getTime()).toBeLessThanOrEqual(p.day.previous.to.getTime());
  });

  it("works in a zone far from UTC", () => {
    const p = todayPeriods(new Date("2026-11-25T20:00:00Z"), "Pacific/Auckland");
    expect(p.today).toBe("2026-11-26");
    expect(iso(localDayStart("2026-11-26", "Pacific/Auckland"))).toBe("2026-11-25T11:00:00.000Z");
  });
});

describe("the numbers", () => {
  it.each([
    [5, 3, "up", "Up 2 on yesterday"],
    [3, 5, "down", "Down 2 on yesterday"],
    [4, 4, "same", "Same as yesterday"],
    [null, 4, "same", "No comparison: closed yesterday"],
  ] as const)("%s against %s is %s", (current, previous, direction, words) => {
    expect(describeDelta(current, previous, String, "yesterday")).toEqual({ direction, words });
  });
});

describe("isUnpaidSoon", () => {
  const now = new Date("2026-11-23T09:00:00Z");
  const base = {
    status: "confirmed" as const,
    startsAt: new Date("2026-11-23T15:00:00Z"),
    depositDueMinor: 2000,
    totalMinor: 8000,
    adjustmentMinor: 0,
    feeMinor: null,
    amountPaidMinor: 0,
    amountRefundedMinor: 0,
    holdExpiresAt: null,
  };
  it.each([
    ["a confirmed booking owing its deposit, starting in 6 h", base, true],
    ["deposit paid", { ...base, amountPaidMinor: 2000 }, false],
    ["paid but refunded", { ...base, amountPaidMinor: 2000, amountRefundedMinor: 2000 }, true],
    [
      "a discount took the charge below what was paid",
      { ...base, amountPaidMinor: 1500, adjustmentMinor: 6500 },
      false,
    ],
    ["nothing due before the day", { ...base, depositDueMinor: 0 }, false],
    ["starting after the window", { ...base, startsAt: new Date("2026-11-23T21:00:01Z") }, false],
    ["starting exactly at the window's end", { ...base, startsAt: new Date("2026-11-23T21:00:00Z") }, true],
    ["already started", { ...base, startsAt: new Date("2026-11-23T08:00:00Z") }, false],
    [
      "awaiting payment with its hold alive",
      { ...base, status: "pending_payment" as const, holdExpiresAt: new Date("2026-11-23T09:20:00Z") },
      true,
    ],
    [
      "awaiting payment, hold lapsed (about to expire)",
      { ...base, status: "pending_payment" as const, holdExpiresAt: new Date("2026-11-23T09:00:00Z") },
      false,
    ],
    [
      "awaiting approval (no money before approval)",
      { ...base, status: "awaiting_approval" as const },
      false,
    ],
    ["cancelled", { ...base, status: "cancelled" as const }, false],
  ])("%s → %s", (_name, booking, expected) => {
    expect(isUnpaidSoon(booking, now, 12 * 60)).toBe(expected);
  });
});

describe("nextJobId", () => {
  const at = (h: number) => new Date(`2026-11-23T${String(h).padStart(2, "0")}:00:00Z`);
  const jobs = [
    { id: "done", status: "completed" as const, startsAt: at(8), endsAt: at(10) },
    { id: "late", status: "confirmed" as const, startsAt: at(7), endsAt: at(9) },
    { id: "b", status: "confirmed" as const, startsAt: at(13), endsAt: at(15) },
    { id: "a", status: "awaiting_approval" as const, startsAt: at(11), endsAt: at(12) },
    { id: "gone", status: "no_show" as const, startsAt: at(10), endsAt: at(11) },
  ];
  it("is the earliest job still to be done whose end has not passed", () => {
    expect(nextJobId(jobs, at(10))).toBe("a");
    expect(nextJobId(jobs, at(12))).toBe("b");
    expect(nextJobId(jobs, at(8))).toBe("late");
  });
  it("a job in progress is next until it is completed, even after its planned end", () => {
    const running = [{ id: "run", status: "in_progress" as const, startsAt: at(9), endsAt: at(11) }];
    expect(nextJobId(running, at(10))).toBe("run");
    expect(nextJobId(running, at(12))).toBe("run");
    expect(nextJobId([{ id: "run", status: "completed", startsAt: at(9), endsAt: at(11) }], at(12))).toBe(
      null,
    );
  });
  it("none when the day is done", () => {
    expect(nextJobId(jobs, at(16))).toBe(null);
  });
});

describe("depositOwed", () => {
  it("is the charge's part up to the deposit that net paid does not cover (the SQL's form)", () => {
    const amount = fc.integer({ min: 0, max: 20_000 });
    fc.assert(
      fc.property(
        fc.record({
          status: fc.constantFrom(
            "pending_payment",
            "confirmed",
            "completed",
            "cancelled",
            "no_show" as const,
          ),
          totalMinor: amount,
          adjustmentMinor: amount,
          feeMinor: fc.option(amount, { nil: null }),
          amountPaidMinor: amount,
          amountRefundedMinor: amount,
          depositDueMinor: amount,
        }),
        (b) => {
          const m = bookingMoney(b);
          expect(depositOwed(b)).toBe(
            Math.max(0, Math.min(b.depositDueMinor, m.chargeMinor) - m.netPaidMinor),
          );
        },
      ),
      { numRuns: 500 },
    );
  });
});

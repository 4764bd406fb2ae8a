import { describe, expect, it } from "vitest";
import { reminderDueAt, reminderPlan } from "./reminder-plan";

const LONDON = "Europe/London";
const at = (iso: string) => new Date(iso);

describe("reminderDueAt", () => {
  it("is the lead time before the start on an ordinary day", () => {
    // 10:00 BST on 10 June = 09:00 UTC; 24 h before.
    expect(reminderDueAt(at("2026-06-10T09:00:00Z"), 24, LONDON).toISOString()).toBe(
      "2026-06-09T09:00:00.000Z",
    );
    expect(reminderDueAt(at("2026-06-10T09:00:00Z"), 48, LONDON).toISOString()).toBe(
      "2026-06-08T09:00:00.000Z",
    );
  });

  it("a 24 h reminder for a job the morning after the clocks go forward fires at the same wall time the day before", () => {
    // Clocks go forward at 01:00 UTC on Sunday 29 March 2026. A job at 09:00 BST that Sunday is 08:00 UTC;
    // the reminder goes at 09:00 GMT on the Saturday = 09:00 UTC (23 elapsed hours), not at 08:00.
    const due = reminderDueAt(at("2026-03-29T08:00:00Z"), 24, LONDON);
    expect(due.toISOString()).toBe("2026-03-28T09:00:00.000Z");
  });

  it("a 24 h reminder for a job the morning after the clocks go back fires at the same wall time the day before", () => {
    // Clocks go back at 01:00 UTC on Sunday 25 October 2026. A job at 09:00 GMT that Sunday = 09:00 UTC; the
    // reminder at 09:00 BST on Saturday = 08:00 UTC (25 elapsed hours).
    expect(reminderDueAt(at("2026-10-25T09:00:00Z"), 24, LONDON).toISOString()).toBe(
      "2026-10-24T08:00:00.000Z",
    );
  });

  it("a lead that is not whole days is exact elapsed hours, across a change too", () => {
    expect(reminderDueAt(at("2026-03-29T08:00:00Z"), 12, LONDON).toISOString()).toBe(
      "2026-03-28T20:00:00.000Z",
    );
    expect(reminderDueAt(at("2026-03-29T08:00:00Z"), 36, LONDON).toISOString()).toBe(
      "2026-03-27T20:00:00.000Z",
    );
  });

  it("a wall time the clocks skip falls back to elapsed hours", () => {
    // A job at 01:30 GMT on Saturday 28 March... reminded a day later would be 01:30 on Sunday: skipped.
    // Start: 01:30 BST on Monday 30 March = 00:30 UTC; the day before at 01:30 does not exist (Sunday).
    expect(reminderDueAt(at("2026-03-30T00:30:00Z"), 24, LONDON).toISOString()).toBe(
      "2026-03-29T00:30:00.000Z",
    );
  });
});

describe("reminderPlan", () => {
  const startsAt = at("2026-06-10T09:00:00Z");
  const base = { startsAt, leadHours: 24, timeZone: LONDON };

  it("is planned before the lead time, due inside it, missed once the job has started", () => {
    const chosenAt = at("2026-06-01T12:00:00Z");
    expect(reminderPlan({ ...base, chosenAt, now: at("2026-06-09T08:59:59Z") }).state).toBe("planned");
    expect(reminderPlan({ ...base, chosenAt, now: at("2026-06-09T09:00:00Z") }).state).toBe("due");
    expect(reminderPlan({ ...base, chosenAt, now: at("2026-06-10T08:59:00Z") }).state).toBe("due");
    expect(reminderPlan({ ...base, chosenAt, now: at("2026-06-10T09:00:00Z") }).state).toBe("missed");
  });

  it("a booking made or moved inside the lead time gets none", () => {
    expect(
      reminderPlan({ ...base, chosenAt: at("2026-06-09T10:00:00Z"), now: at("2026-06-09T10:00:00Z") }).state,
    ).toBe("none");
    expect(
      reminderPlan({ ...base, chosenAt: at("2026-06-09T09:00:00Z"), now: at("2026-06-09T11:00:00Z") }).state,
    ).toBe("none");
    expect(
      reminderPlan({ ...base, chosenAt: at("2026-06-09T08:59:59Z"), now: at("2026-06-09T11:00:00Z") }).state,
    ).toBe("due");
  });
});

import { describe, expect, it } from "vitest";
import { policyRefund } from "@/modules/payments/domain/money";
import { bookingPromises, cancellationPromiseSentence, reminderPromiseSentence } from "./booking-promises";

const S = {
  freeCancellationHours: 24,
  lateCancellationFeePercent: 50,
  reminderLeadHours: 24,
  timeZone: "Europe/London",
  currency: "GBP",
};
const at = (iso: string) => new Date(iso);
const H = 3_600_000;

describe("bookingPromises: what this booking is promised, for its time and now", () => {
  // 70.00 for 10:00 BST on 10 June, paid in full, seen before its free window: free until 24 h before.
  const paidWellAhead = {
    start: "2026-06-10T09:00:00Z",
    charge: 7000,
    paid: 7000,
    inside: false,
    freeUntil: "2026-06-09T09:00:00.000Z",
    freeUntilText: "Tue 9 Jun, 10:00 BST",
    feeNow: 0,
  };

  // start, now, charge, paid → inside the free window?, free until (UTC), its local words, fee now, reminder at
  const table: {
    name: string;
    start: string;
    now: string;
    charge: number;
    paid: number;
    inside: boolean;
    freeUntil: string | null;
    freeUntilText: string | null;
    feeNow: number;
    reminder: string | null;
  }[] = [
    {
      name: "booked 17 h ahead under a 24 h window: already inside it, the deposit is the fee now, no reminder",
      start: "2026-06-10T09:00:00Z",
      now: "2026-06-09T16:00:00Z",
      charge: 7000,
      paid: 1400,
      inside: true,
      freeUntil: null,
      freeUntilText: null,
      feeNow: 1400,
      reminder: null,
    },
    {
      name: "booked a week ahead: free until 24 h before (BST), reminded at the same wall time the day before",
      ...paidWellAhead,
      now: "2026-06-03T12:00:00Z",
      reminder: "2026-06-09T09:00:00.000Z",
    },
    {
      name: "exactly 24 h ahead: still free (the cancel rule's boundary), the reminder is not promised",
      ...paidWellAhead,
      now: "2026-06-09T09:00:00Z",
      reminder: null,
    },
    {
      name: "the clocks go back in between: free until 24 elapsed hours before, said in BST; the reminder at 09:00 BST",
      // 09:00 GMT on Sunday 25 October 2026 = 09:00 UTC. 24 h before = 09:00 UTC Saturday = 10:00 BST.
      start: "2026-10-25T09:00:00Z",
      now: "2026-10-20T09:00:00Z",
      charge: 10000,
      paid: 2000,
      inside: false,
      freeUntil: "2026-10-24T09:00:00.000Z",
      freeUntilText: "Sat 24 Oct, 10:00 BST",
      feeNow: 0,
      reminder: "2026-10-24T08:00:00.000Z",
    },
    {
      name: "the clocks go forward in between: free until 24 elapsed hours before, said in GMT",
      // 09:00 BST on Sunday 29 March 2026 = 08:00 UTC. 24 h before = 08:00 UTC Saturday = 08:00 GMT.
      start: "2026-03-29T08:00:00Z",
      now: "2026-03-20T08:00:00Z",
      charge: 10000,
      paid: 10000,
      inside: false,
      freeUntil: "2026-03-28T08:00:00.000Z",
      freeUntilText: "Sat 28 Mar, 08:00 GMT",
      feeNow: 0,
      reminder: "2026-03-28T09:00:00.000Z",
    },
    {
      name: "inside the window, paid in full: the fee is the policy's share",
      start: "2026-10-25T09:00:00Z",
      now: "2026-10-24T20:00:00Z",
      charge: 10000,
      paid: 10000,
      inside: true,
      freeUntil: null,
      freeUntilText: null,
      feeNow: 5000,
      reminder: null,
    },
  ];

  it.each(table)("$name", (row) => {
    const p = bookingPromises(
      { startsAt: at(row.start), chargeMinor: row.charge, paidMinor: row.paid },
      S,
      at(row.now),
    );
    expect(p.cancellation.insideFreeWindow).toBe(row.inside);
    expect(p.cancellation.freeUntil?.toISOString() ?? null).toBe(row.freeUntil);
    expect(p.cancellation.freeUntilText).toBe(row.freeUntilText);
    expect(p.cancellation.feeNowMinor).toBe(row.feeNow);
    expect(p.reminder?.at.toISOString() ?? null).toBe(row.reminder);
  });

  it("agrees with what cancelling actually keeps (payments' policyRefund), minute by minute around the edge", () => {
    const start = at("2026-10-25T09:00:00Z");
    for (let minutes = -90; minutes <= 90; minutes += 1) {
      const now = new Date(start.getTime() - 24 * H + minutes * 60_000);
      const p = bookingPromises({ startsAt: start, chargeMinor: 9000, paidMinor: 1800 }, S, now);
      const actual = policyRefund({
        totalMinor: 9000,
        netPaidMinor: 1800,
        startsAt: start,
        now,
        freeCancellationHours: 24,
        lateCancellationFeePercent: 50,
      });
      expect(p.cancellation.feeNowMinor).toBe(actual.feeMinor);
      expect(p.cancellation.insideFreeWindow).toBe(!actual.free);
    }
  });

  it("promises no reminder to a customer who turned reminders off, nor for a time chosen inside the lead", () => {
    const b = { startsAt: at("2026-06-10T09:00:00Z"), chargeMinor: 7000, paidMinor: 0 };
    expect(bookingPromises({ ...b, remindersOn: false }, S, at("2026-06-01T09:00:00Z")).reminder).toBeNull();
    // Made a week ahead, viewed now inside the lead: the reminder was due (or sent), nothing more promised.
    expect(
      bookingPromises({ ...b, chosenAt: at("2026-06-01T09:00:00Z") }, S, at("2026-06-09T12:00:00Z")).reminder,
    ).toBeNull();
  });
});

describe("the promises in words", () => {
  const start = at("2026-06-10T09:00:00Z");
  const words = (now: string, b: { chargeMinor: number; paidMinor: number }, s = S) => {
    const p = bookingPromises({ startsAt: start, ...b }, s, at(now));
    return {
      before: cancellationPromiseSentence(p, s, b, "before_booking"),
      after: cancellationPromiseSentence(p, s, b, "booked"),
      reminder: reminderPromiseSentence(p),
    };
  };

  it("booked 17 h ahead with a deposit: the fee in money, and no 'free up to 24 hours' nor reminder", () => {
    const w = words("2026-06-09T16:00:00Z", { chargeMinor: 7000, paidMinor: 1400 });
    expect(w.before).toBe(
      "This booking starts within 24 hours, so free cancellation has already ended: if you cancel after booking, it costs £14.00: the deposit you pay now is kept.",
    );
    expect(w.after).toBe(
      "This booking starts within 24 hours, so free cancellation has ended: cancelling now costs £14.00: the deposit you paid is kept.",
    );
    expect(`${w.before} ${w.after}`).not.toMatch(/free of charge/);
    expect(w.reminder).toBeNull();
  });

  it("booked a week ahead, paid in full: free until a local date and time, then the fee and the refund", () => {
    const w = words("2026-06-03T12:00:00Z", { chargeMinor: 7000, paidMinor: 7000 });
    expect(w.after).toBe(
      "Cancel free of charge until Tue 9 Jun, 10:00 BST (24 hours before the start). Later than that, cancelling costs £35.00 (50% of £70.00) and the other £35.00 you paid is refunded.",
    );
    expect(w.reminder).toBe("We'll email you a reminder with a site checklist on Tue 9 Jun, 10:00 BST.");
  });

  it("paid on the day: nothing can be kept, inside the window or not", () => {
    expect(words("2026-06-09T16:00:00Z", { chargeMinor: 7000, paidMinor: 0 }).before).toContain(
      "cancelling costs nothing",
    );
    expect(words("2026-06-03T12:00:00Z", { chargeMinor: 7000, paidMinor: 0 }).after).toContain(
      "until Tue 9 Jun, 10:00 BST",
    );
  });

  it("no late fee at all: cancelling is free whenever", () => {
    expect(
      words(
        "2026-06-09T16:00:00Z",
        { chargeMinor: 7000, paidMinor: 1400 },
        { ...S, lateCancellationFeePercent: 0 },
      ).before,
    ).toContain("at no charge");
  });
});

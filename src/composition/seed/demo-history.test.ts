import { describe, expect, it } from "vitest";
import { bookingMoney } from "@/lib/booking/booking-money";
import { canTransition } from "@/modules/bookings/domain/booking-status";
import { moneyOf, planDemoHistory } from "./demo-history";

// The demo history's plan (pure): the rules demo-history.integration.test.ts checks on the written rows,
// here on many seeds and days — including both clock changes — without a database.

const policy = {
  timeZone: "Europe/London",
  depositPercent: 20,
  freeCancellationHours: 24,
  lateCancellationFeePercent: 50,
  noShowFeePercent: 100,
  rescheduleRequestExpiryHours: 48,
};
const DAYS = ["2026-03-27T09:00:00Z", "2026-10-23T16:45:00Z", "2027-01-04T00:30:00Z", "2026-07-18T12:00:00Z"];
const HOLDS = ["pending_payment", "awaiting_approval", "confirmed", "in_progress"];

describe.each(DAYS.flatMap((d) => [1, 27, 4242].map((seed) => [d, seed] as const)))(
  "plan on %s, seed %i",
  (day, seed) => {
    const now = new Date(day);
    const plan = planDemoHistory({ seed, now, policy, teams: 2, customers: 79 });

    it("never double-books a team (jobs holding time, and open requests' held times)", () => {
      for (const team of [0, 1]) {
        const held = plan.bookings
          .filter(
            (b) =>
              b.team === team &&
              (HOLDS.includes(b.status) || b.status === "completed" || b.status === "no_show"),
          )
          .map((b) => [b.startsAt.getTime(), b.endsAt.getTime()] as const);
        for (const b of plan.bookings)
          if (b.reschedule?.status === "pending" && b.reschedule.team === team)
            held.push([b.reschedule.startsAt.getTime(), b.reschedule.endsAt.getTime()]);
        held.sort((x, y) => x[0] - y[0]);
        for (const [i, [start]] of held.entries())
          if (i > 0) expect(start).toBeGreaterThanOrEqual(held[i - 1]?.[1] ?? 0);
      }
    });

    it("leaves every booking's money settled by the rules, and its history made of allowed steps", () => {
      for (const b of plan.bookings) {
        const m = bookingMoney(moneyOf(b));
        expect(m.refundableMinor, b.reference).toBe(0);
        expect(b.amountPaidMinor, b.reference).toBe(b.payments.reduce((s, p) => s + p.amountMinor, 0));
        expect(b.amountRefundedMinor, b.reference).toBe(b.refunds.reduce((s, r) => s + r.amountMinor, 0));
        expect(b.adjustmentMinor, b.reference).toBe(b.adjustments.reduce((s, a) => s + a.amountMinor, 0));
        expect(b.totalMinor, b.reference).toBe(b.items.reduce((s, i) => s + i.priceMinor, 0));
        for (const h of b.history)
          expect(canTransition(h.from, h.to), `${b.reference} ${h.from}→${h.to}`).toBe(true);
        for (const p of [...b.payments, ...b.refunds])
          expect(p.at.getTime()).toBeLessThanOrEqual(now.getTime());
        expect(b.createdAt.getTime()).toBeLessThanOrEqual(now.getTime());
      }
    });

    it("has about 500 bookings for about 80 customers", () => {
      expect(plan.customers).toHaveLength(79);
      expect(plan.bookings.length).toBeGreaterThan(400);
      expect(plan.bookings.length).toBeLessThan(650);
      expect(new Set(plan.bookings.map((b) => b.reference)).size).toBe(plan.bookings.length);
    });
  },
);

import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingMoney } from "@/lib/booking/booking-money";
import { addDays, localDayStart } from "@/lib/dates";
import type { BookingStatus } from "@/lib/enums";
import { bookingTrend } from "@/modules/reports/server/analytics";
import { revenueReconciliation, revenueReport } from "@/modules/reports/server/aggregates";
import { BOOKED_REVENUE_STATUSES } from "@/modules/today/domain/admin-today";
import { bookings, payments, refunds } from "@/server/db/schema";
import { insertBooking, insertSettings, insertTeam, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Issue 41 §2: one meaning for each money figure of a period (lib/booking/revenue-terms). Each figure the
// reports and analytics show — booked, charged, outstanding, collected, refunded — is summed here on its
// own from the ledger (the bookings, payments and refunds rows, by the dates its definition names), and the
// reconciliation's steps hold: booked + fees = charged; charged − outstanding + owed back = paid for the
// jobs; paid for the jobs + elsewhere = net collected.

const ZONE = "Europe/London";
const FROM = "2026-10-01";
const TO = "2026-11-01"; // exclusive: October, across the clocks going back (25 October)
const at = (date: string, hour: number) => new Date(localDayStart(date, ZONE).getTime() + hour * 3_600_000);

type Case = {
  status: BookingStatus;
  starts: [string, number];
  price: number;
  /** Payments: amount and the local date/hour it settled. */
  pays?: [number, string, number][];
  /** Refunds (settled) of the first payment. */
  refunds?: [number, string, number][];
  adjustment?: number;
  fee?: number;
};

const CASES: Case[] = [
  // In October, standing: paid in full in September (a deposit ahead), in October, partly, not at all.
  {
    status: "completed",
    starts: ["2026-10-05", 9],
    price: 9550,
    pays: [[9000, "2026-09-20", 10]],
    adjustment: 550,
  },
  {
    status: "completed",
    starts: ["2026-10-25", 1],
    price: 8500,
    pays: [
      [2000, "2026-10-01", 0],
      [6500, "2026-10-25", 12],
    ],
  },
  { status: "confirmed", starts: ["2026-10-31", 23], price: 12000, pays: [[3000, "2026-10-10", 9]] },
  { status: "in_progress", starts: ["2026-10-20", 8], price: 6000 },
  // Missed: its fee is its charge.
  { status: "no_show", starts: ["2026-10-12", 9], price: 8000, pays: [[2000, "2026-10-02", 9]], fee: 4000 },
  // A goodwill refund in November on an October job.
  {
    status: "completed",
    starts: ["2026-10-15", 9],
    price: 7000,
    pays: [[7000, "2026-10-15", 12]],
    refunds: [[1000, "2026-11-02", 9]],
    adjustment: 1000,
  },
  // Cancelled late: the fee kept; cancelled early: refunded in October; cancelled, refund still owed.
  { status: "cancelled", starts: ["2026-10-08", 9], price: 9000, pays: [[2500, "2026-10-01", 9]], fee: 2500 },
  {
    status: "cancelled",
    starts: ["2026-10-09", 9],
    price: 9000,
    pays: [[2500, "2026-09-30", 23]],
    refunds: [[2500, "2026-10-03", 9]],
    fee: 0,
  },
  { status: "cancelled", starts: ["2026-10-10", 9], price: 9000, pays: [[3000, "2026-10-04", 9]], fee: 1000 },
  { status: "expired", starts: ["2026-10-11", 9], price: 5000, fee: 0 },
  // Not taken on: a request with a deposit, a hold.
  { status: "awaiting_approval", starts: ["2026-10-28", 9], price: 9000, pays: [[2000, "2026-10-27", 9]] },
  { status: "pending_payment", starts: ["2026-10-29", 9], price: 4000 },
  // Outside October: a November job's deposit paid in October; a September job's balance paid in October.
  { status: "confirmed", starts: ["2026-11-03", 9], price: 10000, pays: [[2500, "2026-10-30", 9]] },
  {
    status: "completed",
    starts: ["2026-09-29", 9],
    price: 6000,
    pays: [
      [1500, "2026-09-01", 9],
      [4500, "2026-10-02", 9],
    ],
  },
  // A refund on 1 November at 00:30 is November's; a payment at 23:30 on 31 October is October's.
  {
    status: "confirmed",
    starts: ["2026-10-30", 9],
    price: 5000,
    pays: [[5000, "2026-10-31", 23.5]],
    refunds: [[500, "2026-11-01", 0.5]],
    adjustment: 500,
  },
];

describe.each(dbKinds)("what each revenue figure counts (%s)", (kind) => {
  let t: TestDatabase;
  const range = { from: localDayStart(FROM, ZONE), to: localDayStart(TO, ZONE), timeZone: ZONE };

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db, { timeZone: ZONE, currency: "GBP" });
    const team = await insertTeam(t.db, { name: "Van A" });
    const customer = await insertUser(t.db, { role: "customer", email: "rev@example.test" });
    for (const [n, c] of CASES.entries()) {
      const b = await insertBooking(t.db, {
        customerId: customer.id,
        teamId: team.id,
        startsAt: at(...c.starts),
        status: c.status,
        withAllocation: false,
        items: [{ kind: "package", name: "Full Valet", priceMinor: c.price, minutes: 60 }],
      });
      let firstPayment: string | null = null;
      for (const [i, [amount, date, hour]] of (c.pays ?? []).entries()) {
        const [p] = await t.db
          .insert(payments)
          .values({
            bookingId: b.id,
            provider: "test",
            kind: i === 0 && amount < c.price ? "deposit" : i === 0 ? "full" : "balance",
            amountMinor: amount,
            currency: "GBP",
            status: "succeeded",
            providerReference: `rev_${n}_${i}`,
            settledAt: at(date, hour),
          })
          .returning({ id: payments.id });
        firstPayment ??= p?.id ?? null;
      }
      for (const [amount, date, hour] of c.refunds ?? []) {
        await t.db.insert(refunds).values({
          paymentId: firstPayment ?? "",
          amountMinor: amount,
          status: "succeeded",
          settledAt: at(date, hour),
        });
      }
      const paid = (c.pays ?? []).reduce((s, [a]) => s + a, 0);
      const refunded = (c.refunds ?? []).reduce((s, [a]) => s + a, 0);
      await t.db
        .execute(sql`UPDATE bookings SET amount_paid_minor = ${paid}, amount_refunded_minor = ${refunded},
        adjustment_minor = ${c.adjustment ?? 0}, fee_minor = ${c.fee ?? null} WHERE id = ${b.id}`);
    }
  });
  afterAll(async () => {
    await t?.drop();
  });

  /** The figures summed here, each by its definition, from the rows. */
  async function fromTheLedger() {
    const all = (await t.db.select().from(bookings)).filter(
      (b) => b.startsAt >= range.from && b.startsAt < range.to,
    );
    const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);
    const money = all.map((b) => ({ b, m: bookingMoney(b) }));
    const takenOn = money.filter((x) => !["pending_payment", "awaiting_approval"].includes(x.b.status));
    const booked = money.filter((x) => (BOOKED_REVENUE_STATUSES as readonly string[]).includes(x.b.status));
    const inRange = (d: Date | null) => d !== null && d >= range.from && d < range.to;
    const pays = (await t.db.select().from(payments)).filter(
      (p) => p.status === "succeeded" && inRange(p.settledAt),
    );
    const refs = (await t.db.select().from(refunds)).filter(
      (r) => r.status === "succeeded" && inRange(r.settledAt),
    );
    return {
      jobs: booked.length,
      bookedMinor: sum(booked.map((x) => x.m.chargeMinor)),
      closedFeesMinor: sum(
        takenOn.filter((x) => x.m.closed && x.b.status !== "no_show").map((x) => x.m.chargeMinor),
      ),
      outstandingMinor: sum(takenOn.map((x) => x.m.dueMinor)),
      owedBackMinor: sum(takenOn.map((x) => x.m.refundableMinor)),
      paidForJobsMinor: sum(takenOn.map((x) => x.m.netPaidMinor)),
      collectedMinor: sum(pays.map((p) => p.amountMinor)),
      refundedMinor: sum(refs.map((r) => r.amountMinor)),
    };
  }

  it("the reconciliation's every figure equals its own sum from the ledger, and its steps hold", async () => {
    const want = await fromTheLedger();
    const got = await revenueReconciliation(t.db, range);
    expect(got).toMatchObject({
      bookedMinor: want.bookedMinor,
      closedFeesMinor: want.closedFeesMinor,
      outstandingMinor: want.outstandingMinor,
      owedBackMinor: want.owedBackMinor,
      paidForJobsMinor: want.paidForJobsMinor,
      collectedMinor: want.collectedMinor,
      refundedMinor: want.refundedMinor,
    });
    // The figures, worked by hand from CASES (so a wrong definition on both sides still fails).
    expect(want).toMatchObject({
      jobs: 7,
      bookedMinor: 9000 + 8500 + 12000 + 6000 + 4000 + 6000 + 4500,
      closedFeesMinor: 2500 + 1000,
      collectedMinor: 2000 + 6500 + 3000 + 2000 + 7000 + 2500 + 3000 + 2000 + 2500 + 4500 + 5000,
      refundedMinor: 2500,
    });
    expect(got.chargedMinor).toBe(got.bookedMinor + got.closedFeesMinor);
    expect(got.paidForJobsMinor).toBe(got.chargedMinor - got.outstandingMinor + got.owedBackMinor);
    expect(got.netMinor).toBe(got.collectedMinor - got.refundedMinor);
    expect(got.paidForJobsMinor + got.elsewhereMinor).toBe(got.netMinor);
  });

  it("the revenue report and analytics say the same booked, collected and refunded", async () => {
    const want = await fromTheLedger();
    const report = await revenueReport(t.db, range, "day");
    expect(report.total).toMatchObject({
      bookings: want.jobs,
      bookedMinor: want.bookedMinor,
      collectedMinor: want.collectedMinor,
      refundedMinor: want.refundedMinor,
      netMinor: want.collectedMinor - want.refundedMinor,
    });
    const trend = await bookingTrend(t.db, range, "day");
    expect(trend.total).toMatchObject({ bookings: want.jobs, revenueMinor: want.bookedMinor });
    // A month later the same jobs are November's nothing: the range decides, by the job's local date.
    const november = { ...range, from: range.to, to: localDayStart(addDays(TO, 30), ZONE) };
    expect((await revenueReconciliation(t.db, november)).bookedMinor).toBe(10000);
  });
});

import { sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_STATUSES, type BookingStatus } from "@/lib/enums";
import {
  type BookingMoneyInput,
  bookingMoney,
  MONEY_STATES,
  moneyStateOf,
} from "@/lib/booking/booking-money";
import { amountDueExpr, bookings, chargeExpr, paymentStatusExpr, refundableExpr } from "@/server/db/schema";
import { insertBooking, insertTeam, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// ADR 0040: a booking's money is defined once, as bookingMoney() and as the SQL functions of migration
// 0025. Random ledgers (every status, no fee, adjustments above the total, refunds above what was paid)
// go through both in one round trip; every field must agree. Then the real bookings table through the
// Drizzle expressions.

const STATUSES = BOOKING_STATUSES as readonly BookingStatus[];
const amount = fc.oneof(
  fc.constant(0),
  fc.integer({ min: 0, max: 50_000 }),
  fc.integer({ min: 0, max: 500 }),
);
const ledger: fc.Arbitrary<BookingMoneyInput> = fc.record({
  status: fc.constantFrom(...STATUSES),
  totalMinor: amount,
  adjustmentMinor: fc.oneof(fc.constant(0), amount),
  feeMinor: fc.option(amount, { nil: null, freq: 3 }),
  amountPaidMinor: amount,
  amountRefundedMinor: fc.oneof(fc.constant(0), amount),
});

type Row = {
  i: number;
  charge: number;
  due: number;
  refundable: number;
  owed: number;
  status: string;
  state: string;
};

describe.each(dbKinds)("the money definition in SQL equals bookingMoney() (%s)", (kind) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await createTestDatabase(kind);
  });
  afterAll(async () => {
    await db?.drop();
  });

  it("for ~300 random ledgers, every field", async () => {
    const cases = [
      ...fc.sample(ledger, { numRuns: 300, seed: 2026 }),
      ...fc.sample(ledger, 60),
      // The edges named in the ADR: adjustments above the total, refunds above what was paid, no fee.
      ...STATUSES.flatMap((status) => [
        {
          status,
          totalMinor: 7000,
          adjustmentMinor: 9000,
          feeMinor: null,
          amountPaidMinor: 7000,
          amountRefundedMinor: 0,
        },
        {
          status,
          totalMinor: 7000,
          adjustmentMinor: 0,
          feeMinor: null,
          amountPaidMinor: 2000,
          amountRefundedMinor: 7000,
        },
        {
          status,
          totalMinor: 7000,
          adjustmentMinor: 0,
          feeMinor: 1500,
          amountPaidMinor: 7000,
          amountRefundedMinor: 7000,
        },
        // A closed booking whose fee is exactly what was paid (the fee kept).
        {
          status,
          totalMinor: 7000,
          adjustmentMinor: 0,
          feeMinor: 1500,
          amountPaidMinor: 3000,
          amountRefundedMinor: 1500,
        },
        {
          status,
          totalMinor: 0,
          adjustmentMinor: 0,
          feeMinor: 0,
          amountPaidMinor: 0,
          amountRefundedMinor: 0,
        },
      ]),
    ];
    const values = sql.join(
      cases.map(
        (c, i) =>
          sql`(${i}::int, ${c.status}::booking_status, ${c.totalMinor}::int, ${c.adjustmentMinor}::int, ${c.feeMinor}::int, ${c.amountPaidMinor}::int, ${c.amountRefundedMinor}::int)`,
      ),
      sql`, `,
    );
    const { rows } = await db.db.execute<Row>(sql`SELECT i,
        booking_charge_minor(s, t, a, f) AS charge,
        booking_due_minor(s, t, a, f, p, r) AS due,
        booking_refundable_minor(s, t, a, f, p, r) AS refundable,
        booking_owed_minor(s, t, a, f, p, r) AS owed,
        booking_payment_status(s, t, a, f, p, r) AS status,
        booking_money_state(s, t, a, f, p, r) AS state
      FROM (VALUES ${values}) AS v(i, s, t, a, f, p, r) ORDER BY i`);
    expect(rows).toHaveLength(cases.length);
    const covered = new Set<string>();
    const states = new Set<string>();
    for (const row of rows) {
      const c = cases[Number(row.i)];
      if (!c) throw new Error(`no case ${row.i}`);
      const m = bookingMoney(c);
      covered.add(c.status);
      expect(
        {
          charge: Number(row.charge),
          due: Number(row.due),
          refundable: Number(row.refundable),
          owed: Number(row.owed),
          status: row.status,
          state: row.state,
        },
        JSON.stringify(c),
      ).toEqual({
        charge: m.chargeMinor,
        due: m.dueMinor,
        refundable: m.refundableMinor,
        owed: m.owedMinor,
        status: m.paymentStatus,
        state: moneyStateOf(m),
      });
      states.add(moneyStateOf(m));
    }
    expect([...covered].sort()).toEqual([...STATUSES].sort());
    // Every money state came up, so each branch of the SQL was compared.
    expect([...states].sort()).toEqual([...MONEY_STATES].sort());
  });

  it("the bookings table through chargeExpr, amountDueExpr, refundableExpr and paymentStatusExpr", async () => {
    const team = await insertTeam(db.db);
    const customer = await insertUser(db.db, { role: "customer" });
    const startsAt = new Date(Date.UTC(2030, 0, 7, 9));
    const made = await Promise.all(
      fc.sample(ledger, { numRuns: 40, seed: 40 }).map(async (c, n) => {
        const b = await insertBooking(db.db, {
          customerId: customer.id,
          teamId: team.id,
          startsAt: new Date(startsAt.getTime() + n * 86_400_000),
          status: c.status,
          withAllocation: false,
          paidMinor: c.amountPaidMinor,
          items: [{ kind: "package", name: "Full Valet", priceMinor: c.totalMinor, minutes: 60 }],
        });
        await db.db.execute(sql`UPDATE bookings SET adjustment_minor = ${c.adjustmentMinor},
          fee_minor = ${c.feeMinor}, amount_refunded_minor = ${c.amountRefundedMinor} WHERE id = ${b.id}`);
        return b.id;
      }),
    );
    const rows = await db.db
      .select({
        status: bookings.status,
        totalMinor: bookings.totalMinor,
        adjustmentMinor: bookings.adjustmentMinor,
        feeMinor: bookings.feeMinor,
        amountPaidMinor: bookings.amountPaidMinor,
        amountRefundedMinor: bookings.amountRefundedMinor,
        charge: sql<number>`${chargeExpr(bookings)}::int`,
        due: sql<number>`${amountDueExpr(bookings)}::int`,
        refundable: sql<number>`${refundableExpr(bookings)}::int`,
        paymentStatus: paymentStatusExpr(bookings),
      })
      .from(bookings);
    expect(rows).toHaveLength(made.length);
    for (const r of rows) {
      const m = bookingMoney(r);
      expect(
        { charge: r.charge, due: r.due, refundable: r.refundable, paymentStatus: r.paymentStatus },
        JSON.stringify(r),
      ).toEqual({
        charge: m.chargeMinor,
        due: m.dueMinor,
        refundable: m.refundableMinor,
        paymentStatus: m.paymentStatus,
      });
    }
  });
});

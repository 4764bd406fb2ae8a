import { randomBytes } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingStatus } from "@/lib/enums";
import { generateReference } from "@/lib/reference";
import {
  addToBookingLedger,
  customerBookingFactsSql,
  eraseCustomerFromBookings,
} from "@/modules/bookings/server";
import type { Db } from "@/server/db/client";
import { bookings, customerBookingFacts, users } from "@/server/db/schema";
import { defaultAddressSnapshot, defaultVehicleSnapshot, insertTeam, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";
import { backendPid, blockedBehindThenRelease } from "../support/lock-waits";

// The customers list's read model (ADR 0025): after any sequence of writes to bookings — made one by one
// and in bulk, status changes (one and many rows), moves, the payment ledger, a merge (bookings moved to
// another customer), erasure, deletions, a truncate, and writes that change none of the facts — the facts
// the list reads equal the facts computed from the bookings themselves by the grouped query the list
// used before (ADR 0020), at several "now"s (the derived last and next bookings), on both databases.
// The triggers keep the table incrementally (ADR 0046: deltas for the counts and sums, index probes for the
// latest and recent starts); after every sequence the table also equals the full recompute,
// customer_booking_facts_computed(), column for column — with adjustments, fees and moves of single
// bookings between customers too.

const DAY = 86_400_000;
const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const STATUSES: BookingStatus[] = [
  "pending_payment",
  "awaiting_approval",
  "confirmed",
  "in_progress",
  "completed",
  "cancelled",
  "declined",
  "expired",
  "no_show",
];

/** The definition: the grouped read of every booking that ADR 0020 shipped. */
function oracleSql(now: Date) {
  const at = sql`${now.toISOString()}::timestamptz`;
  return sql`SELECT customer_id,
      (count(*) FILTER (WHERE status NOT IN ('expired')))::int AS bookings,
      max(starts_at) FILTER (WHERE starts_at <= ${at} AND status NOT IN ('cancelled', 'declined', 'expired')) AS last_at,
      min(starts_at) FILTER (WHERE starts_at > ${at} AND status IN ('pending_payment', 'awaiting_approval', 'confirmed')) AS next_at,
      COALESCE(sum(GREATEST(0, total_minor - (amount_paid_minor - amount_refunded_minor)))
        FILTER (WHERE status IN ('confirmed', 'in_progress', 'completed')), 0)::int AS owed_minor,
      COALESCE(sum(amount_paid_minor - amount_refunded_minor), 0)::int AS value_minor
    FROM bookings GROUP BY customer_id`;
}

type FactRow = {
  customer_id: string;
  bookings: number;
  last: string | null;
  next: string | null;
  owed_minor: number;
  value_minor: number;
};

async function factsOf(db: Db, subquery: ReturnType<typeof sql>): Promise<FactRow[]> {
  const { rows } = await db.execute<FactRow>(sql`SELECT customer_id, bookings::int AS bookings,
      to_char(last_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS last,
      to_char(next_at AT TIME ZONE 'UTC', 'YYYY-MM-DD HH24:MI:SS') AS next,
      owed_minor::int AS owed_minor, value_minor::int AS value_minor
    FROM (${subquery}) f ORDER BY customer_id`);
  return rows.map((r) => ({
    ...r,
    bookings: Number(r.bookings),
    owed_minor: Number(r.owed_minor),
    value_minor: Number(r.value_minor),
  }));
}

type Op =
  | { op: "insert"; customer: number; day: number; status: number; total: number; count: number }
  | { op: "status"; booking: number; status: number }
  | { op: "statusAll"; customer: number; status: number }
  | { op: "move"; booking: number; days: number }
  | { op: "ledger"; booking: number; paid: number; refunded: number }
  | { op: "merge"; from: number; to: number }
  | { op: "erase"; customer: number }
  | { op: "note"; booking: number }
  | { op: "delete"; booking: number }
  | { op: "truncate" }
  | { op: "adjust"; booking: number; adjustment: number }
  | { op: "fee"; booking: number; fee: number | null }
  | { op: "reassign"; booking: number; customer: number };

const CUSTOMERS = 4;
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record({
      op: fc.constant("insert" as const),
      customer: fc.nat(CUSTOMERS - 1),
      day: fc.integer({ min: -40, max: 40 }),
      status: fc.nat(STATUSES.length - 1),
      total: fc.integer({ min: 0, max: 20_000 }),
      count: fc.integer({ min: 1, max: 3 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant("status" as const),
      booking: fc.nat(50),
      status: fc.nat(STATUSES.length - 1),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant("statusAll" as const),
      customer: fc.nat(CUSTOMERS - 1),
      status: fc.nat(STATUSES.length - 1),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant("move" as const),
      booking: fc.nat(50),
      days: fc.integer({ min: -40, max: 40 }),
    }),
  },
  {
    weight: 4,
    arbitrary: fc.record({
      op: fc.constant("ledger" as const),
      booking: fc.nat(50),
      // Money in or money back, as a payment or a refund settles.
      paid: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 10_000 })),
      refunded: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 5_000 })),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant("merge" as const),
      from: fc.nat(CUSTOMERS - 1),
      to: fc.nat(CUSTOMERS - 1),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("erase" as const), customer: fc.nat(CUSTOMERS - 1) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("note" as const), booking: fc.nat(50) }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("delete" as const), booking: fc.nat(50) }) },
  { weight: 1, arbitrary: fc.constant({ op: "truncate" as const }) },
);

/** The writes of the first property, and price adjustments, fees and one booking given to another customer. */
const mixedOpArb: fc.Arbitrary<Op> = fc.oneof(
  { weight: 6, arbitrary: opArb },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant("adjust" as const),
      booking: fc.nat(50),
      adjustment: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 8_000 })),
    }),
  },
  {
    // The fee a cancelled or missed booking keeps (its charge).
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant("fee" as const),
      booking: fc.nat(50),
      fee: fc.oneof(fc.constant(null), fc.integer({ min: 0, max: 6_000 })),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant("reassign" as const),
      booking: fc.nat(50),
      customer: fc.nat(CUSTOMERS - 1),
    }),
  },
);

describe.each(dbKinds)("customer booking facts read model (%s)", (kind) => {
  let t: TestDatabase;
  let db: Db;
  let customerIds: string[];
  let teamId: string;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    db = t.db;
    customerIds = [];
    for (let i = 0; i < CUSTOMERS; i++) customerIds.push((await insertUser(db, { name: `Facts ${i}` })).id);
    teamId = (await insertTeam(db)).id;
  });
  afterAll(async () => {
    await t?.drop();
  });

  const customer = (i: number) => customerIds[i % customerIds.length] as string;
  async function bookingIdAt(i: number): Promise<string | undefined> {
    const { rows } = await db.execute<{ id: string }>(sql`SELECT id FROM bookings ORDER BY created_at, id`);
    return rows.length ? rows[i % rows.length]?.id : undefined;
  }

  async function apply(o: Op) {
    switch (o.op) {
      case "insert": {
        // Several rows in one statement: the trigger refreshes each customer once.
        const rows = Array.from({ length: o.count }, (_, k) => {
          const startsAt = new Date(NOW.getTime() + (o.day + k) * DAY + 3_600_000);
          return {
            reference: generateReference(),
            accessToken: randomBytes(24).toString("base64url"),
            customerId: customer(o.customer + k),
            status: STATUSES[o.status] as BookingStatus,
            startsAt,
            endsAt: new Date(startsAt.getTime() + 3_600_000),
            teamId,
            currency: "GBP",
            totalMinor: o.total,
            vehicleSnapshot: defaultVehicleSnapshot,
            addressSnapshot: defaultAddressSnapshot,
          };
        });
        await db.insert(bookings).values(rows);
        return;
      }
      case "status": {
        const id = await bookingIdAt(o.booking);
        if (id)
          await db
            .update(bookings)
            .set({ status: STATUSES[o.status] as BookingStatus })
            .where(eq(bookings.id, id));
        return;
      }
      case "statusAll":
        await db
          .update(bookings)
          .set({ status: STATUSES[o.status] as BookingStatus })
          .where(eq(bookings.customerId, customer(o.customer)));
        return;
      case "move": {
        const id = await bookingIdAt(o.booking);
        if (id)
          await db
            .update(bookings)
            .set({
              startsAt: sql`${bookings.startsAt} + make_interval(days => ${o.days})`,
              endsAt: sql`${bookings.endsAt} + make_interval(days => ${o.days})`,
            })
            .where(eq(bookings.id, id));
        return;
      }
      case "ledger": {
        const id = await bookingIdAt(o.booking);
        if (id)
          await db.transaction((tx) =>
            addToBookingLedger(tx, id, { paidMinor: o.paid, refundedMinor: o.refunded }),
          );
        return;
      }
      case "merge":
        await db
          .update(bookings)
          .set({ customerId: customer(o.to) })
          .where(eq(bookings.customerId, customer(o.from)));
        return;
      case "erase":
        await db.transaction((tx) => eraseCustomerFromBookings(tx, customer(o.customer)));
        return;
      case "note": {
        const id = await bookingIdAt(o.booking);
        if (id) await db.update(bookings).set({ internalNotes: "changed" }).where(eq(bookings.id, id));
        return;
      }
      case "delete": {
        const id = await bookingIdAt(o.booking);
        if (id) await db.delete(bookings).where(inArray(bookings.id, [id]));
        return;
      }
      case "truncate":
        await db.execute(sql`TRUNCATE bookings CASCADE`);
        return;
      case "adjust": {
        const id = await bookingIdAt(o.booking);
        if (id) await db.update(bookings).set({ adjustmentMinor: o.adjustment }).where(eq(bookings.id, id));
        return;
      }
      case "fee": {
        const id = await bookingIdAt(o.booking);
        if (id) await db.update(bookings).set({ feeMinor: o.fee }).where(eq(bookings.id, id));
        return;
      }
      case "reassign": {
        const id = await bookingIdAt(o.booking);
        if (id)
          await db
            .update(bookings)
            .set({ customerId: customer(o.customer) })
            .where(eq(bookings.id, id));
        return;
      }
    }
  }

  /** The table as the triggers left it equals the full recompute, every column of every row. */
  async function expectFullRecompute() {
    const read = async (from: ReturnType<typeof sql>) =>
      (
        await db.execute(sql`SELECT customer_id, bookings::int AS bookings, latest_at::text AS latest_at,
          recent_starts::text AS recent_starts, owed_minor::int AS owed_minor, value_minor::int AS value_minor
        FROM ${from} ORDER BY customer_id`)
      ).rows;
    expect(await read(sql`customer_booking_facts`)).toEqual(
      await read(sql`customer_booking_facts_computed(NULL) f`),
    );
  }

  async function expectExact() {
    await expectFullRecompute();
    for (const now of [NOW, new Date(NOW.getTime() - 20 * DAY), new Date(NOW.getTime() + 20 * DAY)]) {
      expect(await factsOf(db, customerBookingFactsSql(now))).toEqual(await factsOf(db, oracleSql(now)));
      // The page variant (the default sorts read the facts of 25 ids only).
      const some = customerIds.slice(0, 2);
      expect(await factsOf(db, customerBookingFactsSql(now, some))).toEqual(
        (await factsOf(db, oracleSql(now))).filter((r) => some.includes(r.customer_id)),
      );
    }
  }

  it("equals the facts computed from the bookings after any sequence of writes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 25 }), async (ops) => {
        await db.execute(sql`DELETE FROM bookings`);
        for (const o of ops) await apply(o);
        await expectExact();
      }),
      { numRuns: kind === "postgres" ? 25 : 20, seed: 2411 },
    );
  }, 120_000);

  it("equals the full recompute after mixed writes: payments, refunds, adjustments, fees, moves between customers", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(mixedOpArb, { minLength: 1, maxLength: 30 }), async (ops) => {
        await db.execute(sql`DELETE FROM bookings`);
        for (const o of ops) {
          await apply(o);
          await expectFullRecompute();
        }
      }),
      { numRuns: kind === "postgres" ? 40 : 100, seed: 4646 },
    );
  }, 180_000);

  it.runIf(kind === "postgres")(
    "stays exact when two transactions change the same customer's bookings at once",
    async () => {
      await db.execute(sql`DELETE FROM bookings`);
      await apply({ op: "insert", customer: 0, day: -2, status: 4, total: 9000, count: 1 });
      await apply({ op: "insert", customer: 0, day: 5, status: 2, total: 7000, count: 1 });
      const [a, b] = [await bookingIdAt(0), await bookingIdAt(1)] as [string, string];
      let release = () => {};
      const gate = new Promise<void>((r) => {
        release = r;
      });
      let wrote = () => {};
      const firstWrote = new Promise<void>((r) => {
        wrote = r;
      });
      let holder = 0;
      const first = db.transaction(async (tx) => {
        holder = await backendPid(tx);
        await addToBookingLedger(tx, a, { paidMinor: 100 });
        wrote();
        await gate;
      });
      await firstWrote;
      // The second computes its customer's facts while the first has not committed: it must wait for it.
      const second = db.transaction((tx) => addToBookingLedger(tx, b, { paidMinor: 200 }));
      const seen = await blockedBehindThenRelease(t.url, holder, release, second);
      expect(seen).toBe("blocked");
      await Promise.all([first, second]);
      const [row] = await db.select().from(customerBookingFacts);
      expect(row).toMatchObject({ valueMinor: 300, owedMinor: 9000 + 7000 - 300 });
      await expectExact();
    },
  );

  it("moves each fact with each input: a missed job's fee, an adjustment, a payment, a refund, another customer", async () => {
    await db.execute(sql`DELETE FROM bookings`);
    await apply({ op: "insert", customer: 0, day: -3, status: 8, total: 9000, count: 1 }); // missed
    await apply({ op: "insert", customer: 0, day: 4, status: 2, total: 7000, count: 1 }); // confirmed
    const facts = async () =>
      (await db.select().from(customerBookingFacts).orderBy(customerBookingFacts.customerId)).map((r) => ({
        customerId: r.customerId,
        bookings: r.bookings,
        owedMinor: r.owedMinor,
        valueMinor: r.valueMinor,
      }));
    const steps: [Op, { bookings: number; owedMinor: number; valueMinor: number }][] = [
      [
        { op: "fee", booking: 0, fee: 2500 },
        { bookings: 2, owedMinor: 2500 + 7000, valueMinor: 0 },
      ],
      [
        { op: "adjust", booking: 1, adjustment: 1000 },
        { bookings: 2, owedMinor: 2500 + 6000, valueMinor: 0 },
      ],
      [
        { op: "ledger", booking: 1, paid: 4000, refunded: 0 },
        { bookings: 2, owedMinor: 2500 + 2000, valueMinor: 4000 },
      ],
      [
        { op: "ledger", booking: 1, paid: 0, refunded: 500 },
        { bookings: 2, owedMinor: 2500 + 2500, valueMinor: 3500 },
      ],
      [
        { op: "status", booking: 1, status: 7 },
        { bookings: 1, owedMinor: 2500, valueMinor: 3500 },
      ], // expired
    ];
    for (const [op, expected] of steps) {
      await apply(op);
      expect(await facts()).toEqual([{ customerId: customer(0), ...expected }]);
      await expectFullRecompute();
    }
    await apply({ op: "reassign", booking: 0, customer: 1 });
    expect(await facts()).toEqual(
      [
        { customerId: customer(0), bookings: 0, owedMinor: 0, valueMinor: 3500 },
        { customerId: customer(1), bookings: 1, owedMinor: 2500, valueMinor: 0 },
      ].sort((a, b) => a.customerId.localeCompare(b.customerId)),
    );
    await expectFullRecompute();
  });

  it("keeps no row for a customer whose last booking is gone, and none for a deleted customer", async () => {
    await db.execute(sql`DELETE FROM bookings`);
    await apply({ op: "insert", customer: 0, day: 3, status: 2, total: 5000, count: 1 });
    expect((await db.select().from(customerBookingFacts)).map((r) => r.customerId)).toEqual([customer(0)]);
    const [row] = await db.select().from(customerBookingFacts);
    expect(row).toMatchObject({ bookings: 1, owedMinor: 5000, valueMinor: 0 });
    await db.execute(sql`DELETE FROM bookings`);
    expect(await db.select().from(customerBookingFacts)).toEqual([]);
    const gone = await insertUser(db, { name: "Gone" });
    await db.insert(bookings).values({
      reference: generateReference(),
      accessToken: randomBytes(24).toString("base64url"),
      customerId: gone.id,
      status: "completed",
      startsAt: new Date(NOW.getTime() - DAY),
      endsAt: new Date(NOW.getTime() - DAY + 3_600_000),
      teamId,
      currency: "GBP",
      totalMinor: 100,
      vehicleSnapshot: defaultVehicleSnapshot,
      addressSnapshot: defaultAddressSnapshot,
    });
    await db.delete(bookings).where(eq(bookings.customerId, gone.id));
    await db.delete(users).where(eq(users.id, gone.id));
    expect(await db.select().from(customerBookingFacts)).toEqual([]);
  });
});

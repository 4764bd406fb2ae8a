import { randomBytes } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_STATUSES, type BookingStatus } from "@/lib/enums";
import { generateReference } from "@/lib/reference";
import { BOOKED_REVENUE_STATUSES, BOOKED_STATUSES } from "@/modules/today/domain/admin-today";
import { rangeOf } from "@/modules/reports/domain/range";
import { revenueReport, servicesReport, teamJobs, travelZones } from "@/modules/reports/server";
import type { Db } from "@/server/db/client";
import { bookingItems, bookings, bookingVehicles, payments, refunds, settings } from "@/server/db/schema";
import {
  defaultAddressSnapshot,
  defaultVehicleSnapshot,
  insertCategory,
  insertService,
  insertSettings,
  insertTeam,
  insertUser,
} from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";
import { backendPid, blockedBehindThenRelease } from "../support/lock-waits";

// The reports' daily rollup (ADR 0037): after any sequence of writes — bookings made one by one and in
// bulk, status changes (one and many rows), moves across local midnights, team and value changes, vehicle
// sizes, lines added, repriced, renamed, moved to another booking and deleted, bookings deleted, payments and
// refunds made, settled, failed and deleted, truncates and changes of the business time zone — every rollup
// table equals the grouped query over the base tables in the business zone, on both databases.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BASE = Date.UTC(2026, 2, 20, 12); // around the March clock changes of both zones below
const ZONES = ["America/New_York", "Europe/London", "Pacific/Auckland"];
const NIL = "00000000-0000-0000-0000-000000000000";
const SIZES = ["Small", "Van"];
const NAMES = ["Full Valet", "Wax", "Travel to Brixton", "Travel to Camden"];
const KINDS = ["package", "addon", "travel_fee", "discount"] as const;
/** A package or add-on is for a vehicle (the booking's own here); travel and discounts are the visit's. */
const workKind = (kind: string | undefined) => kind === "package" || kind === "addon";

/** Each rollup table as the grouped query over the base tables says it should be (zero rows left out). */
const oracle = (tz: string) => ({
  report_daily: sql`SELECT (starts_at AT TIME ZONE ${tz})::date::text, status::text, team_id::text, count(*)::text,
      sum(total_minor)::text,
      sum(booking_charge_minor(status, total_minor, adjustment_minor, fee_minor))::text, sum(amount_paid_minor)::text, sum(amount_refunded_minor)::text,
      sum(extract(epoch FROM ends_at - starts_at))::bigint::text
    FROM bookings GROUP BY 1, 2, 3`,
  report_daily_hours: sql`SELECT (starts_at AT TIME ZONE ${tz})::date::text,
      extract(hour FROM starts_at AT TIME ZONE ${tz})::int::text, count(*)::text
    FROM bookings WHERE status IN ${sql.raw(`(${BOOKED_STATUSES.map((s) => `'${s}'`).join(", ")})`)}
    GROUP BY 1, 2`,
  report_daily_leads: sql`SELECT (starts_at AT TIME ZONE ${tz})::date::text,
      LEAST(GREATEST((starts_at AT TIME ZONE ${tz})::date - (created_at AT TIME ZONE ${tz})::date, -1), 365)::text,
      count(*)::text
    FROM bookings WHERE status IN ${sql.raw(`(${BOOKED_STATUSES.map((s) => `'${s}'`).join(", ")})`)}
    GROUP BY 1, 2`,
  report_daily_items: sql`SELECT (b.starts_at AT TIME ZONE ${tz})::date::text, i.kind::text, i.name,
      COALESCE(i.service_id::text, ${NIL}), count(*)::text, sum(i.price_minor)::text
    FROM booking_items i JOIN bookings b ON b.id = i.booking_id
    WHERE i.kind IN ('package', 'addon')
      AND b.status IN ${sql.raw(`(${BOOKED_STATUSES.map((s) => `'${s}'`).join(", ")})`)}
    GROUP BY 1, 2, 3, 4`,
  // Each vehicle of a visit under its own size: the booking's for vehicle 0, booking_vehicles' for 1, 2, ….
  report_daily_sizes: sql`SELECT d, size, count(*)::text, sum(v)::text FROM (
      SELECT (b.starts_at AT TIME ZONE ${tz})::date::text AS d, COALESCE(i.vehicle_position, 0) AS vehicle,
        CASE WHEN COALESCE(i.vehicle_position, 0) = 0 THEN COALESCE(b.vehicle_snapshot ->> 'sizeName', '')
          ELSE COALESCE(v.vehicle_snapshot ->> 'sizeName', '') END AS size,
        sum(i.price_minor) AS v
      FROM bookings b JOIN booking_items i ON i.booking_id = b.id AND i.kind IN ('package', 'addon')
        LEFT JOIN booking_vehicles v ON v.booking_id = b.id AND v.position = i.vehicle_position
      WHERE b.status IN ${sql.raw(`(${BOOKED_STATUSES.map((s) => `'${s}'`).join(", ")})`)}
      GROUP BY b.id, 1, 2, 3) s GROUP BY 1, 2`,
  report_daily_zones: sql`SELECT (b.starts_at AT TIME ZONE ${tz})::date::text,
      COALESCE(regexp_replace(i.name, '^Travel to ', ''), ''), count(*)::text, sum(COALESCE(i.price_minor, 0))::text
    FROM bookings b LEFT JOIN booking_items i ON i.booking_id = b.id AND i.kind = 'travel_fee'
    WHERE b.status IN ${sql.raw(`(${BOOKED_STATUSES.map((s) => `'${s}'`).join(", ")})`)}
    GROUP BY 1, 2`,
  report_daily_money: sql`SELECT d, k, count(*)::text, sum(a)::text FROM (
      SELECT (settled_at AT TIME ZONE ${tz})::date::text AS d, kind::text AS k, amount_minor AS a
        FROM payments WHERE status = 'succeeded' AND settled_at IS NOT NULL
      UNION ALL SELECT (settled_at AT TIME ZONE ${tz})::date::text, 'refund', amount_minor
        FROM refunds WHERE status = 'succeeded' AND settled_at IS NOT NULL) m GROUP BY 1, 2`,
});

/** The rollup tables as stored (rows whose figures are all zero are the same as no row). */
const stored = {
  report_daily: sql`SELECT local_date::text, status::text, team_id::text, jobs::text, value_minor::text,
      charge_minor::text, paid_minor::text, refunded_minor::text, seconds::text
    FROM report_daily
    WHERE (jobs, value_minor, charge_minor, paid_minor, refunded_minor, seconds) <> (0, 0, 0, 0, 0, 0)`,
  report_daily_hours: sql`SELECT local_date::text, hour::text, jobs::text FROM report_daily_hours WHERE jobs <> 0`,
  report_daily_leads: sql`SELECT local_date::text, lead_days::text, jobs::text FROM report_daily_leads WHERE jobs <> 0`,
  report_daily_items: sql`SELECT local_date::text, kind::text, name, service_id::text, lines::text, revenue_minor::text
    FROM report_daily_items WHERE (lines, revenue_minor) <> (0, 0)`,
  report_daily_sizes: sql`SELECT local_date::text, size, jobs::text, revenue_minor::text
    FROM report_daily_sizes WHERE (jobs, revenue_minor) <> (0, 0)`,
  report_daily_zones: sql`SELECT local_date::text, zone, jobs::text, fees_minor::text
    FROM report_daily_zones WHERE (jobs, fees_minor) <> (0, 0)`,
  report_daily_money: sql`SELECT local_date::text, kind, entries::text, amount_minor::text
    FROM report_daily_money WHERE (entries, amount_minor) <> (0, 0)`,
};

const COLUMNS = {
  report_daily: 8,
  report_daily_hours: 3,
  report_daily_leads: 3,
  report_daily_items: 6,
  report_daily_sizes: 4,
  report_daily_zones: 4,
  report_daily_money: 4,
};

async function table(db: Db, query: ReturnType<typeof sql>, columns: number): Promise<string[]> {
  // Named columns, so two unnamed sums are not one key.
  const names = sql.raw(Array.from({ length: columns }, (_, i) => `c${i}`).join(", "));
  const { rows } = await db.execute<Record<string, unknown>>(sql`SELECT * FROM (${query}) q(${names})`);
  return rows.map((r) => Object.values(r).map(String).join("|")).sort();
}

type Op =
  | {
      op: "insert";
      count: number;
      hours: number;
      lead: number;
      status: number;
      team: number;
      total: number;
      size: number;
      /** The sizes of the visit's further vehicles 1, 2 (booking_vehicles). */
      more: number[];
      lines: { kind: number; name: number; price: number; service: boolean; vehicle: number }[];
    }
  | { op: "status"; booking: number; status: number }
  | { op: "statusAll"; status: number }
  | { op: "move"; booking: number; hours: number }
  | { op: "team"; booking: number; team: number }
  | { op: "money"; booking: number; total: number; paid: number; refunded: number }
  | { op: "size"; booking: number; size: number }
  | { op: "note"; booking: number }
  | { op: "addLine"; booking: number; kind: number; name: number; price: number }
  | { op: "changeLine"; line: number; price: number; name: number; kind: number; booking: number | null }
  | { op: "deleteLine"; line: number }
  | { op: "deleteBooking"; booking: number }
  | { op: "pay"; booking: number; kind: number; status: number; hours: number; amount: number }
  | { op: "changePayment"; payment: number; status: number; hours: number; amount: number }
  | { op: "deletePayment"; payment: number }
  | { op: "refund"; payment: number; status: number; hours: number; amount: number }
  | { op: "changeRefund"; refund: number; status: number; hours: number }
  | { op: "deleteRefund"; refund: number }
  | { op: "zone"; zone: number }
  | { op: "truncate" };

const pick = fc.nat(40);
const hoursArb = fc.integer({ min: -72, max: 72 });
const lineArb = fc.record({
  kind: fc.nat(KINDS.length - 1),
  name: fc.nat(NAMES.length - 1),
  price: fc.integer({ min: 0, max: 9_000 }),
  service: fc.boolean(),
  vehicle: fc.nat(2),
});
const opArb: fc.Arbitrary<Op> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      op: fc.constant("insert" as const),
      count: fc.integer({ min: 1, max: 3 }),
      hours: hoursArb,
      lead: fc.integer({ min: -2, max: 40 }),
      status: fc.nat(BOOKING_STATUSES.length - 1),
      team: fc.nat(1),
      total: fc.integer({ min: 0, max: 20_000 }),
      size: fc.nat(SIZES.length),
      more: fc.array(fc.nat(SIZES.length), { maxLength: 2 }),
      lines: fc.array(lineArb, { maxLength: 4 }),
    }),
  },
  {
    weight: 3,
    arbitrary: fc.record({ op: fc.constant("status" as const), booking: pick, status: fc.nat(8) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("statusAll" as const), status: fc.nat(8) }) },
  { weight: 3, arbitrary: fc.record({ op: fc.constant("move" as const), booking: pick, hours: hoursArb }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("team" as const), booking: pick, team: fc.nat(1) }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("money" as const),
      booking: pick,
      total: fc.integer({ min: 0, max: 20_000 }),
      paid: fc.integer({ min: 0, max: 20_000 }),
      refunded: fc.integer({ min: 0, max: 5_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ op: fc.constant("size" as const), booking: pick, size: fc.nat(SIZES.length) }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("note" as const), booking: pick }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant("addLine" as const),
      booking: pick,
      kind: fc.nat(KINDS.length - 1),
      name: fc.nat(NAMES.length - 1),
      price: fc.integer({ min: 0, max: 9_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("changeLine" as const),
      line: pick,
      price: fc.integer({ min: 0, max: 9_000 }),
      name: fc.nat(NAMES.length - 1),
      kind: fc.nat(KINDS.length - 1),
      booking: fc.option(pick),
    }),
  },
  { weight: 2, arbitrary: fc.record({ op: fc.constant("deleteLine" as const), line: pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("deleteBooking" as const), booking: pick }) },
  {
    weight: 3,
    arbitrary: fc.record({
      op: fc.constant("pay" as const),
      booking: pick,
      kind: fc.nat(2),
      status: fc.nat(3),
      hours: hoursArb,
      amount: fc.integer({ min: 1, max: 9_000 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("changePayment" as const),
      payment: pick,
      status: fc.nat(3),
      hours: hoursArb,
      amount: fc.integer({ min: 1, max: 9_000 }),
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("deletePayment" as const), payment: pick }) },
  {
    weight: 2,
    arbitrary: fc.record({
      op: fc.constant("refund" as const),
      payment: pick,
      status: fc.nat(2),
      hours: hoursArb,
      amount: fc.integer({ min: 1, max: 5_000 }),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      op: fc.constant("changeRefund" as const),
      refund: pick,
      status: fc.nat(2),
      hours: hoursArb,
    }),
  },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("deleteRefund" as const), refund: pick }) },
  { weight: 1, arbitrary: fc.record({ op: fc.constant("zone" as const), zone: fc.nat(ZONES.length - 1) }) },
  { weight: 1, arbitrary: fc.constant({ op: "truncate" as const }) },
);

const PAYMENT_STATUSES = ["pending", "succeeded", "failed", "cancelled"] as const;
const REFUND_STATUSES = ["pending", "succeeded", "failed"] as const;
const PAYMENT_KINDS = ["deposit", "full", "balance"] as const;
const at = (hours: number) => new Date(BASE + hours * HOUR + 30 * 60_000);

describe.each(dbKinds)("reports' daily rollup (%s)", (kind) => {
  let t: TestDatabase;
  let db: Db;
  let customerId = "";
  let teamIds: string[] = [];
  let serviceId = "";

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    db = t.db;
    await insertSettings(db, { timeZone: ZONES[0] });
    customerId = (await insertUser(db, { name: "Rollup" })).id;
    teamIds = [(await insertTeam(db, { name: "A" })).id, (await insertTeam(db, { name: "B" })).id];
    const category = await insertCategory(db);
    serviceId = (await insertService(db, { categoryId: category.id })).id;
  });
  afterAll(async () => {
    await t?.drop();
  });

  const nth = async (tableName: string, i: number): Promise<string | undefined> => {
    const { rows } = await db.execute<{ id: string }>(
      sql`SELECT id FROM ${sql.identifier(tableName)} ORDER BY created_at, id`,
    );
    return rows.length ? rows[i % rows.length]?.id : undefined;
  };
  const lineAt = async (i: number): Promise<string | undefined> => {
    const { rows } = await db.execute<{ id: string }>(sql`SELECT id FROM booking_items ORDER BY id`);
    return rows.length ? rows[i % rows.length]?.id : undefined;
  };

  async function apply(o: Op) {
    switch (o.op) {
      case "insert": {
        // The rows in one statement, then all their lines in one statement.
        const made = await db
          .insert(bookings)
          .values(
            Array.from({ length: o.count }, (_, k) => {
              const startsAt = at(o.hours + k * 7);
              const size = SIZES[o.size];
              return {
                reference: generateReference(),
                accessToken: randomBytes(24).toString("base64url"),
                customerId,
                status: BOOKING_STATUSES[o.status] as BookingStatus,
                startsAt,
                endsAt: new Date(startsAt.getTime() + (60 + 30 * k) * 60_000),
                teamId: teamIds[(o.team + k) % 2] as string,
                currency: "GBP",
                totalMinor: o.total,
                vehicleSnapshot: { ...defaultVehicleSnapshot, sizeName: size ?? "" },
                addressSnapshot: defaultAddressSnapshot,
                createdAt: new Date(startsAt.getTime() - o.lead * DAY - 5 * HOUR),
              };
            }),
          )
          .returning({ id: bookings.id });
        // A visit's further vehicles are written before its lines, as insertBookingRecord does.
        const visitVehicles = made.flatMap((b) =>
          o.more.map((size, k) => ({
            bookingId: b.id,
            position: k + 1,
            vehicleSnapshot: { ...defaultVehicleSnapshot, sizeName: SIZES[size] ?? "" },
          })),
        );
        if (visitVehicles.length) await db.insert(bookingVehicles).values(visitVehicles);
        const lines = made.flatMap((b) =>
          o.lines.map((l, position) => ({
            bookingId: b.id,
            kind: KINDS[l.kind] as (typeof KINDS)[number],
            name: NAMES[l.name] as string,
            priceMinor: l.price,
            serviceId: l.service ? serviceId : null,
            position,
            vehiclePosition: workKind(KINDS[l.kind]) ? (l.vehicle <= o.more.length ? l.vehicle : 0) : null,
          })),
        );
        if (lines.length) await db.insert(bookingItems).values(lines);
        return;
      }
      case "status": {
        const id = await nth("bookings", o.booking);
        if (id)
          await db
            .update(bookings)
            .set({ status: BOOKING_STATUSES[o.status] as BookingStatus })
            .where(eq(bookings.id, id));
        return;
      }
      case "statusAll":
        await db.update(bookings).set({ status: BOOKING_STATUSES[o.status] as BookingStatus });
        return;
      case "move": {
        const id = await nth("bookings", o.booking);
        if (id)
          await db
            .update(bookings)
            .set({
              startsAt: sql`${bookings.startsAt} + make_interval(hours => ${o.hours})`,
              endsAt: sql`${bookings.endsAt} + make_interval(hours => ${o.hours})`,
            })
            .where(eq(bookings.id, id));
        return;
      }
      case "team": {
        const id = await nth("bookings", o.booking);
        if (id)
          await db
            .update(bookings)
            .set({ teamId: teamIds[o.team] as string })
            .where(eq(bookings.id, id));
        return;
      }
      case "money": {
        const id = await nth("bookings", o.booking);
        if (id)
          await db
            .update(bookings)
            .set({
              totalMinor: o.total,
              amountPaidMinor: o.paid,
              amountRefundedMinor: o.refunded,
              // The charge's inputs too (ADR 0040), derived so the generated sequences stay as they were.
              adjustmentMinor: o.refunded % 3 === 0 ? o.paid : 0,
              feeMinor: o.total % 2 === 0 ? null : o.paid,
            })
            .where(eq(bookings.id, id));
        return;
      }
      case "size": {
        const id = await nth("bookings", o.booking);
        const size = SIZES[o.size];
        if (id)
          await db
            .update(bookings)
            .set({ vehicleSnapshot: { ...defaultVehicleSnapshot, sizeName: size ?? "" } })
            .where(eq(bookings.id, id));
        return;
      }
      case "note": {
        const id = await nth("bookings", o.booking);
        if (id) await db.update(bookings).set({ internalNotes: "changed" }).where(eq(bookings.id, id));
        return;
      }
      case "addLine": {
        const id = await nth("bookings", o.booking);
        if (id)
          await db.insert(bookingItems).values({
            bookingId: id,
            kind: KINDS[o.kind] as (typeof KINDS)[number],
            name: NAMES[o.name] as string,
            priceMinor: o.price,
            position: 9,
            vehiclePosition: workKind(KINDS[o.kind]) ? 0 : null,
          });
        return;
      }
      case "changeLine": {
        const id = await lineAt(o.line);
        const to = o.booking === null ? undefined : await nth("bookings", o.booking);
        if (id)
          await db
            .update(bookingItems)
            .set({
              priceMinor: o.price,
              name: NAMES[o.name] as string,
              kind: KINDS[o.kind] as (typeof KINDS)[number],
              vehiclePosition: workKind(KINDS[o.kind]) ? 0 : null,
              ...(to ? { bookingId: to } : {}),
            })
            .where(eq(bookingItems.id, id));
        return;
      }
      case "deleteLine": {
        const id = await lineAt(o.line);
        if (id) await db.delete(bookingItems).where(eq(bookingItems.id, id));
        return;
      }
      case "deleteBooking": {
        const id = await nth("bookings", o.booking);
        if (id) {
          await db
            .delete(refunds)
            .where(
              inArray(
                refunds.paymentId,
                db.select({ id: payments.id }).from(payments).where(eq(payments.bookingId, id)),
              ),
            );
          await db.delete(payments).where(eq(payments.bookingId, id));
          await db.delete(bookings).where(eq(bookings.id, id));
        }
        return;
      }
      case "pay": {
        const id = await nth("bookings", o.booking);
        const status = PAYMENT_STATUSES[o.status] as (typeof PAYMENT_STATUSES)[number];
        if (id)
          await db.insert(payments).values({
            bookingId: id,
            provider: "test",
            kind: PAYMENT_KINDS[o.kind] as (typeof PAYMENT_KINDS)[number],
            amountMinor: o.amount,
            currency: "GBP",
            status,
            settledAt: status === "succeeded" || o.hours % 2 === 0 ? at(o.hours) : null,
          });
        return;
      }
      case "changePayment": {
        const id = await nth("payments", o.payment);
        if (id)
          await db
            .update(payments)
            .set({
              status: PAYMENT_STATUSES[o.status] as (typeof PAYMENT_STATUSES)[number],
              settledAt: at(o.hours),
              amountMinor: o.amount,
            })
            .where(eq(payments.id, id));
        return;
      }
      case "deletePayment": {
        const id = await nth("payments", o.payment);
        // Its refunds go first (the foreign key), each taken out of the rollup by its own trigger.
        if (id) {
          await db.delete(refunds).where(eq(refunds.paymentId, id));
          await db.delete(payments).where(eq(payments.id, id));
        }
        return;
      }
      case "refund": {
        const id = await nth("payments", o.payment);
        if (id)
          await db.insert(refunds).values({
            paymentId: id,
            amountMinor: o.amount,
            status: REFUND_STATUSES[o.status] as (typeof REFUND_STATUSES)[number],
            settledAt: at(o.hours),
          });
        return;
      }
      case "changeRefund": {
        const id = await nth("refunds", o.refund);
        if (id)
          await db
            .update(refunds)
            .set({
              status: REFUND_STATUSES[o.status] as (typeof REFUND_STATUSES)[number],
              settledAt: at(o.hours),
            })
            .where(eq(refunds.id, id));
        return;
      }
      case "deleteRefund": {
        const id = await nth("refunds", o.refund);
        if (id) await db.delete(refunds).where(eq(refunds.id, id));
        return;
      }
      case "zone":
        await db.update(settings).set({ timeZone: ZONES[o.zone] as string });
        return;
      case "truncate":
        await db.execute(sql`TRUNCATE bookings CASCADE`);
        return;
    }
  }

  async function clear() {
    await db.execute(sql`DELETE FROM refunds`);
    await db.execute(sql`DELETE FROM payments`);
    await db.execute(sql`DELETE FROM bookings`);
  }

  async function zone(): Promise<string> {
    const [row] = await db.select({ timeZone: settings.timeZone }).from(settings);
    return row?.timeZone ?? "";
  }

  async function expectExact() {
    const expected = oracle(await zone());
    for (const name of Object.keys(stored) as (keyof typeof stored)[])
      expect({ [name]: await table(db, stored[name], COLUMNS[name]) }).toEqual({
        [name]: await table(db, expected[name], COLUMNS[name]),
      });
  }

  it("equals the grouped query over the base tables after any sequence of writes", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(opArb, { minLength: 1, maxLength: 30 }), async (ops) => {
        await clear();
        await db.update(settings).set({ timeZone: ZONES[0] });
        for (const o of ops) await apply(o);
        await expectExact();
      }),
      { numRuns: 200, seed: 3701 },
    );
  }, 240_000);

  it("follows each kind of write on its own", async () => {
    const insert: Op = {
      op: "insert",
      count: 2,
      hours: 3,
      lead: 2,
      status: 2,
      team: 0,
      total: 9000,
      size: 0,
      // A visit of two: the second vehicle (a van) has its own add-on, under its own size.
      more: [1],
      lines: [
        { kind: 0, name: 0, price: 8000, service: true, vehicle: 0 },
        { kind: 2, name: 2, price: 500, service: false, vehicle: 0 },
        { kind: 1, name: 1, price: 1200, service: false, vehicle: 1 },
      ],
    };
    const steps: Op[] = [
      { op: "team", booking: 0, team: 1 },
      { op: "move", booking: 0, hours: 20 },
      { op: "status", booking: 1, status: 5 },
      { op: "size", booking: 0, size: 1 },
      { op: "money", booking: 0, total: 100, paid: 50, refunded: 10 },
      { op: "addLine", booking: 0, kind: 1, name: 1, price: 1500 },
      { op: "changeLine", line: 0, price: 10, name: 3, kind: 2, booking: 1 },
      { op: "deleteLine", line: 1 },
      { op: "pay", booking: 0, kind: 0, status: 1, hours: 2, amount: 700 },
      { op: "refund", payment: 0, status: 1, hours: 30, amount: 200 },
      { op: "changeRefund", refund: 0, status: 2, hours: 1 },
      { op: "changePayment", payment: 0, status: 1, hours: -30, amount: 900 },
      { op: "deleteBooking", booking: 0 },
    ];
    for (const step of steps) {
      await clear();
      await apply(insert);
      await apply(step);
      await expectExact();
    }
  });

  it("is rebuilt for the new zone in the transaction that changes it", async () => {
    await clear();
    await db.update(settings).set({ timeZone: "Europe/London" });
    // 23:30 UTC on 10 November: the 10th in London, the 11th in Auckland (UTC+13).
    await apply({
      op: "insert",
      count: 1,
      hours: 0,
      lead: 3,
      status: 2,
      team: 0,
      total: 7000,
      size: 0,
      more: [],
      lines: [{ kind: 2, name: 2, price: 500, service: false, vehicle: 0 }],
    });
    await db
      .update(bookings)
      .set({ startsAt: new Date("2026-11-10T23:30:00Z"), endsAt: new Date("2026-11-11T01:00:00Z") });
    const days = async (x: Db) =>
      (
        await x.execute<{ d: string }>(sql`SELECT local_date::text AS d FROM report_daily WHERE jobs <> 0`)
      ).rows.map((r) => r.d);
    expect(await days(db)).toEqual(["2026-11-10"]);
    await db.transaction(async (tx) => {
      await tx.update(settings).set({ timeZone: "Pacific/Auckland" });
      // Already rebuilt, before the settings transaction commits.
      expect(await days(tx as unknown as Db)).toEqual(["2026-11-11"]);
    });
    await expectExact();
    // The reports for a range in the new zone read it.
    const r = rangeOf("custom", "2026-11-11", "2026-11-11", "Pacific/Auckland");
    expect(
      (await revenueReport(db, r, "day")).rows.map((x) => [x.period, x.bookings, x.bookedMinor]),
    ).toEqual([["2026-11-11", 1, 7000]]);
    expect((await travelZones(db, r)).total).toEqual({ zone: "", jobs: 1, feesMinor: 500 });
    expect((await servicesReport(db, r)).total.count).toBe(0);
    expect((await teamJobs(db, r)).total).toMatchObject({ jobs: 1, bookedMinutes: 90, valueMinor: 7000 });
  });

  it("uses bookings' BOOKED_STATUSES", async () => {
    const { rows } = await db.execute<{ s: string; b: boolean }>(
      sql`SELECT s::text AS s, report_rollup_is_booked(s) AS b FROM unnest(enum_range(NULL::booking_status)) s`,
    );
    const booked = rows.filter((r) => r.b === true || String(r.b) === "t").map((r) => r.s);
    expect(booked.sort()).toEqual([...BOOKED_STATUSES].sort());
  });

  it("booked revenue: booking_is_booked_revenue is bookings' BOOKED_REVENUE_STATUSES", async () => {
    const { rows } = await db.execute<{ s: string; b: boolean }>(
      sql`SELECT s::text AS s, booking_is_booked_revenue(s) AS b FROM unnest(enum_range(NULL::booking_status)) s`,
    );
    const booked = rows.filter((r) => r.b === true || String(r.b) === "t").map((r) => r.s);
    expect(booked.sort()).toEqual([...BOOKED_REVENUE_STATUSES].sort());
  });

  it.runIf(kind === "postgres")("adds up when two transactions write the same keys at once", async () => {
    await clear();
    await db.update(settings).set({ timeZone: "Europe/London" });
    const values = (total: number) => ({
      reference: generateReference(),
      accessToken: randomBytes(24).toString("base64url"),
      customerId,
      status: "confirmed" as const,
      startsAt: new Date("2026-11-10T10:00:00Z"),
      endsAt: new Date("2026-11-10T11:00:00Z"),
      teamId: teamIds[0] as string,
      currency: "GBP",
      totalMinor: total,
      vehicleSnapshot: defaultVehicleSnapshot,
      addressSnapshot: defaultAddressSnapshot,
    });
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
      await tx.insert(bookings).values(values(100));
      wrote();
      await gate;
    });
    await firstWrote;
    const second = db.transaction(async (tx) => {
      await tx.insert(bookings).values(values(200));
    });
    // The second adds to the same day's row while the first holds it: it must wait, not read past it.
    const seen = await blockedBehindThenRelease(t.url, holder, release, second);
    expect(seen).toBe("blocked");
    await Promise.all([first, second]);
    const { rows } = await db.execute<{ jobs: number; v: string }>(
      sql`SELECT jobs, value_minor::text AS v FROM report_daily WHERE local_date = '2026-11-10'`,
    );
    expect(rows.map((r) => [Number(r.jobs), r.v])).toEqual([[2, "300"]]);
    await expectExact();
  });
});

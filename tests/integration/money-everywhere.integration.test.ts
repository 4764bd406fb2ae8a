import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAdminCustomers } from "@/modules/accounts/server";
import { parseAdminCustomersQuery } from "@/modules/accounts/admin-customers-filters";
import { addDays, localDateOf, localDayStart } from "@/lib/dates";
import type { BookingStatus } from "@/lib/enums";
import { BOOKED_REVENUE_STATUSES } from "@/modules/today/domain/admin-today";
import { bookingMoney, paymentStatusLabel } from "@/lib/booking/booking-money";
import { customerFactsSource } from "@/modules/bookings/server";
import { listAdminBookings, parseAdminBookingsQuery } from "@/modules/booking-list/server";
import { getAdminToday } from "@/modules/today/server";
import { adminBookingCsvRecord } from "@/modules/booking-list/server/admin-bookings-csv";
import { collectedRevenue } from "@/modules/payments/server";
import { revenueReport } from "@/modules/reports/server/aggregates";
import { setDatabaseForProcess } from "@/server/db";
import { bookings } from "@/server/db/schema";
import { insertBooking, insertSettings, insertTeam, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// ADR 0040 end to end: after a mix of bookings — paid, deposit, goodwill-adjusted, cancelled with a fee,
// cancelled and refunded, an expired unpaid hold, a declined request, a live hold, a missed job — the
// customers list (owed, lifetime value), Today's jobs (due), the bookings table and its CSV (due), and the
// reports (booked, collected) equal the sums of bookingMoney() of the same bookings. An expired unpaid hold
// adds nothing to booked revenue.

const ZONE = "Europe/London";
const NOW = new Date(Math.floor(Date.now() / 60_000) * 60_000);
const admin = { role: "admin" as const };

type Made = { key: string; customer: "ann" | "ben"; status: BookingStatus; paid: number; hour: number };
const MIX: (Made & {
  set?: { adjustmentMinor?: number; feeMinor?: number; amountRefundedMinor?: number };
})[] = [
  { key: "paid", customer: "ann", status: "confirmed", paid: 8500, hour: 9 },
  { key: "deposit", customer: "ann", status: "confirmed", paid: 2000, hour: 10 },
  // A £30 goodwill refund on a job paid in full: the charge comes down by as much, nothing is due.
  {
    key: "goodwill",
    customer: "ann",
    status: "completed",
    paid: 8500,
    hour: 11,
    set: { adjustmentMinor: 3000, amountRefundedMinor: 3000 },
  },
  // A discount on an unpaid job: less is owed.
  {
    key: "discount",
    customer: "ben",
    status: "confirmed",
    paid: 0,
    hour: 12,
    set: { adjustmentMinor: 1500 },
  },
  {
    key: "cancelled-fee",
    customer: "ann",
    status: "cancelled",
    paid: 2000,
    hour: 13,
    set: { feeMinor: 2000 },
  },
  // The £70 booking cancelled and refunded in full: Due £0.00 everywhere.
  {
    key: "cancelled-refunded",
    customer: "ben",
    status: "cancelled",
    paid: 7000,
    hour: 14,
    set: { feeMinor: 0, amountRefundedMinor: 7000 },
  },
  { key: "expired", customer: "ben", status: "expired", paid: 0, hour: 15, set: { feeMinor: 0 } },
  { key: "declined", customer: "ben", status: "declined", paid: 0, hour: 16, set: { feeMinor: 0 } },
  { key: "hold", customer: "ben", status: "pending_payment", paid: 0, hour: 17 },
  { key: "missed", customer: "ben", status: "no_show", paid: 0, hour: 18, set: { feeMinor: 8500 } },
];

describe.each(dbKinds)("one money truth everywhere (%s)", (kind) => {
  let t: TestDatabase;
  const ids = new Map<string, string>();
  const customers = new Map<string, string>();
  const today = localDateOf(NOW, ZONE);
  const dayStart = localDayStart(today, ZONE);

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, { timeZone: ZONE, currency: "GBP" });
    const team = await insertTeam(t.db, { name: "Van A" });
    for (const name of ["ann", "ben"]) {
      const u = await insertUser(t.db, { role: "customer", name, email: `${name}@example.test` });
      customers.set(name, u.id);
    }
    for (const m of MIX) {
      const b = await insertBooking(t.db, {
        customerId: customers.get(m.customer) ?? "",
        teamId: team.id,
        startsAt: new Date(dayStart.getTime() + m.hour * 3_600_000),
        status: m.status,
        paidMinor: m.paid,
        withAllocation: false,
        items: [
          {
            kind: "package",
            name: "Full Valet",
            priceMinor: m.key.startsWith("cancelled-r") ? 7000 : 8500,
            minutes: 60,
          },
        ],
      });
      ids.set(m.key, b.id);
      // Direct column updates, as the adjust-price and refund paths leave them.
      if (m.set)
        await t.db.execute(sql`UPDATE bookings SET
          adjustment_minor = ${m.set.adjustmentMinor ?? 0},
          fee_minor = ${m.set.feeMinor ?? null},
          amount_refunded_minor = ${m.set.amountRefundedMinor ?? 0}
          WHERE id = ${b.id}`);
    }
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t?.drop();
  });

  const moneyOf = async () => {
    const rows = await t.db.select().from(bookings);
    return new Map(rows.map((b) => [b.id, { b, m: bookingMoney(b) }]));
  };
  const sum = (xs: number[]) => xs.reduce((s, x) => s + x, 0);

  it("the customers list: owed and lifetime value", async () => {
    const all = await moneyOf();
    const page = await listAdminCustomers(t.db, admin, parseAdminCustomersQuery({}), customerFactsSource, {
      now: NOW,
    });
    for (const [name, id] of customers) {
      const mine = [...all.values()].filter((x) => x.b.customerId === id);
      const row = page.rows.find((r) => r.id === id);
      expect(row, name).toBeDefined();
      expect({ owed: row?.owedMinor, value: row?.valueMinor }, name).toEqual({
        owed: sum(mine.map((x) => x.m.owedMinor)),
        value: sum(mine.map((x) => x.m.netPaidMinor)),
      });
    }
    // Ann owes the deposit's balance only; Ben the discounted job and the missed one's fee — not the hold.
    expect(page.rows.find((r) => r.id === customers.get("ann"))?.owedMinor).toBe(6500);
    expect(page.rows.find((r) => r.id === customers.get("ben"))?.owedMinor).toBe(7000 + 8500);
  });

  it("Today's jobs: each one's due", async () => {
    const all = await moneyOf();
    const page = await getAdminToday(t.db, admin, { collectedRevenue, now: NOW });
    const jobs = page.days.flatMap((d) => d.teams.flatMap((x) => x.jobs));
    expect(jobs.length).toBeGreaterThan(0);
    for (const j of jobs) expect(j.dueMinor, j.reference).toBe(all.get(j.id)?.m.dueMinor);
    const goodwill = jobs.find((j) => j.id === ids.get("goodwill"));
    expect(goodwill?.dueMinor).toBe(0);
  });

  it("the bookings table and its CSV: each one's due (a cancelled refunded £70 booking: £0.00)", async () => {
    const all = await moneyOf();
    const page = await listAdminBookings(t.db, admin, parseAdminBookingsQuery({}), ZONE);
    expect(page.rows).toHaveLength(MIX.length);
    for (const r of page.rows) expect(r.dueMinor, r.reference).toBe(all.get(r.id)?.m.dueMinor);
    const refunded = page.rows.find((r) => r.id === ids.get("cancelled-refunded"));
    expect(refunded?.dueMinor).toBe(0);
    // List price, discounts, fee, charge, paid, refunded, due, refundable: the last eight columns.
    expect(refunded && adminBookingCsvRecord(refunded, ZONE)).toMatch(
      /,70\.00,0\.00,0\.00,0\.00,70\.00,70\.00,0\.00,0\.00\s*$/,
    );
  });

  it("every CSV row reconciles by itself and names its money as the table and the booking page do", async () => {
    const all = await moneyOf();
    const page = await listAdminBookings(t.db, admin, parseAdminBookingsQuery({}), ZONE);
    for (const r of page.rows) {
      const { m } = all.get(r.id) ?? {};
      if (!m) throw new Error(`no money for ${r.reference}`);
      const cells = parseCsvLine(adminBookingCsvRecord(r, ZONE).trimEnd());
      const [list = 0, discounts = 0, fee = 0, charge = 0, paid = 0, refunded = 0, due = 0, refundable = 0] =
        cells.slice(-8).map(pence);
      const payment = cells[cells.length - 11];
      expect(payment, r.reference).toBe(paymentStatusLabel(m, "GBP"));
      expect(charge, r.reference).toBe(m.chargeMinor);
      if (m.closed) expect(fee, r.reference).toBe(charge);
      else expect(Math.max(0, list - discounts), r.reference).toBe(charge);
      expect(paid - refunded, r.reference).toBe(charge - due + refundable);
    }
  });

  it("the reports: booked = the charges of the bookings that stand; collected = what was paid", async () => {
    const all = [...(await moneyOf()).values()];
    const range = {
      from: localDayStart(addDays(today, -40), ZONE),
      to: localDayStart(addDays(today, 2), ZONE),
      timeZone: ZONE,
    };
    const report = await revenueReport(t.db, range, "day");
    const standing = all.filter((x) => (BOOKED_REVENUE_STATUSES as readonly string[]).includes(x.b.status));
    expect(report.total.bookings).toBe(standing.length);
    expect(report.total.bookedMinor).toBe(sum(standing.map((x) => x.m.chargeMinor)));
    expect(report.total.collectedMinor).toBe(sum(all.map((x) => x.m.collectedMinor)));
    // The expired unpaid hold (and the live one) add nothing: taking it away changes nothing.
    await t.db.execute(sql`UPDATE bookings SET total_minor = 99999 WHERE id = ${ids.get("expired") ?? ""}`);
    await t.db.execute(sql`UPDATE bookings SET adjustment_minor = 500 WHERE id = ${ids.get("hold") ?? ""}`);
    expect((await revenueReport(t.db, range, "day")).total.bookedMinor).toBe(report.total.bookedMinor);
    // A goodwill adjustment made now reaches the rollup (its trigger reads adjustment_minor).
    await t.db.execute(sql`UPDATE bookings SET adjustment_minor = 1000 WHERE id = ${ids.get("paid") ?? ""}`);
    expect((await revenueReport(t.db, range, "day")).total.bookedMinor).toBe(report.total.bookedMinor - 1000);
    await t.db.execute(sql`UPDATE bookings SET adjustment_minor = 0 WHERE id = ${ids.get("paid") ?? ""}`);
  });
});

/** One CSV record's cells (quoted cells may hold commas and doubled quotes). */
function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  const re = /("(?:[^"]|"")*"|[^,]*)(,|$)/g;
  for (let m = re.exec(line); m && m[0] !== ""; m = re.exec(line)) {
    const raw = m[1] ?? "";
    cells.push(raw.startsWith('"') ? raw.slice(1, -1).replace(/""/g, '"') : raw);
    if (m[2] === "") break;
  }
  return cells;
}

/** "12.34" (or "" for no fee) in pence. */
const pence = (cell: string): number => (cell === "" ? 0 : Math.round(Number(cell) * 100));

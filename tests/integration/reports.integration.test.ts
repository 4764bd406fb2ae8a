import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKED_REVENUE_STATUSES } from "@/modules/today/domain/admin-today";
import { bookingMoney } from "@/lib/booking/booking-money";
import { collectedRevenue } from "@/modules/payments/server";
import { rangeOf, type ReportRange } from "@/modules/reports/domain/range";
import { type ReportTable, rowText } from "@/modules/reports/domain/table";
import {
  bookingsByStatus,
  customerTypes,
  getReportsPage,
  type LedgerTable,
  ledgerBatches,
  ledgerEntries,
  ledgerTotals,
  reportCsvResponse,
  reportTable,
  revenueReport,
  servicesReport,
  teamJobs,
  topCustomers,
  travelZones,
  vehicleSizesReport,
} from "@/modules/reports/server";
import { setDatabaseForProcess } from "@/server/db";
import { bookingItems, bookings, payments, refunds } from "@/server/db/schema";
import {
  defaultVehicleSnapshot,
  insertBooking,
  insertSettings,
  insertTeam,
  insertUser,
  insertWeeklyHours,
} from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Every report on a small hand-made data set whose answers are worked out by hand (November 2026 in
// London, GMT throughout), then the reconciliation on generated data: the revenue report's totals equal
// the ledger's and payments' collectedRevenue for the same range.

const LONDON = "Europe/London";
const at = (s: string) => new Date(s);
const valet = { kind: "package" as const, name: "Full Valet", priceMinor: 8500, minutes: 180 };
const wax = { kind: "addon" as const, name: "Wax", priceMinor: 1500, minutes: 60 };
const brixton = { kind: "travel_fee" as const, name: "Travel to Brixton", priceMinor: 500, minutes: 0 };
const camden = { kind: "travel_fee" as const, name: "Travel to Camden", priceMinor: 1000, minutes: 0 };
const size = (sizeName: string) => ({ vehicleSnapshot: { ...defaultVehicleSnapshot, sizeName } });
const november: ReportRange = rangeOf("custom", "2026-11-01", "2026-11-30", LONDON);
const october: ReportRange = rangeOf("custom", "2026-10-01", "2026-10-31", LONDON);
const admin = { role: "admin" as const };

const csvRows = async (res: Response) =>
  (await res.text())
    .replace(/^\uFEFF/, "")
    .trimEnd()
    .split("\r\n")
    .map((l) => l.split(","));

describe.each(dbKinds)("reports on %s", (kind) => {
  let t: TestDatabase;
  const id: Record<string, string> = {};
  const ref: Record<string, string> = {};
  let vanA = "";
  let vanB = "";

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, { timeZone: LONDON, currency: "GBP" });
    vanA = (await insertTeam(t.db, { name: "Van A", sortOrder: 1 })).id;
    vanB = (await insertTeam(t.db, { name: "Van B", sortOrder: 2 })).id;
    await insertTeam(t.db, { name: "Van C", sortOrder: 3, isActive: false });
    // Open 08:00–18:00 every day: 600 minutes per active team.
    await insertWeeklyHours(t.db, Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [d, [[480, 1080]]])));
    const zoe = (await insertUser(t.db, { name: "Zoë Adams", email: "zoe@example.test" })).id;
    const bob = (await insertUser(t.db, { name: "Bob Brown", email: "bob@example.test" })).id;
    const cat = (await insertUser(t.db, { name: "Cat Clark", email: "cat@example.test" })).id;
    const dee = (await insertUser(t.db, { name: "Dee Dean", email: "dee@example.test" })).id;
    const add = async (key: string, input: Parameters<typeof insertBooking>[1]) => {
      const b = await insertBooking(t.db, { withAllocation: false, ...input });
      id[key] = b.id;
      ref[key] = b.reference;
    };
    const settle = (key: string, when: string) =>
      t.db
        .update(payments)
        .set({ settledAt: at(when) })
        .where(eq(payments.bookingId, id[key] ?? ""));
    const pay = (key: string, values: Partial<typeof payments.$inferInsert>) =>
      t.db
        .insert(payments)
        .values({
          bookingId: id[key] ?? "",
          provider: "test",
          kind: "deposit",
          amountMinor: 0,
          currency: "GBP",
          status: "succeeded",
          ...values,
        })
        .returning();

    // November.
    await add("K1", {
      customerId: zoe,
      teamId: vanA,
      startsAt: at("2026-11-02T10:00:00Z"),
      status: "completed",
      items: [valet, wax, brixton],
      paidMinor: 10500,
      ...size("Small"),
    });
    await settle("K1", "2026-11-02T12:00:00Z");
    await add("K2", {
      customerId: bob,
      teamId: vanB,
      startsAt: at("2026-11-10T09:00:00Z"),
      paidMinor: 2000,
      ...size("Large"),
    });
    await settle("K2", "2026-10-28T10:00:00Z"); // the deposit came in October
    await pay("K2", { kind: "balance", amountMinor: 6500, settledAt: at("2026-11-10T12:00:00Z") });
    await t.db
      .update(bookings)
      .set({ amountPaidMinor: 8500 })
      .where(eq(bookings.id, id.K2 ?? ""));
    await add("K3", {
      customerId: cat,
      teamId: vanA,
      startsAt: at("2026-11-15T14:00:00Z"),
      status: "cancelled",
      items: [valet, camden],
      paidMinor: 2000,
      amountRefundedMinor: 1000,
    });
    await settle("K3", "2026-11-01T09:00:00Z");
    const [k3Payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, id.K3 ?? ""));
    await t.db.insert(refunds).values({
      paymentId: k3Payment?.id ?? "",
      amountMinor: 1000,
      status: "succeeded",
      providerReference: "re_K3",
      settledAt: at("2026-11-14T10:00:00Z"),
    });
    await add("K4", {
      customerId: zoe,
      teamId: vanB,
      startsAt: at("2026-11-20T10:00:00Z"),
      status: "no_show",
      // The no-show rule's default: the full price (ADR 0040), as the transition sets it.
      feeMinor: 8500,
    });
    await pay("K4", {
      provider: "manual",
      method: "cash",
      amountMinor: 2000,
      settledAt: at("2026-11-05T10:00:00Z"),
    });
    await t.db
      .update(bookings)
      .set({ amountPaidMinor: 2000 })
      .where(eq(bookings.id, id.K4 ?? ""));
    // 23:30 on 30 November in London: still November.
    await add("K5", {
      customerId: bob,
      teamId: vanA,
      startsAt: at("2026-11-30T23:30:00Z"),
      items: [valet, wax],
      ...size("Small"),
    });
    // A payment still pending is not money yet.
    await pay("K5", { amountMinor: 10000, status: "pending" });
    // 00:30 on 1 December: December's job, but paid on 30 November.
    await add("K6", { customerId: cat, teamId: vanA, startsAt: at("2026-12-01T00:30:00Z"), paidMinor: 8500 });
    await settle("K6", "2026-11-30T20:00:00Z");
    await add("K8", {
      customerId: dee,
      teamId: vanB,
      startsAt: at("2026-11-25T10:00:00Z"),
      status: "expired",
    });
    // A failed refund gives nothing back.
    const [k1Payment] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, id.K1 ?? ""));
    await t.db.insert(refunds).values({
      paymentId: k1Payment?.id ?? "",
      amountMinor: 500,
      status: "failed",
      settledAt: at("2026-11-03T10:00:00Z"),
    });
    // October (summer time until the 25th): Zoë's first job; Bob's only earlier booking was cancelled.
    await add("K7", {
      customerId: zoe,
      teamId: vanA,
      startsAt: at("2026-10-20T10:00:00Z"),
      status: "completed",
      paidMinor: 8500,
    });
    await settle("K7", "2026-10-20T12:00:00Z");
    await add("K10", {
      customerId: bob,
      teamId: vanA,
      startsAt: at("2026-10-05T10:00:00Z"),
      status: "cancelled",
    });
    // 00:30 BST on 10 October is 23:30 UTC on the 9th.
    await add("K9", { customerId: cat, teamId: vanB, startsAt: at("2026-10-09T23:30:00Z") });
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  it("revenue by day: booked by job date, collected by kind and refunded by settle date, net", async () => {
    const { rows, total } = await revenueReport(t.db, november, "day");
    const line = (r: (typeof rows)[number]) => [
      r.period,
      r.bookings,
      r.bookedMinor,
      r.depositsMinor,
      r.balancesMinor,
      r.fullMinor,
      r.collectedMinor,
      r.refundedMinor,
      r.netMinor,
    ];
    expect(rows.map(line)).toEqual([
      ["2026-11-01", 0, 0, 2000, 0, 0, 2000, 0, 2000],
      ["2026-11-02", 1, 10500, 0, 0, 10500, 10500, 0, 10500],
      ["2026-11-05", 0, 0, 2000, 0, 0, 2000, 0, 2000],
      ["2026-11-10", 1, 8500, 0, 6500, 0, 6500, 0, 6500],
      ["2026-11-14", 0, 0, 0, 0, 0, 0, 1000, -1000],
      ["2026-11-20", 1, 8500, 0, 0, 0, 0, 0, 0],
      ["2026-11-30", 1, 10000, 0, 0, 8500, 8500, 0, 8500],
    ]);
    expect(line(total)).toEqual(["", 4, 37500, 4000, 6500, 19000, 29500, 1000, 28500]);
    const month = await revenueReport(t.db, november, "month");
    expect(month.rows.map(line)).toEqual([["2026-11", 4, 37500, 4000, 6500, 19000, 29500, 1000, 28500]]);
    // The Today page's "collected" is the same number.
    expect(await collectedRevenue(t.db, [november])).toEqual([28500]);
  });

  it("groups by the local date in the business zone, in summer time too", async () => {
    const { rows } = await revenueReport(t.db, october, "day");
    expect(rows.filter((r) => r.bookings > 0).map((r) => [r.period, r.bookedMinor])).toEqual([
      ["2026-10-10", 8500],
      ["2026-10-20", 8500],
    ]);
    expect(rows.find((r) => r.period === "2026-10-28")?.depositsMinor).toBe(2000);
  });

  it("the ledger: every settled payment and refund in order, with booking, customer, provider, method, reference", async () => {
    const entries = await ledgerEntries(t.db, november, { limit: 50 });
    expect(
      entries.map((e) => [e.type, e.bookingReference, e.kind, e.provider, e.method, e.amountMinor]),
    ).toEqual([
      ["payment", ref.K3, "deposit", "test", "online", 2000],
      ["payment", ref.K1, "full", "test", "online", 10500],
      ["payment", ref.K4, "deposit", "manual", "cash", 2000],
      ["payment", ref.K2, "balance", "test", "online", 6500],
      ["refund", ref.K3, "deposit", "test", "online", -1000],
      ["payment", ref.K6, "full", "test", "online", 8500],
    ]);
    expect(entries[1]).toMatchObject({
      customerName: "Zoë Adams",
      customerEmail: "zoe@example.test",
      providerReference: `seed_${ref.K1}`,
    });
    expect(entries[4]?.providerReference).toBe("re_K3");
    expect(await ledgerTotals(t.db, november)).toEqual({
      payments: 5,
      paymentsMinor: 29500,
      refunds: 1,
      refundsMinor: 1000,
      netMinor: 28500,
    });
    // Paging and the stream (cursor) see the same entries.
    const page2 = await ledgerEntries(t.db, november, { limit: 4, offset: 4 });
    expect(page2.map((e) => e.id)).toEqual(entries.slice(4).map((e) => e.id));
    const streamed: string[] = [];
    for await (const batch of ledgerBatches(t.db, november, 2)) streamed.push(...batch.map((e) => e.id));
    expect(streamed).toEqual(entries.map((e) => e.id));
  });

  it("bookings by status with cancellations, no-shows and the fees kept", async () => {
    const s = await bookingsByStatus(t.db, november);
    expect(
      s.rows.map((r) => [r.status, r.bookings, r.valueMinor, r.paidMinor, r.refundedMinor, r.keptMinor]),
    ).toEqual(
      expect.arrayContaining([
        ["confirmed", 2, 18500, 8500, 0, 8500],
        ["completed", 1, 10500, 10500, 0, 10500],
        ["cancelled", 1, 9500, 2000, 1000, 1000],
        ["expired", 1, 8500, 0, 0, 0],
        ["no_show", 1, 8500, 2000, 0, 2000],
      ]),
    );
    expect(s.rows).toHaveLength(5);
    expect(s.total).toMatchObject({
      bookings: 6,
      valueMinor: 55500,
      paidMinor: 23000,
      refundedMinor: 1000,
      keptMinor: 22000,
    });
    expect([s.cancellations, s.noShows, s.feesKeptMinor]).toEqual([1, 1, 3000]);
  });

  it("services and add-ons, and by vehicle size", async () => {
    const s = await servicesReport(t.db, november);
    expect(s.rows.map((r) => [r.kind, r.name, r.count, r.revenueMinor, r.averageMinor])).toEqual([
      ["package", "Full Valet", 4, 34000, 8500],
      ["addon", "Wax", 2, 3000, 1500],
    ]);
    expect(s.total).toMatchObject({ count: 6, revenueMinor: 37000, averageMinor: 6167 });
    const v = await vehicleSizesReport(t.db, november);
    expect(v.rows.map((r) => [r.size, r.jobs, r.revenueMinor, r.averageMinor])).toEqual([
      ["Small", 2, 20000, 10000],
      ["Large", 1, 8500, 8500],
      ["Medium", 1, 8500, 8500],
    ]);
    expect(v.total).toMatchObject({ jobs: 4, revenueMinor: 37000, averageMinor: 9250 });
    const table = await reportTable(t.db, "services", { range: november, currency: "GBP" });
    expect(table.rows.map((r) => rowText(table, r))).toEqual([
      ["Full Valet", "Package", "4", "£340.00", "£85.00", "91.9%"],
      ["Wax", "Add-on", "2", "£30.00", "£15.00", "8.1%"],
    ]);
  });

  it("customers: new vs returning (a cancelled booking does not make a customer returning), and the top ones", async () => {
    const c = await customerTypes(t.db, november);
    expect(c.rows).toEqual([
      { type: "new", customers: 1, jobs: 2, valueMinor: 18500 },
      { type: "returning", customers: 1, jobs: 2, valueMinor: 19000 },
    ]);
    expect(c.total).toEqual({ type: "", customers: 2, jobs: 4, valueMinor: 37500 });
    const top = await topCustomers(t.db, november);
    expect(top.map((r) => [r.name, r.jobs, r.valueMinor, r.firstJobAt?.toISOString()])).toEqual([
      ["Zoë Adams", 2, 19000, "2026-10-20T10:00:00.000Z"],
      ["Bob Brown", 2, 18500, "2026-11-10T09:00:00.000Z"],
    ]);
    // Issue 27 item 14: the date is their first job's, so the column says so ("Customer since" is the
    // account's creation date, on the customer's profile).
    const table = await reportTable(t.db, "top-customers", { range: november, currency: "GBP" });
    expect(table.columns.map((col) => col.label)).toEqual([
      "Customer",
      "Email",
      "Jobs",
      "Value",
      "First job",
    ]);
  });

  it("teams: jobs, booked and open hours, utilisation (an inactive team without jobs is left out)", async () => {
    const j = await teamJobs(t.db, november);
    expect(j.rows.map((r) => [r.name, r.jobs, r.bookedMinutes, r.valueMinor])).toEqual([
      ["Van A", 2, 480, 20500],
      ["Van B", 2, 360, 17000],
      ["Van C", 0, 0, 0],
    ]);
    expect(j.total).toMatchObject({ jobs: 4, bookedMinutes: 840, valueMinor: 37500 });
    const table = await reportTable(t.db, "teams", { range: november, currency: "GBP" });
    const shown = (row: ReportTable["rows"][number]) => rowText(table, row);
    // 30 days × 600 minutes = 300 open hours per active team.
    expect(table.rows.map(shown)).toEqual([
      ["Van A", "2", "8.0 h", "300.0 h", "3.0%", "£205.00"],
      ["Van B", "2", "6.0 h", "300.0 h", "2.0%", "£170.00"],
    ]);
    expect(shown(table.totals ?? [])).toEqual(["Total", "4", "14.0 h", "600.0 h", "2.0%", "£375.00"]);
  });

  it("travel zones: jobs and travel fees by the zone charged", async () => {
    const z = await travelZones(t.db, november);
    expect(z.rows).toEqual([
      { zone: "Brixton", jobs: 1, feesMinor: 500 },
      { zone: "", jobs: 3, feesMinor: 0 },
    ]);
    expect(z.total).toEqual({ zone: "", jobs: 4, feesMinor: 500 });
  });

  it("the page's data for the URL's range, admins only, with field messages for bad dates", async () => {
    const q = (s: string) => new URLSearchParams(s);
    const page = await getReportsPage(t.db, admin, q("range=custom&from=2026-11-01&to=2026-11-30"));
    // The first tab (revenue) and only its reports.
    expect(page.ok && page.tab).toBe("revenue");
    expect(page.ok && page.tables.map((x) => x.key)).toEqual(["revenue-by-month", "revenue-by-day"]);
    expect(page.ok && page.tables[0]?.totals?.[8]).toBe(28500);
    const ledger = await getReportsPage(
      t.db,
      admin,
      q("range=custom&from=2026-11-01&to=2026-11-30&tab=ledger"),
    );
    const table = (ledger.ok ? ledger.tables[0] : undefined) as LedgerTable | undefined;
    expect(ledger.ok && ledger.tables.length).toBe(1);
    expect([table?.entries, table?.pages, table?.rows.length]).toEqual([6, 1, 6]);
    const teams = await getReportsPage(t.db, admin, q("tab=teams"));
    expect(teams.ok && teams.tables.map((x) => x.key)).toEqual(["teams"]);
    const unknown = await getReportsPage(t.db, admin, q("tab=everything"));
    expect(unknown.ok && unknown.tab).toBe("revenue");
    const bad = await getReportsPage(t.db, admin, q("range=custom&from=2026-11-30&to=2026-11-01"));
    expect(!bad.ok && bad.parsed.errors).toEqual({ to: "The last date must be on or after the first." });
    await expect(getReportsPage(t.db, { role: "customer" }, q(""))).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(getReportsPage(t.db, null, q(""))).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("a CSV of exactly what the page shows, the ledger streamed whole; admins only", async () => {
    const url = (report: string, q = "range=custom&from=2026-11-01&to=2026-11-30") =>
      new Request(`http://test/admin/reports/export/${report}?${q}`);
    const res = await reportCsvResponse(url("travel-zones"), admin, "travel-zones");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="travel-zones-2026-11-01-to-2026-11-30.csv"',
    );
    expect(await csvRows(res)).toEqual([
      ["Zone", "Jobs", "Share", "Travel fees"],
      ["Brixton", "1", "25.0", "5.00"],
      ["No travel fee", "3", "75.0", "0.00"],
      ["Total", "4", "100.0", "5.00"],
    ]);
    const ledger = await csvRows(await reportCsvResponse(url("ledger"), admin, "ledger"));
    expect(ledger).toHaveLength(1 + 6 + 1);
    expect(ledger[0]?.[0]).toBe("Settled");
    expect(ledger[1]?.slice(0, 4)).toEqual(["2026-11-01 09:00 GMT", "Payment", "Deposit", ref.K3]);
    expect(ledger[5]?.slice(1, 2).concat(ledger[5]?.slice(-1) ?? [])).toEqual(["Refund", "-10.00"]);
    expect(ledger[7]?.at(-1)).toBe("285.00");
    expect((await reportCsvResponse(url("ledger"), null, "ledger")).status).toBe(401);
    expect((await reportCsvResponse(url("ledger"), { role: "customer" }, "ledger")).status).toBe(404);
    expect((await reportCsvResponse(url("nope"), admin, "nope")).status).toBe(404);
    const bad = await reportCsvResponse(
      url("teams", "range=custom&from=2026-13-01&to=2026-11-30"),
      admin,
      "teams",
    );
    expect(bad.status).toBe(400);
  });
});

// ── Reconciliation on generated data ─────────────────────────────────────────────────────────────────

/** A small deterministic generator (mulberry32). */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let x = Math.imul(a ^ (a >>> 15), 1 | a);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

describe.each(dbKinds)("reports reconcile on generated data on %s", (kind) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db, { timeZone: LONDON, currency: "GBP" });
    const team = (await insertTeam(t.db, { name: "Van A" })).id;
    const customers = await Promise.all(
      [0, 1, 2, 3, 4].map((i) => insertUser(t.db, { name: `Customer ${i}`, email: `c${i}@example.test` })),
    );
    const rnd = random(16);
    const statuses = [
      "confirmed",
      "completed",
      "cancelled",
      "no_show",
      "expired",
      "pending_payment",
    ] as const;
    const start = Date.parse("2026-03-01T00:00:00Z");
    const spanMs = 240 * 86_400_000; // March to October: both clock changes
    for (let i = 0; i < 120; i++) {
      const startsAt = new Date(start + Math.floor((rnd() * spanMs) / 900_000) * 900_000);
      const items = [
        { ...valet, priceMinor: 5000 + Math.floor(rnd() * 50) * 100 },
        ...(rnd() < 0.5 ? [wax] : []),
        ...(rnd() < 0.3 ? [brixton] : []),
      ];
      const b = await insertBooking(t.db, {
        customerId: customers[Math.floor(rnd() * customers.length)]?.id ?? "",
        teamId: team,
        startsAt,
        status: statuses[Math.floor(rnd() * statuses.length)],
        items,
        withAllocation: false,
      });
      // Some with a discount, and a closed booking's fee (the charge reads them).
      if (rnd() < 0.4)
        await t.db
          .update(bookings)
          .set({
            adjustmentMinor: 500 + Math.floor(rnd() * 20) * 100,
            feeMinor: Math.floor(rnd() * 30) * 100,
          })
          .where(eq(bookings.id, b.id));
      const total = items.reduce((s, x) => s + x.priceMinor, 0);
      // Zero to two payments, settled up to 30 days before the job (some pending or failed).
      const n = Math.floor(rnd() * 3);
      for (let p = 0; p < n; p++) {
        const settled = new Date(startsAt.getTime() - Math.floor(rnd() * 30 * 86_400_000));
        const status = rnd() < 0.85 ? "succeeded" : rnd() < 0.5 ? "pending" : "failed";
        const [payment] = await t.db
          .insert(payments)
          .values({
            bookingId: b.id,
            provider: "test",
            kind: p === 0 ? (rnd() < 0.5 ? "deposit" : "full") : "balance",
            amountMinor: p === 0 ? Math.ceil(total / 4) : total - Math.ceil(total / 4),
            currency: "GBP",
            status,
            settledAt: status === "succeeded" ? settled : null,
          })
          .returning();
        if (payment && status === "succeeded" && rnd() < 0.3) {
          await t.db.insert(refunds).values({
            paymentId: payment.id,
            amountMinor: Math.max(1, Math.floor(payment.amountMinor / 2)),
            status: rnd() < 0.8 ? "succeeded" : "pending",
            settledAt: new Date(settled.getTime() + Math.floor(rnd() * 20 * 86_400_000)),
          });
        }
      }
    }
  });
  afterAll(async () => {
    await t.drop();
  });

  const ranges = [
    rangeOf("custom", "2026-03-01", "2026-10-31", LONDON),
    rangeOf("custom", "2026-03-29", "2026-03-29", LONDON), // 23 hours
    rangeOf("custom", "2026-10-25", "2026-10-25", LONDON), // 25 hours
    rangeOf("custom", "2026-06-01", "2026-06-30", LONDON),
    rangeOf("custom", "2026-02-10", "2026-12-31", LONDON),
  ];

  it.each(ranges.map((r) => [`${r.fromDate} … ${r.toDate}`, r] as const))(
    "%s: revenue totals = the ledger = collectedRevenue = the sum of the rows",
    async (_, range) => {
      const [day, month, totals, [collected], status, services] = await Promise.all([
        revenueReport(t.db, range, "day"),
        revenueReport(t.db, range, "month"),
        ledgerTotals(t.db, range),
        collectedRevenue(t.db, [range]),
        bookingsByStatus(t.db, range),
        servicesReport(t.db, range),
      ]);
      expect(day.total.collectedMinor).toBe(totals.paymentsMinor);
      expect(day.total.refundedMinor).toBe(totals.refundsMinor);
      expect(day.total.netMinor).toBe(totals.netMinor);
      expect(day.total.netMinor).toBe(collected);
      expect(month.total).toEqual(day.total);
      const sum = (k: keyof typeof day.total) => day.rows.reduce((s, r) => s + (r[k] as number), 0);
      for (const k of [
        "bookings",
        "bookedMinor",
        "collectedMinor",
        "depositsMinor",
        "fullMinor",
        "balancesMinor",
        "refundedMinor",
      ] as const)
        expect(sum(k)).toBe(day.total[k]);
      expect(day.total.depositsMinor + day.total.fullMinor + day.total.balancesMinor).toBe(
        day.total.collectedMinor,
      );
      // The ledger's entries are the same money, one by one.
      let ledgerSum = 0;
      let entries = 0;
      for await (const batch of ledgerBatches(t.db, range, 17)) {
        entries += batch.length;
        ledgerSum += batch.reduce((s, e) => s + e.amountMinor, 0);
      }
      expect([entries, ledgerSum]).toEqual([totals.payments + totals.refunds, totals.netMinor]);
      // Against the tables themselves, counted another way.
      const { from, to } = range;
      // Booked: the bookings that stand (BOOKED_REVENUE_STATUSES), at bookingMoney()'s charge.
      const standing = (
        await t.db
          .select()
          .from(bookings)
          .where(
            sql`starts_at >= ${from.toISOString()}::timestamptz AND starts_at < ${to.toISOString()}::timestamptz`,
          )
      ).filter((b) => (BOOKED_REVENUE_STATUSES as readonly string[]).includes(b.status));
      expect([day.total.bookings, day.total.bookedMinor]).toEqual([
        standing.length,
        standing.reduce((s, b) => s + bookingMoney(b).chargeMinor, 0),
      ]);
      expect(status.rows.reduce((s, r) => s + r.bookings, 0)).toBe(status.total.bookings);
      const ids = (
        await t.db
          .select({ id: bookings.id })
          .from(bookings)
          .where(
            sql`starts_at >= ${from.toISOString()}::timestamptz AND starts_at < ${to.toISOString()}::timestamptz
              AND status NOT IN ('cancelled', 'declined', 'expired')`,
          )
      ).map((b) => b.id);
      const items = ids.length
        ? await t.db
            .select({ v: sql<number>`COALESCE(sum(price_minor), 0)::int` })
            .from(bookingItems)
            .where(sql`${inArray(bookingItems.bookingId, ids)} AND kind IN ('package', 'addon')`)
        : [{ v: 0 }];
      expect(services.total.revenueMinor).toBe(items[0]?.v);
    },
  );
});

// `npm run bench:reports` — the reports benchmark of issue 16.
// Seeds 100,000 bookings (BENCH_BOOKINGS) over three years — 30 months back to 6 ahead — with 20,000
// customers, 8 teams and their opening hours, line items (packages, add-ons, travel fees), vehicle sizes,
// payments (deposits, balances, payments in full, each settled before or on the job's day), refunds on
// cancelled bookings, and events (created, a status change and one per payment), by bulk inserts into a
// fresh database. Then times every report of /admin/reports over the last 12 months as the page reads it,
// each tab of the page, every /admin/analytics query over the same 12 months (and the previous 12, as the
// page reads both) and the whole analytics page, and the ledger's CSV of the 12 months streamed whole.
// Line items point at services in categories, and 5% of bookings were moved once. PGlite (in memory) and,
// with BENCH_DATABASE_URL or TEST_DATABASE_URL, PostgreSQL.
//   RESULT <report> p50_ms=<x> p95_ms=<y> bookings=<n> db=<pglite|postgres>
// Then the live operations board (/admin/enhanced-dashboard): its whole read (getBoard) and its aggregates.
// BENCH_ONLY=board times the board alone (the seed is the same); BENCH_ONLY=ledger the board, the ledger's
// page and its CSV.
// Target (issue 16, PostgreSQL): each report and the board ≤ 300 ms p95.
// BENCH_BOOKINGS=1000000 for the large run (seeded in SQL batches, reports-seed-sql.ts); BENCH_KEEP_DB=1
// keeps the PostgreSQL database and prints its name, BENCH_DB=<name> measures again on it without seeding;
// BENCH_RUNS sets the timed runs per line.
import { randomBytes, randomUUID } from "node:crypto";
import type { BookingStatus } from "@/lib/enums";
import { previousRange, trendGrain } from "@/modules/reports/domain/analytics";
import { presetRange } from "@/modules/reports/domain/range";
import { REPORT_KEYS } from "@/modules/reports/domain/table";
import {
  bookedByDateAndTeam,
  bookingRates,
  bookingTrend,
  cancellationsByDate,
  categoryMix,
  getAnalyticsPage,
  getBoard,
  getReportsPage,
  leadTimes,
  repeatCustomers,
  reportCsvResponse,
  reportTable,
  teamUtilisation,
  weekdayHourHeat,
} from "@/modules/reports/server";
import { addDays, localDateOf } from "@/lib/dates";
import { setDatabaseForProcess } from "@/server/db";
import type { DatabaseHandle, Db } from "@/server/db/client";
import {
  bookingEvents,
  bookingItems,
  bookings,
  payments,
  refunds,
  serviceCategories,
  services,
  teams,
  users,
} from "@/server/db/schema";
import { buildUser, insertSettings, insertWeeklyHours } from "@/testing/factories";
import { defaultAddressSnapshot, defaultVehicleSnapshot } from "@/testing/factories/bookings";
import { pct, rng, runOnDatabases } from "./databases";
import { seedReportsInSql } from "./reports-seed-sql";
import { composeApp } from "@/composition";

// Module code here reaches the ports the composition root passes in (ADR 0045).
composeApp();

const TZ = "Europe/London";
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const CUSTOMERS = Math.max(1, Math.round(BOOKINGS / 5));
// Above 200,000 bookings (or with BENCH_SEED=sql) the seed is generated inside the database.
const SEED_IN_SQL =
  process.env.BENCH_SEED === "sql" || (process.env.BENCH_SEED !== "js" && BOOKINGS > 200_000);
const BATCH = 1000;
const DAY = 86_400_000;
const admin = { role: "admin" as const };
const SIZES = ["Small", "Medium", "Large", "Van"];
const ZONES = [null, null, "Brixton", "Camden", "Croydon", "Ealing"];
const PACKAGES = [
  "Express Wash",
  "Full Valet",
  "Interior Deep Clean",
  "Ceramic Coat",
  "Mini Valet",
  "Paint Correction",
];
const ADDONS = ["Wax", "Pet Hair Removal", "Engine Bay", "Headlight Restore"];
// Weighted: most bookings happen.
const STATUSES: BookingStatus[] = [
  ...Array<BookingStatus>(10).fill("completed"),
  ...Array<BookingStatus>(4).fill("confirmed"),
  "pending_payment",
  "awaiting_approval",
  "in_progress",
  "cancelled",
  "cancelled",
  "no_show",
  "declined",
  "expired",
];

async function seed(db: Db) {
  const random = rng(16);
  await insertSettings(db, { timeZone: TZ });
  const teamRows = await db
    .insert(teams)
    .values(Array.from({ length: 8 }, (_, i) => ({ name: `Van ${i + 1}`, sortOrder: i + 1 })))
    .returning({ id: teams.id });
  await insertWeeklyHours(db, Object.fromEntries([1, 2, 3, 4, 5, 6].map((d) => [d, [[480, 1080]]])));
  const categoryRows = await db
    .insert(serviceCategories)
    .values(["Washes", "Valets", "Protection", "Extras"].map((name, i) => ({ name, slug: `bench-${i}` })))
    .returning({ id: serviceCategories.id });
  const serviceIds = new Map<string, string>();
  for (const [i, name] of [...PACKAGES, ...ADDONS].entries()) {
    const isAddon = i >= PACKAGES.length;
    const [row] = await db
      .insert(services)
      .values({
        name,
        slug: `bench-service-${i}`,
        kind: isAddon ? "addon" : "package",
        categoryId: categoryRows[isAddon ? 3 : i % 3]?.id as string,
      })
      .returning({ id: services.id });
    serviceIds.set(name, row?.id as string);
  }
  if (SEED_IN_SQL)
    return seedReportsInSql(db, {
      bookings: BOOKINGS,
      customers: CUSTOMERS,
      teamIds: teamRows.map((t) => t.id),
      now: Date.now(),
      statuses: STATUSES,
      packages: PACKAGES,
      addons: ADDONS,
      zones: ZONES,
      sizes: SIZES,
      serviceIds,
    });
  const customerIds: string[] = [];
  for (let i = 0; i < CUSTOMERS; i += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, CUSTOMERS - i) }, (_, j) =>
      buildUser({ id: randomUUID(), name: `Customer ${i + j}`, email: `customer${i + j}@bench.test` }),
    );
    await db.insert(users).values(rows);
    customerIds.push(...rows.map((r) => r.id as string));
  }
  const now = Date.now();
  for (let i = 0; i < BOOKINGS; i += BATCH) {
    const bookingRows: (typeof bookings.$inferInsert)[] = [];
    const items: (typeof bookingItems.$inferInsert)[] = [];
    const events: (typeof bookingEvents.$inferInsert)[] = [];
    const paid: (typeof payments.$inferInsert)[] = [];
    const refunded: { paymentIndex: number; amountMinor: number; settledAt: Date }[] = [];
    for (let j = 0; j < Math.min(BATCH, BOOKINGS - i); j++) {
      const n = i + j;
      const id = randomUUID();
      const startsAt = new Date(Math.round((now + (random() * 1095 - 912) * DAY) / 1_800_000) * 1_800_000);
      const createdAt = new Date(startsAt.getTime() - Math.floor(random() * 30 + 1) * DAY);
      const pkg = PACKAGES[Math.floor(random() * PACKAGES.length)] ?? "Full Valet";
      const pkgPrice = 4000 + Math.floor(random() * 30) * 500;
      const addon = random() < 0.4 ? ADDONS[Math.floor(random() * ADDONS.length)] : undefined;
      const zone = ZONES[Math.floor(random() * ZONES.length)] ?? null;
      const fee = zone ? 500 + Math.floor(random() * 3) * 250 : 0;
      const total = pkgPrice + (addon ? 1500 : 0) + fee;
      const minutes = 60 + Math.floor(random() * 6) * 30;
      const status = STATUSES[Math.floor(random() * STATUSES.length)] ?? "confirmed";
      const future = startsAt.getTime() > now;
      const r = random();
      // Deposit then balance on the day, in full up front, or nothing yet.
      const plan =
        status === "expired" || status === "declined" || r < 0.15 ? "none" : r < 0.55 ? "deposit" : "full";
      const deposit = Math.round(total / 5);
      const done = status === "completed" || status === "in_progress" || status === "no_show";
      let paidMinor = 0;
      let refundedMinor = 0;
      const pay = (kind: "deposit" | "full" | "balance", amountMinor: number, settledAt: Date) => {
        paid.push({
          bookingId: id,
          provider: random() < 0.8 ? "test" : "manual",
          kind,
          method: random() < 0.8 ? "online" : "cash",
          amountMinor,
          currency: "GBP",
          status: "succeeded",
          providerReference: `bench_${n}_${kind}`,
          settledAt,
          createdAt: settledAt,
        });
        events.push({ bookingId: id, type: "payment", toValue: String(amountMinor), at: settledAt });
        paidMinor += amountMinor;
        return paid.length - 1;
      };
      if (plan === "deposit") {
        const p = pay("deposit", deposit, new Date(createdAt.getTime() + 600_000));
        if (done && !future) pay("balance", total - deposit, new Date(startsAt.getTime() + minutes * 60_000));
        if (status === "cancelled") {
          refundedMinor = random() < 0.5 ? deposit : Math.round(deposit / 2);
          refunded.push({
            paymentIndex: p,
            amountMinor: refundedMinor,
            settledAt: new Date(createdAt.getTime() + 2 * DAY),
          });
        }
      } else if (plan === "full") {
        const p = pay("full", total, new Date(createdAt.getTime() + 600_000));
        if (status === "cancelled") {
          refundedMinor = random() < 0.5 ? total : Math.round(total / 2);
          refunded.push({
            paymentIndex: p,
            amountMinor: refundedMinor,
            settledAt: new Date(createdAt.getTime() + 2 * DAY),
          });
        }
      }
      bookingRows.push({
        id,
        reference: `FC-${n.toString(36).toUpperCase().padStart(6, "0")}`,
        accessToken: randomBytes(12).toString("base64url"),
        customerId: customerIds[Math.floor(random() * customerIds.length)] as string,
        status,
        // Cancelled a day after booking (or just before the job): the board counts cancellations by it.
        cancelledAt:
          status === "cancelled"
            ? new Date(Math.min(createdAt.getTime() + DAY, startsAt.getTime() - 3_600_000))
            : null,
        startsAt,
        endsAt: new Date(startsAt.getTime() + minutes * 60_000),
        teamId: teamRows[n % teamRows.length]?.id as string,
        currency: "GBP",
        totalMinor: total,
        amountPaidMinor: paidMinor,
        amountRefundedMinor: refundedMinor,
        vehicleSnapshot: { ...defaultVehicleSnapshot, sizeName: SIZES[n % SIZES.length] as string },
        addressSnapshot: defaultAddressSnapshot,
        createdAt,
      });
      items.push({
        bookingId: id,
        kind: "package",
        vehiclePosition: 0,
        serviceId: serviceIds.get(pkg),
        name: pkg,
        priceMinor: pkgPrice,
        minutes,
        position: 0,
      });
      if (addon)
        items.push({
          bookingId: id,
          kind: "addon",
          vehiclePosition: 0,
          serviceId: serviceIds.get(addon),
          name: addon,
          priceMinor: 1500,
          minutes: 0,
          position: 1,
        });
      if (zone)
        items.push({
          bookingId: id,
          kind: "travel_fee",
          name: `Travel to ${zone}`,
          priceMinor: fee,
          minutes: 0,
          position: 2,
        });
      events.push({ bookingId: id, type: "created", toValue: status, at: createdAt });
      if (random() < 0.05)
        events.push({
          bookingId: id,
          type: "rescheduled",
          fromValue: new Date(startsAt.getTime() - DAY).toISOString(),
          toValue: startsAt.toISOString(),
          at: new Date(createdAt.getTime() + DAY / 2),
        });
      if (status !== "pending_payment")
        events.push({
          bookingId: id,
          type: "status_changed",
          fromValue: "pending_payment",
          toValue: status,
          at: createdAt,
        });
    }
    await db.insert(bookings).values(bookingRows);
    await db.insert(bookingItems).values(items);
    await db.insert(bookingEvents).values(events);
    if (paid.length) {
      const ids = await db.insert(payments).values(paid).returning({ id: payments.id });
      if (refunded.length)
        await db.insert(refunds).values(
          refunded.map((f) => ({
            paymentId: ids[f.paymentIndex]?.id as string,
            amountMinor: f.amountMinor,
            status: "succeeded" as const,
            reason: "Cancelled",
            settledAt: f.settledAt,
            createdAt: f.settledAt,
          })),
        );
    }
  }
}

async function run(kind: "pglite" | "postgres", handle: DatabaseHandle, { reused = false } = {}) {
  const db = handle.db;
  setDatabaseForProcess(handle);
  const t0 = performance.now();
  if (reused) console.log(`[${kind}] reusing the seeded database`);
  else {
    await seed(db);
    console.log(
      `[${kind}] seeded ${BOOKINGS} bookings${SEED_IN_SQL ? " in SQL" : ""} in ${((performance.now() - t0) / 1000).toFixed(1)} s`,
    );
  }
  // What autovacuum would have done by the time anyone reads a report: statistics and the visibility map
  // (index-only scans read the heap for every page not marked all-visible).
  await db.execute("VACUUM ANALYZE" as never);

  const range = presetRange("last_12_months", new Date(), TZ);
  const c = { range, currency: "GBP" };
  const runs = Number(process.env.BENCH_RUNS ?? (kind === "postgres" ? 30 : 15));
  const time = async (name: string, fn: () => Promise<unknown>) => {
    const times: number[] = [];
    for (let i = 0; i < runs + 2; i++) {
      const start = performance.now();
      await fn();
      if (i >= 2) times.push(performance.now() - start); // the first runs warm caches
    }
    console.log(
      `RESULT ${name} p50_ms=${pct(times, 50).toFixed(1)} p95_ms=${pct(times, 95).toFixed(1)} bookings=${BOOKINGS} db=${kind}`,
    );
  };
  // ── The operations board: what one wall screen reads on load and after each live event.
  const [boardAdmin] = await db
    .insert(users)
    .values(
      buildUser({
        id: randomUUID(),
        name: "Bench Admin",
        email: `admin-${randomUUID()}@bench.test`,
        role: "admin",
      }),
    )
    .returning({ id: users.id });
  const today = localDateOf(new Date(), TZ);
  const window = { from: addDays(today, -14), to: addDays(today, 13), timeZone: TZ };
  await time("board_booked_by_date_and_team", () => bookedByDateAndTeam(db, window));
  await time("board_cancellations_by_date", () => cancellationsByDate(db, window));
  await time("board_page", () => getBoard(db, { id: boardAdmin?.id ?? "" }));
  if (process.env.BENCH_ONLY === "board") {
    setDatabaseForProcess(undefined);
    return;
  }
  // BENCH_ONLY=ledger: the ledger's page and its 12-month CSV (after the board).
  const ledgerOnly = process.env.BENCH_ONLY === "ledger";
  if (ledgerOnly) await time("ledger", () => reportTable(db, "ledger", c, { ledgerPage: 100 }));

  if (!ledgerOnly) await benchReportsAndAnalytics();
  async function benchReportsAndAnalytics() {
    for (const key of REPORT_KEYS) await time(key, () => reportTable(db, key, c, { ledgerPage: 100 }));
    for (const tab of ["revenue", "ledger", "services", "customers"])
      await time(`page_tab_${tab}`, () =>
        getReportsPage(db, admin, new URLSearchParams(`range=last_12_months&tab=${tab}&ledgerPage=100`)),
      );

    // /admin/analytics: every query over the 12 months (by month), then the page (both periods in parallel).
    const previous = previousRange(range);
    const grain = trendGrain(range);
    const analytics: [string, (r: typeof range) => Promise<unknown>][] = [
      ["trend", (r) => bookingTrend(db, r, grain)],
      ["category_mix", (r) => categoryMix(db, r)],
      ["weekday_hour_heat", (r) => weekdayHourHeat(db, r)],
      ["lead_times", (r) => leadTimes(db, r)],
      ["rates", (r) => bookingRates(db, r)],
      ["repeat_customers", (r) => repeatCustomers(db, r)],
      ["team_utilisation", (r) => teamUtilisation(db, r)],
    ];
    for (const [name, fn] of analytics) await time(`analytics_${name}`, () => fn(range));
    await time("analytics_previous_12_months_trend", () => bookingTrend(db, previous, grain));
    await time("analytics_page", () =>
      getAnalyticsPage(db, admin, new URLSearchParams("range=last_12_months")),
    );
  }
  // The ledger's CSV for the 12 months, streamed whole.
  const start = performance.now();
  const res = await reportCsvResponse(
    new Request("http://bench/admin/reports/export/ledger?range=last_12_months"),
    admin,
    "ledger",
  );
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (const b of value) if (b === 10) lines++;
  }
  console.log(
    `RESULT csv_ledger_12_months ms=${(performance.now() - start).toFixed(0)} rows=${lines - 2} bytes=${bytes} db=${kind}`,
  );
  setDatabaseForProcess(undefined);
}

await runOnDatabases(run);

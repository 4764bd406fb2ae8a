// `npm run bench:admin` — the bookings table benchmark of issue 12.
// Seeds 100,000 bookings (20,000 customers, 8 teams, 12 services, line items, a `created` event each and
// a payment for every paid one) by bulk inserts into a fresh database, then times the admin table's reads
// as the page makes them: no filter, each filter, a search by name and by registration, each sort, and
// the CSV export of every row (time and peak memory above the start). Runs on PGlite (in memory) and,
// when BENCH_DATABASE_URL or TEST_DATABASE_URL points at a PostgreSQL server, on a fresh database there.
//   RESULT <name> p50_ms=<x> p95_ms=<y> bookings=<n> db=<pglite|postgres>
//   RESULT csv_all ms=<x> rows=<n> bytes=<n> peak_heap_mb=<x> peak_rss_mb=<x> db=<…>
// Targets (issue 12, PostgreSQL): list and search p95 ≤ 100 ms, CSV ≤ 5 s with memory flat.
// Then /admin/customers at the same size (20,000 customers; target p95 ≤ 100 ms on PostgreSQL).
// Then /admin (Today)'s data: scripts/bench/admin-today.ts (target p95 ≤ 150 ms).
import { randomBytes, randomUUID } from "node:crypto";
import { BOOKING_STATUSES } from "@/lib/enums";
import { ADMIN_CUSTOMER_SORTS, type AdminCustomersQuery } from "@/modules/accounts/admin-customers-filters";
import { listAdminCustomers } from "@/modules/accounts/server/customers/admin-customers";
import { adminCustomersCsvResponse } from "@/modules/accounts/server/customers/admin-customers-csv";
import { listAdminBookings } from "@/modules/booking-list/server/admin-bookings";
import { customerFactsSource } from "@/modules/bookings/server/customer-facts";
import { adminBookingsCsvResponse } from "@/modules/booking-list/server/admin-bookings-csv";
import {
  ADMIN_BOOKING_SORTS,
  type AdminBookingsQuery,
} from "@/modules/booking-list/server/admin-bookings-filters";
import { setDatabaseForProcess } from "@/server/db";
import type { DatabaseHandle, Db } from "@/server/db/client";
import { pct, rng, runOnDatabases } from "./databases";
import { benchAdminToday } from "./admin-today";
import { bookingEvents, bookingItems, bookings, payments, services, teams, users } from "@/server/db/schema";
import { buildUser, insertCategory, insertSettings } from "@/testing/factories";
import { defaultAddressSnapshot, defaultVehicleSnapshot } from "@/testing/factories/bookings";
import { composeApp } from "@/composition";

// Module code here reaches the ports the composition root passes in (ADR 0045).
composeApp();

const TZ = "Europe/London";
const BOOKINGS = Number(process.env.BENCH_BOOKINGS ?? 100_000);
const CUSTOMERS = Math.max(1, Math.round(BOOKINGS / 5));
const BATCH = 1000;
const FIRST = ["Amelia", "Oliver", "Isla", "George", "Ava", "Noah", "Mia", "Leo", "Zoë", "Arthur"];
const LAST = [
  "Smith",
  "Jones",
  "Taylor",
  "Brown",
  "Williams",
  "Wilson",
  "Johnson",
  "Davies",
  "Patel",
  "Khan",
];
const admin = { role: "admin" as const };

const registrationOf = (i: number) =>
  `${String.fromCharCode(65 + (i % 26))}${String.fromCharCode(65 + (((i / 26) | 0) % 26))}${String(i % 100).padStart(2, "0")}${String.fromCharCode(65 + (((i / 7) | 0) % 26))}${String.fromCharCode(65 + (((i / 11) | 0) % 26))}${String.fromCharCode(65 + (((i / 13) | 0) % 26))}`;

async function seed(db: Db) {
  const random = rng(12);
  await insertSettings(db, { timeZone: TZ });
  const category = await insertCategory(db);
  const teamRows = await db
    .insert(teams)
    .values(Array.from({ length: 8 }, (_, i) => ({ name: `Van ${i + 1}`, sortOrder: i + 1 })))
    .returning({ id: teams.id });
  const serviceRows = await db
    .insert(services)
    .values(
      Array.from({ length: 12 }, (_, i) => ({
        categoryId: category.id,
        name: `Service ${i + 1}`,
        slug: `bench-service-${i + 1}`,
        kind: i < 8 ? ("package" as const) : ("addon" as const),
      })),
    )
    .returning({ id: services.id, name: services.name });
  const customerIds: string[] = [];
  for (let i = 0; i < CUSTOMERS; i += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, CUSTOMERS - i) }, (_, j) => {
      const n = i + j;
      return buildUser({
        id: randomUUID(),
        name: `${FIRST[n % FIRST.length]} ${LAST[((n / 10) | 0) % LAST.length]}-${n}`,
        email: `customer${n}@bench.test`,
        phone: `07700 ${String(900000 + n).slice(-6)}`,
        marketingConsent: n % 4 === 0,
        banned: n % 97 === 0,
      });
    });
    await db.insert(users).values(rows);
    customerIds.push(...rows.map((r) => r.id as string));
  }
  const now = Date.now();
  for (let i = 0; i < BOOKINGS; i += BATCH) {
    const bookingRows: (typeof bookings.$inferInsert)[] = [];
    const items: (typeof bookingItems.$inferInsert)[] = [];
    const events: (typeof bookingEvents.$inferInsert)[] = [];
    const paid: (typeof payments.$inferInsert)[] = [];
    for (let j = 0; j < Math.min(BATCH, BOOKINGS - i); j++) {
      const n = i + j;
      const id = randomUUID();
      // Two years back to six months ahead, on the half hour.
      const startsAt = new Date(
        Math.round((now + (random() * 912 - 730) * 86_400_000) / 1_800_000) * 1_800_000,
      );
      const pkg = serviceRows[Math.floor(random() * 8)] ?? serviceRows[0];
      const addon = random() < 0.4 ? serviceRows[8 + Math.floor(random() * 4)] : undefined;
      const total = 6000 + Math.floor(random() * 20) * 500 + (addon ? 1500 : 0);
      const status = BOOKING_STATUSES[Math.floor(random() * BOOKING_STATUSES.length)] ?? "confirmed";
      const r = random();
      const paidMinor = r < 0.3 ? 0 : r < 0.5 ? Math.round(total / 5) : total;
      const refundedMinor = status === "cancelled" && paidMinor > 0 ? (random() < 0.5 ? paidMinor : 1000) : 0;
      bookingRows.push({
        id,
        reference: `FC-${n.toString(36).toUpperCase().padStart(6, "0")}`,
        accessToken: randomBytes(12).toString("base64url"),
        customerId: customerIds[n % customerIds.length] as string,
        status,
        source: random() < 0.2 ? "admin" : "online",
        startsAt,
        endsAt: new Date(startsAt.getTime() + 120 * 60_000),
        teamId: teamRows[n % teamRows.length]?.id as string,
        currency: "GBP",
        totalMinor: total,
        amountPaidMinor: paidMinor,
        amountRefundedMinor: Math.min(refundedMinor, paidMinor),
        vehicleSnapshot: { ...defaultVehicleSnapshot, registration: registrationOf(n) },
        addressSnapshot: { ...defaultAddressSnapshot, postcode: `SW${1 + (n % 20)} ${n % 10}AB` },
      });
      items.push({
        bookingId: id,
        kind: "package",
        vehiclePosition: 0,
        serviceId: pkg?.id,
        name: pkg?.name ?? "Wash",
        priceMinor: total - (addon ? 1500 : 0),
        minutes: 120,
        position: 0,
      });
      if (addon)
        items.push({
          bookingId: id,
          kind: "addon",
          vehiclePosition: 0,
          serviceId: addon.id,
          name: addon.name,
          priceMinor: 1500,
          minutes: 0,
          position: 1,
        });
      events.push({ bookingId: id, type: "created", toValue: status });
      if (paidMinor > 0)
        paid.push({
          bookingId: id,
          provider: "test",
          kind: paidMinor >= total ? "full" : "deposit",
          amountMinor: paidMinor,
          currency: "GBP",
          status: "succeeded",
          providerReference: `bench_${n}`,
          settledAt: startsAt,
        });
    }
    await db.insert(bookings).values(bookingRows);
    await db.insert(bookingItems).values(items);
    await db.insert(bookingEvents).values(events);
    if (paid.length) await db.insert(payments).values(paid);
  }
  return { teamId: teamRows[3]?.id as string, serviceId: serviceRows[9]?.id as string };
}

async function run(kind: "pglite" | "postgres", handle: DatabaseHandle) {
  const db = handle.db;
  setDatabaseForProcess(handle);
  const t0 = performance.now();
  const s = await seed(db);
  console.log(`[${kind}] seeded ${BOOKINGS} bookings in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  await db.execute("ANALYZE" as never);

  const runs = kind === "postgres" ? 40 : 20;
  const line = async (name: string, q: AdminBookingsQuery) => {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < runs + 3; i++) {
      const start = performance.now();
      const page = await listAdminBookings(db, admin, { ...q, page: 1 + (i % 3) }, TZ);
      if (i >= 3) times.push(performance.now() - start); // the first runs warm caches
      total = page.total;
    }
    console.log(
      `RESULT ${name} p50_ms=${pct(times, 50).toFixed(1)} p95_ms=${pct(times, 95).toFixed(1)} matches=${total} bookings=${BOOKINGS} db=${kind}`,
    );
  };
  const today = new Date().toISOString().slice(0, 10);
  const monthAgo = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
  await line("list_no_filter", {});
  await line("filter_status", { status: "confirmed" });
  await line("filter_payment", { payment: "deposit_paid" });
  await line("filter_money_state_fee_kept", { payment: "fee_kept" });
  await line("filter_dates_30d", { from: monthAgo, to: today });
  await line("filter_service", { service: s.serviceId });
  await line("filter_team", { team: s.teamId });
  await line("filter_source", { source: "admin" });
  await line("search_name", { q: "patel" });
  await line("search_name_full", { q: "Amelia Smith-1" });
  await line("search_registration", { q: registrationOf(4242).slice(0, 5) });
  await line("search_reference", { q: "FC-0001" });
  for (const sort of ADMIN_BOOKING_SORTS) await line(`sort_${sort}`, { sort, dir: "asc" });

  // The CSV of every row, read as a client would; memory sampled while it streams.
  global.gc?.();
  const heap0 = process.memoryUsage().heapUsed;
  const rss0 = process.memoryUsage().rss;
  let peakHeap = 0;
  let peakRss = 0;
  const sample = setInterval(() => {
    const m = process.memoryUsage();
    peakHeap = Math.max(peakHeap, m.heapUsed - heap0);
    peakRss = Math.max(peakRss, m.rss - rss0);
  }, 20);
  const start = performance.now();
  const res = await adminBookingsCsvResponse(new Request("http://bench/admin/bookings/export.csv"), admin);
  const reader = (res.body as ReadableStream<Uint8Array>).getReader();
  let bytes = 0;
  let lines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (const b of value) if (b === 10) lines++;
  }
  const ms = performance.now() - start;
  clearInterval(sample);
  console.log(
    `RESULT csv_all ms=${ms.toFixed(0)} rows=${lines - 1} bytes=${bytes} peak_heap_mb=${(peakHeap / 2 ** 20).toFixed(1)} peak_rss_mb=${(peakRss / 2 ** 20).toFixed(1)} db=${kind}`,
  );
  await benchCustomers(db, kind, runs);
  // Last: it adds the queue's rows (the table's numbers above are measured without them).
  await benchAdminToday(db, kind, BOOKINGS);
  setDatabaseForProcess(undefined);
}

/**
 * /admin/customers (issue 15, ADR 0020; target p95 ≤ 100 ms on PostgreSQL at 20,000 customers): the
 * default page, each filter, a search by name, by phone, by a booking's registration and postcode, each
 * sort both ways, and the CSV of every customer.
 */
async function benchCustomers(db: Db, kind: "pglite" | "postgres", runs: number) {
  const line = async (name: string, q: AdminCustomersQuery) => {
    const times: number[] = [];
    let total = 0;
    for (let i = 0; i < runs + 3; i++) {
      const start = performance.now();
      const page = await listAdminCustomers(db, admin, { ...q, page: 1 + (i % 3) }, customerFactsSource);
      if (i >= 3) times.push(performance.now() - start);
      total = page.total;
    }
    console.log(
      `RESULT customers_${name} p50_ms=${pct(times, 50).toFixed(1)} p95_ms=${pct(times, 95).toFixed(1)} matches=${total} customers=${CUSTOMERS} bookings=${BOOKINGS} db=${kind}`,
    );
  };
  await line("list_no_filter", {});
  await line("filter_upcoming", { upcoming: "yes" });
  await line("filter_owed", { owed: "yes" });
  await line("filter_marketing", { marketing: "yes" });
  await line("filter_deactivated", { deactivated: "yes" });
  await line("search_name", { q: "patel" });
  await line("search_phone", { q: "900123" });
  await line("search_registration", { q: registrationOf(4242).slice(0, 5) });
  await line("search_postcode", { q: "SW7 7" });
  for (const sort of ADMIN_CUSTOMER_SORTS)
    for (const dir of ["asc", "desc"] as const) await line(`sort_${sort}_${dir}`, { sort, dir });
  const start = performance.now();
  const res = await adminCustomersCsvResponse(
    new Request("http://bench/admin/customers/export.csv"),
    admin,
    customerFactsSource,
  );
  const text = await new Response(res.body).text();
  console.log(
    `RESULT customers_csv_all ms=${(performance.now() - start).toFixed(0)} rows=${text.split("\r\n").length - 2} db=${kind}`,
  );
}

await runOnDatabases(run);

// The /admin (Today) part of `npm run bench:admin`: on the benchmark's 100,000 bookings, adds what the
// action queue reads (opening hours, refunds, pending reschedule requests, failed emails, payment alert
// events — a few thousand rows, as a busy year would leave) and times the whole page's data read,
// getAdminToday(), as the page makes it.
//   RESULT admin_today p50_ms=<x> p95_ms=<y> jobs_today=<n> queue=<n> bookings=<n> db=<pglite|postgres>
//   RESULT admin_today_<part> p50_ms=<x> p95_ms=<y> db=<…>   (the parts alone, sequentially: where time goes)
// Target (issue 12, PostgreSQL): p95 ≤ 150 ms.
import { todayPeriods } from "@/modules/today/domain/admin-today";
import { getAdminToday } from "@/modules/today/server/admin-today";
import { loadJobDays } from "@/modules/today/server/admin-today-jobs";
import { loadActionQueue, loadRecentActivity } from "@/modules/today/server/admin-today-queue";
import { collectedRevenue } from "@/modules/payments/server/revenue";
import type { Db } from "@/server/db/client";
import { bookingEvents, bookings, emails, payments, refunds, rescheduleRequests } from "@/server/db/schema";
import { insertWeeklyHours } from "@/testing/factories";
import { sql } from "drizzle-orm";
import { pct, rng } from "./databases";
import { composeApp } from "@/composition";

// Module code here reaches the ports the composition root passes in (ADR 0045).
composeApp();

const admin = { role: "admin" as const };

async function addQueueData(db: Db) {
  const random = rng(99);
  const now = Date.now();
  const day = 86_400_000;
  await insertWeeklyHours(
    db,
    Object.fromEntries(
      [1, 2, 3, 4, 5, 6].map((d) => [d, [[480, 750] as [number, number], [780, 1080] as [number, number]]]),
    ),
  );
  const sample = await db
    .select({ id: bookings.id, teamId: bookings.teamId, startsAt: bookings.startsAt })
    .from(bookings)
    .orderBy(sql`md5(${bookings.id}::text)`)
    .limit(3000);
  const paid = await db
    .select({ id: payments.id, amount: payments.amountMinor, settledAt: payments.settledAt })
    .from(payments)
    .limit(2000);
  await db.insert(refunds).values(
    paid.map((p) => ({
      paymentId: p.id,
      amountMinor: Math.max(1, Math.round(p.amount / 2)),
      status: "succeeded" as const,
      settledAt: new Date((p.settledAt?.getTime() ?? now) + day),
    })),
  );
  // One pending request per booking (a unique index): 200 of them, the rest decided long ago.
  await db.insert(rescheduleRequests).values(
    sample.slice(0, 1000).map((b, i) => ({
      bookingId: b.id,
      teamId: b.teamId,
      requestedStartsAt: new Date(b.startsAt.getTime() + day),
      requestedEndsAt: new Date(b.startsAt.getTime() + day + 7_200_000),
      status: i < 200 ? ("pending" as const) : ("declined" as const),
      expiresAt: new Date(now + (i < 200 ? day : -day)),
    })),
  );
  // Two years of outbox failures: most old, a few this week.
  await db.insert(emails).values(
    sample.slice(0, 2000).map((b, i) => ({
      to: `customer${i}@bench.test`,
      template: "booking-confirmed",
      status: "failed" as const,
      bookingId: b.id,
      createdAt: new Date(now - (i < 20 ? random() * 6 : random() * 700) * day),
    })),
  );
  // Payment alerts and ordinary payments on the timelines, spread over two years.
  await db.insert(bookingEvents).values(
    sample.map((b, i) => ({
      bookingId: b.id,
      type: i % 3 === 0 ? ("refund" as const) : ("payment" as const),
      toValue: i % 3 === 0 ? "failed" : i % 3 === 1 ? "succeeded" : "rejected",
      data: { amountMinor: 5000, currency: "GBP" },
      at: new Date(now - random() * 730 * day),
    })),
  );
  await db.execute(sql`ANALYZE`);
}

export async function benchAdminToday(db: Db, kind: string, bookingsCount: number): Promise<void> {
  await addQueueData(db);
  const runs = kind === "postgres" ? 40 : 20;
  const times: number[] = [];
  let jobs = 0;
  let queue = 0;
  for (let i = 0; i < runs + 3; i++) {
    const start = performance.now();
    const today = await getAdminToday(db, admin, { collectedRevenue });
    if (i >= 3) times.push(performance.now() - start); // the first runs warm caches
    jobs = today.days[0]?.count ?? 0;
    queue = today.queueTotal;
  }
  console.log(
    `RESULT admin_today p50_ms=${pct(times, 50).toFixed(1)} p95_ms=${pct(times, 95).toFixed(1)} jobs_today=${jobs} queue=${queue} bookings=${bookingsCount} db=${kind}`,
  );

  const now = new Date();
  const p = todayPeriods(now, "Europe/London");
  const parts: [string, () => Promise<unknown>][] = [
    ["queue", () => loadActionQueue(db, { now, timeZone: "Europe/London", unpaidWindowMinutes: 720 })],
    [
      "jobs",
      () =>
        loadJobDays(db, {
          dates: [p.today, p.tomorrow],
          timeZone: "Europe/London",
          teams: Promise.resolve([]),
          now,
        }),
    ],
    ["activity", () => loadRecentActivity(db, { timeZone: "Europe/London", limit: 10 })],
    [
      "collected",
      () =>
        collectedRevenue(db, [
          p.day.currentToDate,
          p.day.previousToDate,
          p.week.currentToDate,
          p.week.previousToDate,
        ]),
    ],
  ];
  for (const [name, fn] of parts) {
    const ts: number[] = [];
    for (let i = 0; i < runs + 3; i++) {
      const start = performance.now();
      await fn();
      if (i >= 3) ts.push(performance.now() - start);
    }
    console.log(
      `RESULT admin_today_${name} p50_ms=${pct(ts, 50).toFixed(1)} p95_ms=${pct(ts, 95).toFixed(1)} db=${kind}`,
    );
  }
}

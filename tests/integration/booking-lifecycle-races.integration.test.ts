import { and, asc, eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, localToInstant } from "@/lib/dates";
import { createBlock } from "@/modules/availability/server/blocks";
import { reserve } from "@/modules/availability/server/reserve";
import { allocationStatusFor } from "@/modules/bookings/domain/booking-status";
import { extendPaymentHold, lockBooking } from "@/modules/bookings/server/booking-records";
import { bookingHoldExpiry, expireHolds } from "@/modules/bookings/server/hold-expiry";
import {
  PAYMENT_ACTOR,
  type TransitionInput,
  transitionBooking,
} from "@/modules/bookings/server/transition-booking";
import { settlePaidCheckout } from "@/modules/payments/server/checkout/settle";
import { setDatabaseForProcess } from "@/server/db";
import { allocations, bookingEvents, bookings, payments } from "@/server/db/schema";
import { insertBooking, insertSettings, insertTeam, insertUser, insertWeeklyHours } from "@tests/factories";
import { createTestDatabase, type TestDatabase } from "../support/db";
import { holding, queued } from "../support/lock-waits";

// The lifecycle's races, on PostgreSQL where they really run side by side. Each test holds a booking's
// row lock in one transaction (a checkout extending a hold, a customer cancelling, an admin starting a
// job), waits until the other side is provably queued behind it, then commits — so the interleaving is
// fixed, not left to timing (tests/support/lock-waits.ts).

const TZ = "UTC";
const NOW = new Date();
const DAY = addDays(NOW.toISOString().slice(0, 10), 10);
const at = (hour: number, date = DAY) => localToInstant(date, hour * 60, TZ) as Date;

describe.runIf(process.env.TEST_DATABASE_URL)("booking lifecycle races on postgres", () => {
  let t: TestDatabase;
  let watcher: pg.Client;
  let teams: string[];
  let customerId: string;
  let admin: { id: string; role: "admin" };
  let day = 0;

  beforeAll(async () => {
    t = await createTestDatabase("postgres");
    setDatabaseForProcess(t);
    await insertSettings(t.db, {
      businessName: "Shine Street",
      contactEmail: "hello@shine.test",
      adminNotificationEmail: "office@shine.test",
      timeZone: TZ,
      minNoticeMinutes: 0,
      horizonDays: 120,
      bufferMinutes: 0,
      slotIntervalMinutes: 60,
    });
    const open: [number, number][] = [[0, 24 * 60]];
    await insertWeeklyHours(t.db, { 1: open, 2: open, 3: open, 4: open, 5: open, 6: open, 7: open });
    teams = [(await insertTeam(t.db, { sortOrder: 1 })).id, (await insertTeam(t.db, { sortOrder: 2 })).id];
    customerId = (await insertUser(t.db)).id;
    admin = { id: (await insertUser(t.db, { role: "admin" })).id, role: "admin" };
    watcher = new pg.Client({ connectionString: t.url });
    await watcher.connect();
  });
  afterAll(async () => {
    await watcher?.end();
    setDatabaseForProcess(undefined);
    await t?.drop();
  });

  /** Each test on its own day, so that one test's holds never sit in another's window. */
  function nextDay() {
    return addDays(DAY, day++);
  }

  async function booking(
    status: "pending_payment" | "confirmed",
    opts: { date: string; hour?: number; team?: number; holdMinutes?: number },
  ) {
    return insertBooking(t.db, {
      customerId,
      teamId: teams[opts.team ?? 0] as string,
      startsAt: at(opts.hour ?? 8, opts.date),
      status,
      holdExpiresAt:
        status === "pending_payment" ? new Date(NOW.getTime() + (opts.holdMinutes ?? -5) * 60_000) : null,
    });
  }

  async function read(bookingId: string) {
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
    const [allocation] = await t.db
      .select()
      .from(allocations)
      .where(and(eq(allocations.bookingId, bookingId), eq(allocations.kind, "booking")));
    const changes = await t.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.type, "status_changed")))
      .orderBy(asc(bookingEvents.at));
    return { booking: row, allocation, changes };
  }

  const change = (input: Omit<TransitionInput, "now">) =>
    t.db.transaction((tx) => transitionBooking(tx, { ...input, now: NOW }));

  it("leaves a hold alone that a checkout extended while the sweep waited for it", async () => {
    const date = nextDay();
    const lapsed = await booking("pending_payment", { date });
    const extended = new Date(NOW.getTime() + 31 * 60_000);
    // startCheckout's transaction: lock, extend, and (here) not yet committed.
    const checkout = await holding(t.db, async (tx) => {
      await lockBooking(tx, lapsed.id);
      await extendPaymentHold(tx, lapsed.id, extended);
    });
    const sweep = expireHolds(t.db, { now: NOW });
    expect(await queued(watcher, 1, sweep)).toBe("queued");
    await checkout.commit();

    expect((await sweep).bookingIds).not.toContain(lapsed.id);
    const after = await read(lapsed.id);
    expect(after.booking).toMatchObject({ status: "pending_payment", holdExpiresAt: extended });
    expect(after.allocation).toMatchObject({ status: "pending_payment", holdExpiresAt: extended });
    expect(after.changes).toEqual([]);
  });

  it("keeps the minute job's batch when one lapsed booking is cancelled while it waits", async () => {
    const date = nextDay();
    const cancelling = await booking("pending_payment", { date, team: 0 });
    const other = await booking("pending_payment", { date, team: 1 });
    const customer = await holding(t.db, (tx) =>
      transitionBooking(tx, {
        bookingId: cancelling.id,
        to: "cancelled",
        actor: { id: customerId, role: "customer" },
        reason: "Changed my mind.",
        now: NOW,
      }),
    );
    const sweep = expireHolds(t.db, { now: NOW });
    expect(await queued(watcher, 1, sweep)).toBe("queued");
    await customer.commit();

    const expired = await sweep;
    expect(expired.bookingIds).toEqual([other.id]);
    expect((await read(cancelling.id)).booking?.status).toBe("cancelled");
    expect((await read(cancelling.id)).changes.map((e) => e.toValue)).toEqual(["cancelled"]);
    expect((await read(other.id)).booking?.status).toBe("expired");
  });

  it("books a customer's new time although a lapsed booking of that day was paid while reserve waited", async () => {
    const date = nextDay();
    const lapsed = await booking("pending_payment", { date, hour: 8 });
    const provider = await holding(t.db, (tx) =>
      transitionBooking(tx, {
        bookingId: lapsed.id,
        to: "confirmed",
        from: ["pending_payment"],
        actor: PAYMENT_ACTOR,
        reason: "Payment received.",
        now: NOW,
      }),
    );
    const made = reserve(t.db, {
      durationMinutes: 60,
      zoneBufferMinutes: 0,
      start: at(14, date),
      now: NOW,
      holdExpiry: bookingHoldExpiry,
      createOwner: async (tx, slot) => {
        const mine = await insertBooking(tx, {
          customerId,
          teamId: slot.teamId,
          startsAt: slot.start,
          endsAt: slot.end,
          status: "pending_payment",
          holdExpiresAt: new Date(NOW.getTime() + 30 * 60_000),
        });
        return { owner: mine.id, allocation: null };
      },
    });
    expect(await queued(watcher, 1, made)).toBe("queued");
    await provider.commit();

    const result = await made;
    expect(result).toMatchObject({ ok: true });
    expect((await read(lapsed.id)).booking?.status).toBe("confirmed");
    if (result.ok) expect((await read(result.owner)).booking?.status).toBe("pending_payment");
  });

  it("creates an admin's block although a lapsed booking in it was cancelled while the block waited", async () => {
    const date = nextDay();
    const lapsed = await booking("pending_payment", { date, hour: 8 });
    const customer = await holding(t.db, (tx) =>
      transitionBooking(tx, {
        bookingId: lapsed.id,
        to: "cancelled",
        actor: { id: customerId, role: "customer" },
        reason: "Changed my mind.",
        now: NOW,
      }),
    );
    const block = createBlock(
      t.db,
      { id: admin.id, ip: "203.0.113.7" },
      {
        teamId: null,
        startsAt: at(7, date),
        endsAt: at(12, date),
        reason: "Van service",
      },
    );
    expect(await queued(watcher, 1, block)).toBe("queued");
    await customer.commit();

    await expect(block).resolves.toEqual(expect.any(String));
    expect((await read(lapsed.id)).booking?.status).toBe("cancelled");
  });

  it("settles a late payment without deadlocking a sweep that holds a lower booking", async () => {
    const date = nextDay();
    const pair = [
      await booking("pending_payment", { date, team: 0 }),
      await booking("pending_payment", { date, team: 1 }),
    ].sort((a, b) => (a.id < b.id ? -1 : 1));
    const [lower, paid] = pair as [(typeof pair)[number], (typeof pair)[number]];
    const [payment] = await t.db
      .insert(payments)
      .values({
        bookingId: paid.id,
        provider: "test",
        kind: "full",
        method: "online",
        amountMinor: 8500,
        currency: "GBP",
        status: "pending",
        providerReference: `chk_${paid.id}`,
      })
      .returning();

    // The sweep, in id order: it holds the lower booking and will want the paid one next.
    const sweep = new pg.Client({ connectionString: t.url });
    await sweep.connect();
    try {
      await sweep.query("BEGIN");
      await sweep.query("SELECT id FROM bookings WHERE id = $1 FOR UPDATE", [lower.id]);
      const settled = t.db.transaction((tx) =>
        settlePaidCheckout(tx, { paymentId: payment?.id as string, source: "webhook", now: NOW }),
      );
      // Settle either finishes on its own booking, or (the bug) queues behind the sweep's lower row.
      await queued(watcher, 1, settled);
      await sweep.query("SELECT id FROM bookings WHERE id = $1 FOR UPDATE", [paid.id]);
      await sweep.query("COMMIT");
      await expect(settled).resolves.toMatchObject({ outcome: "refunding", kind: "late_payment_refunded" });
    } finally {
      await sweep.end();
    }
    expect((await read(paid.id)).booking?.status).toBe("expired");
    // The other lapsed hold is the sweep's to expire, not the webhook's.
    expect((await read(lower.id)).booking?.status).toBe("pending_payment");
  });

  it("lets exactly one of two changes queued behind a held lock win, writing nothing for the other", async () => {
    const confirmed = await booking("confirmed", { date: nextDay() });
    const holder = await holding(t.db, (tx) => lockBooking(tx, confirmed.id));
    const both = [
      change({ bookingId: confirmed.id, to: "cancelled", actor: admin, reason: "Weather." }),
      change({ bookingId: confirmed.id, to: "in_progress", actor: admin, reason: "On site." }),
    ];
    expect(await queued(watcher, 2, ...both)).toBe("queued");
    await holder.commit();

    const results = await Promise.allSettled(both);
    const won = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
    const lost = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    expect(won).toHaveLength(1);
    expect(lost).toEqual([expect.objectContaining({ code: "CONFLICT" })]);
    const after = await read(confirmed.id);
    expect(after.booking?.status).toBe(won[0]?.booking.status);
    expect(after.changes.map((e) => [e.fromValue, e.toValue])).toEqual([
      ["confirmed", won[0]?.booking.status],
    ]);
    expect(after.allocation?.status).toBe(allocationStatusFor(won[0]?.booking.status ?? "confirmed"));
  });

  it("acts on the status a queued change finds once the lock is released, not the one it first saw", async () => {
    const job = await booking("confirmed", { date: nextDay() });
    // A colleague presses Start; before that commits, the owner completes the job (the one-step shortcut
    // from confirmed). After the wait it is one step from in_progress, not a refused change.
    const colleague = await holding(t.db, (tx) =>
      transitionBooking(tx, {
        bookingId: job.id,
        to: "in_progress",
        actor: admin,
        reason: "On site.",
        now: NOW,
      }),
    );
    const completing = change({ bookingId: job.id, to: "completed", actor: admin, reason: "Job done." });
    expect(await queued(watcher, 1, completing)).toBe("queued");
    await colleague.commit();

    await expect(completing).resolves.toMatchObject({ from: "in_progress", steps: ["completed"] });
    const after = await read(job.id);
    expect(after.booking?.status).toBe("completed");
    expect(after.changes.map((e) => [e.fromValue, e.toValue, e.data])).toEqual([
      ["confirmed", "in_progress", { reason: "On site." }],
      ["in_progress", "completed", { reason: "Job done." }],
    ]);
  });
});

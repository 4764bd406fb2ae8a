import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookAgainHref } from "@/modules/wizard/server";
import { getMyBooking, listMyBookings } from "@/modules/bookings/server";
import { bookingLedger } from "@/modules/payments/server";
import { bookingEvents, vehicles } from "@/server/db/schema";
import {
  insertAddress,
  insertBooking,
  insertCategory,
  insertService,
  insertSettings,
  insertTeam,
  insertUser,
  insertVehicle,
  insertVehicleSize,
  type UserRow,
} from "@tests/factories";
import { eq } from "drizzle-orm";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Issue 13: the customer's bookings list and one booking. Only their own; upcoming (not over, not ended)
// and past; search by reference or registration; status filter; pages of ten; their history in words
// without the business's internal notes.

const NOW = new Date("2030-06-10T12:00:00Z");
const DAY = 86_400_000;
const at = (days: number) => new Date(NOW.getTime() + days * DAY);

describe.each(dbKinds)("the customer's bookings, on %s", (kind) => {
  let t: TestDatabase;
  let me: UserRow;
  let other: UserRow;
  let teamId: string;
  const refs: Record<string, { id: string; reference: string }> = {};

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db);
    teamId = (await insertTeam(t.db)).id;
    me = await insertUser(t.db, { role: "customer" });
    other = await insertUser(t.db, { role: "customer" });
    const make = async (
      name: string,
      days: number,
      status: "confirmed" | "cancelled" | "completed",
      reg = "AB12CDE",
    ) =>
      (refs[name] = await insertBooking(t.db, {
        customerId: me.id,
        teamId,
        startsAt: at(days),
        status,
        vehicleSnapshot: {
          make: "Ford",
          model: "Focus",
          registration: reg,
          colour: null,
          year: null,
          sizeName: "Medium",
        },
        paidMinor: name === "paid" ? 4000 : 0,
      }));
    await make("soon", 2, "confirmed");
    await make("later", 9, "confirmed", "XY99ZZZ");
    await make("cancelledFuture", 5, "cancelled");
    await make("done", -3, "completed");
    await make("paid", 12, "confirmed");
    for (let i = 0; i < 11; i++) await make(`old${i}`, -30 - i, "completed", "OLD1");
    await insertBooking(t.db, { customerId: other.id, teamId, startsAt: at(3), status: "confirmed" });
  });
  afterAll(async () => t?.drop());

  it("splits upcoming from past, soonest first and latest first, counting only the customer's own", async () => {
    const up = await listMyBookings(t.db, me.id, { when: "upcoming", page: 1 }, { now: NOW });
    expect(up.rows.map((r) => r.reference)).toEqual(
      [refs.soon, refs.later, refs.paid].map((b) => b?.reference),
    );
    expect(up.counts).toEqual({ upcoming: 3, past: 13 });
    expect(up.rows[0]).toMatchObject({
      title: "Full Valet",
      vehicle: "Ford Focus AB12CDE",
      statusLabel: "Confirmed",
    });
    const past = await listMyBookings(t.db, me.id, { when: "past", page: 1 }, { now: NOW });
    expect(past.rows[0]?.reference).toBe(refs.cancelledFuture?.reference);
    expect(past.rows[1]?.reference).toBe(refs.done?.reference);
    expect(past.rows).toHaveLength(10);
    expect(past.pageCount).toBe(2);
    const page2 = await listMyBookings(t.db, me.id, { when: "past", page: 2 }, { now: NOW });
    expect(page2.rows).toHaveLength(3);
  });

  it("finds by reference or registration, whole or its start, and filters by status", async () => {
    const ref = refs.later?.reference ?? "";
    const byRef = await listMyBookings(
      t.db,
      me.id,
      { when: "upcoming", q: ref.toLowerCase(), page: 1 },
      { now: NOW },
    );
    expect(byRef.rows.map((r) => r.reference)).toEqual([ref]);
    const byReg = await listMyBookings(t.db, me.id, { when: "upcoming", q: "xy99 z", page: 1 }, { now: NOW });
    expect(byReg.rows.map((r) => r.reference)).toEqual([ref]);
    const wild = await listMyBookings(t.db, me.id, { when: "upcoming", q: "%", page: 1 }, { now: NOW });
    expect(wild.rows).toEqual([]);
    const cancelled = await listMyBookings(
      t.db,
      me.id,
      { when: "past", status: "cancelled", page: 1 },
      { now: NOW },
    );
    expect(cancelled.rows.map((r) => r.reference)).toEqual([refs.cancelledFuture?.reference]);
  });

  it("a cancelled booking's payment chip says what happened to the money, in the list and on its page", async () => {
    // Issue 27 item 7: a cancelled booking with its deposit kept read "Paid" (or "Deposit paid").
    const third = await insertUser(t.db, { role: "customer" });
    const kept = await insertBooking(t.db, {
      customerId: third.id,
      teamId,
      startsAt: at(20),
      status: "cancelled",
      paidMinor: 3000,
      feeMinor: 3000,
    });
    const owed = await insertBooking(t.db, {
      customerId: third.id,
      teamId,
      startsAt: at(21),
      status: "cancelled",
      paidMinor: 3000,
      feeMinor: 0,
    });
    const list = await listMyBookings(
      t.db,
      third.id,
      { when: "past", status: "cancelled", page: 1 },
      { now: NOW },
    );
    expect(Object.fromEntries(list.rows.map((r) => [r.reference, r.paymentStatusLabel]))).toEqual({
      [kept.reference]: "Fee kept £30.00",
      [owed.reference]: "Refund on its way",
    });
    expect((await getMyBooking(t.db, third.id, kept.id))?.view.paymentStatusLabel).toBe("Fee kept £30.00");
  });

  it("opens only the customer's own booking, with a history that leaves out internal notes", async () => {
    const b = refs.paid;
    if (!b) throw new Error("fixture");
    await t.db.insert(bookingEvents).values({ bookingId: b.id, type: "note", data: { length: 5 }, at: NOW });
    const page = await getMyBooking(t.db, me.id, b.id);
    expect(page?.view.reference).toBe(b.reference);
    expect(page?.history.map((h) => h.what)).toContain("Booked");
    expect(page?.history.some((h) => /note/i.test(h.what))).toBe(false);
    expect(await getMyBooking(t.db, other.id, b.id)).toBeNull();

    const ledger = await bookingLedger(t.db, b.id, "Europe/London");
    expect(ledger.map((l) => [l.kind, l.amount])).toEqual([["payment", "£40.00"]]);
  });

  it("Book again opens the wizard with the latest booking's service, vehicle and address; none before a first booking", async () => {
    const fresh = await insertUser(t.db, { role: "customer" });
    expect(await bookAgainHref(t.db, fresh.id)).toBeNull();
    const size = await insertVehicleSize(t.db, { name: "Medium" });
    const category = await insertCategory(t.db);
    const service = await insertService(t.db, { slug: "snow-foam-wash", categoryId: category.id });
    const car = await insertVehicle(t.db, { ownerId: fresh.id, vehicleSizeId: size.id });
    const home = await insertAddress(t.db, { ownerId: fresh.id });
    await insertBooking(t.db, {
      customerId: fresh.id,
      teamId,
      startsAt: at(-20),
      status: "completed",
      vehicleId: car.id,
      addressId: home.id,
      items: [
        { kind: "package", name: "Snow Foam Wash", priceMinor: 3000, minutes: 60, serviceId: service.id },
      ],
    });
    const href = new URL((await bookAgainHref(t.db, fresh.id)) ?? "", "http://x");
    expect(href.pathname).toBe("/book");
    expect(href.searchParams.get("service")).toBe("snow-foam-wash");
    expect(href.searchParams.get("vehicle")).toBe(car.id);
    expect(href.searchParams.get("address")).toBe(home.id);
    // A vehicle deleted since falls back to its size: the wizard never meets a saved entry that is gone.
    await t.db.update(vehicles).set({ deletedAt: NOW }).where(eq(vehicles.id, car.id));
    const after = new URL((await bookAgainHref(t.db, fresh.id)) ?? "", "http://x");
    expect(after.searchParams.get("vehicle")).toBeNull();
    expect(after.searchParams.get("size")).toBe(size.id);
  });
});

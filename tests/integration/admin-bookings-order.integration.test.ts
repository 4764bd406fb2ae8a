import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_STATUSES } from "@/lib/enums";
import {
  type AdminBookingsQuery,
  adminBookingBatches,
  listAdminBookings,
  parseAdminBookingsQuery,
} from "@/modules/booking-list/server";
import { setDatabaseForProcess } from "@/server/db";
import {
  defaultAddressSnapshot,
  defaultVehicleSnapshot,
  insertBooking,
  insertSettings,
  insertTeam,
  insertUser,
} from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// The table's pages are read by a different query for each sort (an index walk, the per-team lateral
// read for the team order, the customer-name walk) and a search alone is counted from its matches
// (ADR 0017). Every page here must be the keyset export's order cut into pages — that reads with one
// join and one ORDER BY — across more than one page, both ways, with and without filters.

const ZONE = "Europe/London";
const admin = { role: "admin" as const };
const SORTS = ["when", "reference", "customer", "team", "status", "payment", "charge", "due"] as const;

describe.each(dbKinds)("admin bookings order and paging on %s", (kind) => {
  let t: TestDatabase;
  let vanC = "";

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, { timeZone: ZONE });
    // Team names out of creation order, so the name order is not the id or insertion order.
    const teamIds = [
      (await insertTeam(t.db, { name: "Van C" })).id,
      (await insertTeam(t.db, { name: "Van A" })).id,
      (await insertTeam(t.db, { name: "Van B" })).id,
    ];
    vanC = teamIds[0] as string;
    const people = [];
    for (const [i, name] of [
      "Priya Patel",
      "priya patel",
      "Sam Jones",
      "Ann Lee",
      "Ola Patel-Khan",
    ].entries())
      people.push(
        await insertUser(t.db, { name, email: `p${i}@order.test`, phone: `07700 90${i}${i}${i}${i}` }),
      );
    for (let i = 0; i < 62; i++) {
      const status = BOOKING_STATUSES[i % BOOKING_STATUSES.length] ?? "confirmed";
      const price = 5000 + (i % 7) * 500;
      const paid = i % 3 === 0 ? 0 : i % 3 === 1 ? 1000 : price;
      await insertBooking(t.db, {
        customerId: people[i % people.length]?.id as string,
        teamId: teamIds[i % teamIds.length] as string,
        // Ties on the time (every fourth starts with another) exercise the id tie-break.
        startsAt: new Date(Date.UTC(2026, 4, 1 + Math.floor(i / 4), 9)),
        withAllocation: false,
        status,
        items: [{ kind: "package", name: "Full Valet", priceMinor: price, minutes: 120 }],
        paidMinor: paid,
        amountRefundedMinor: status === "cancelled" && paid > 0 ? 500 : 0,
        vehicleSnapshot: { ...defaultVehicleSnapshot, registration: `KX${10 + (i % 5)}ABC` },
        addressSnapshot: { ...defaultAddressSnapshot, postcode: `SW1A ${i % 3}AA` },
      });
    }
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  // walkAbove 0: a search's page is found by walking the sort's index, as with many matches.
  const everyPage = async (q: AdminBookingsQuery, opts: { walkAbove?: number } = {}) => {
    const first = await listAdminBookings(t.db, admin, q, ZONE, opts);
    const ids = first.rows.map((r) => r.id);
    for (let page = 2; page <= first.pageCount; page++)
      ids.push(...(await listAdminBookings(t.db, admin, { ...q, page }, ZONE, opts)).rows.map((r) => r.id));
    return { ids, total: first.total };
  };
  const exported = async (q: AdminBookingsQuery) => {
    const ids: string[] = [];
    for await (const batch of adminBookingBatches(t.db, admin, q, ZONE, 7))
      ids.push(...batch.map((r) => r.id));
    return ids;
  };

  it("pages every sort both ways exactly as the export orders it, filtered or not", async () => {
    const filters: Record<string, string>[] = [
      {},
      { team: vanC },
      { q: "patel" },
      { q: "patel", status: "confirmed" },
    ];
    for (const filter of filters)
      for (const sort of SORTS)
        for (const dir of ["asc", "desc"]) {
          const q = parseAdminBookingsQuery({ ...filter, sort, dir });
          const { ids, total } = await everyPage(q);
          const label = `${JSON.stringify(filter)} ${sort} ${dir}`;
          expect(ids, label).toEqual(await exported(q));
          expect(new Set(ids).size, label).toBe(total);
          if (filter.q) expect((await everyPage(q, { walkAbove: 0 })).ids, `${label} walked`).toEqual(ids);
        }
    expect((await everyPage(parseAdminBookingsQuery({}))).total).toBe(62);
  });

  it("counts a search alone and a search with filters the same way the rows are found", async () => {
    // "patel" is in three of the five names, whatever their case: 3/5 of the bookings' customers.
    const patel = await everyPage(parseAdminBookingsQuery({ q: "patel" }));
    expect(patel.total).toBe(38);
    const confirmed = await everyPage(parseAdminBookingsQuery({ q: "patel", status: "confirmed" }));
    const rows = await listAdminBookings(
      t.db,
      admin,
      parseAdminBookingsQuery({ q: "patel", status: "confirmed" }),
      ZONE,
    );
    expect(rows.rows.every((r) => r.status === "confirmed" && /patel/i.test(r.customerName))).toBe(true);
    expect(confirmed.total).toBe(rows.rows.length);
    // Phone digits (four or more), the postcode without its space, the registration's start.
    expect((await everyPage(parseAdminBookingsQuery({ q: "+44 (0)7700 902222".slice(-4) }))).total).toBe(12);
    expect((await everyPage(parseAdminBookingsQuery({ q: "sw1a0" }))).total).toBe(21);
    expect((await everyPage(parseAdminBookingsQuery({ q: "kx12" }))).total).toBe(12);
  });

  it("sorts by status in the lifecycle order (awaiting payment first, no-show last)", async () => {
    const statuses = (
      await listAdminBookings(t.db, admin, parseAdminBookingsQuery({ sort: "status" }), ZONE)
    ).rows.map((r) => BOOKING_STATUSES.indexOf(r.status));
    expect(statuses).toEqual([...statuses].sort((a, b) => a - b));
    expect(statuses[0]).toBe(0);
  });
});

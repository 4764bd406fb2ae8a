import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  adminBookingBatches,
  listAdminBookings,
  parseAdminBookingsQuery,
} from "@/modules/booking-list/server";
import { adminBookingsCsvResponse } from "@/modules/booking-list/server/admin-bookings-csv";
import { setDatabaseForProcess } from "@/server/db";
import {
  defaultVehicleSnapshot,
  insertBooking,
  insertCategory,
  insertService,
  insertSettings,
  insertTeam,
  insertUser,
} from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

const ZONE = "Europe/London";
const admin = { role: "admin" as const };

describe.each(dbKinds)("admin bookings table on %s", (kind) => {
  let t: TestDatabase;
  const ids: Record<string, string> = {};
  const refs: Record<string, string> = {};
  let serviceId = "";
  let vanB = "";

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, { timeZone: ZONE });
    const vanA = (await insertTeam(t.db, { name: "Van A" })).id;
    vanB = (await insertTeam(t.db, { name: "Van B" })).id;
    const category = await insertCategory(t.db);
    serviceId = (await insertService(t.db, { categoryId: category.id, name: "Ceramic Coat" })).id;
    const zoe = await insertUser(t.db, {
      name: "Zoë Adams",
      email: "zoe@example.test",
      phone: "07700 900123",
    });
    const evil = await insertUser(t.db, {
      name: '=HYPERLINK("http://evil.test","x")',
      email: "evil@example.test",
      phone: "+44 7700 900456",
    });
    const bob = await insertUser(t.db, { name: "Bob Brown", email: "bob@example.test" });
    const add = async (
      key: string,
      customerId: string,
      startsAt: string,
      extra: Parameters<typeof insertBooking>[1] extends infer I ? Partial<I> : never = {},
    ) => {
      const b = await insertBooking(t.db, {
        customerId,
        teamId: vanA,
        startsAt: new Date(startsAt),
        withAllocation: false,
        ...extra,
      });
      ids[key] = b.id;
      refs[key] = b.reference;
    };
    // 23:30 UTC on 28 March is still the 28th in London (GMT); 23:30 UTC on 29 March is the 30th (BST).
    await add("zoe", zoe.id, "2026-03-28T23:30:00Z", { paidMinor: 8500 });
    await add("evil", evil.id, "2026-03-29T23:30:00Z", {
      teamId: vanB,
      source: "admin",
      status: "awaiting_approval",
      vehicleSnapshot: { ...defaultVehicleSnapshot, registration: "AB12CDE", make: "@Ford", model: "Fiesta" },
      items: [
        { kind: "package", name: "Ceramic Coat", priceMinor: 20000, minutes: 240, serviceId },
        { kind: "addon", name: "Pet hair, removal", priceMinor: 1550, minutes: 30 },
      ],
      paidMinor: 5000,
    });
    await add("bob", bob.id, "2026-04-10T09:00:00Z", {
      status: "cancelled",
      paidMinor: 8500,
      amountRefundedMinor: 8500,
    });
    await add("bob2", bob.id, "2026-04-11T09:00:00Z", {
      status: "completed",
      paidMinor: 8500,
      amountRefundedMinor: 1000,
    });
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  const list = (params: Record<string, string>) =>
    listAdminBookings(t.db, admin, parseAdminBookingsQuery(params), ZONE);
  const keysOf = async (params: Record<string, string>) =>
    (await list(params)).rows.map((r) => Object.keys(ids).find((k) => ids[k] === r.id));

  it("lists newest first with the row's derived payment status, due and services", async () => {
    const page = await list({});
    expect(page.total).toBe(4);
    expect(page.rows.map((r) => r.id)).toEqual([ids.bob2, ids.bob, ids.evil, ids.zoe]);
    const evil = page.rows.find((r) => r.id === ids.evil);
    expect(evil).toMatchObject({
      moneyState: "deposit_paid",
      totalMinor: 21550,
      dueMinor: 16550,
      services: "Ceramic Coat, Pet hair, removal",
      teamName: "Van B",
      registration: "AB12CDE",
    });
    expect(page.rows.find((r) => r.id === ids.bob)?.moneyState).toBe("refunded");
    expect(page.rows.find((r) => r.id === ids.bob2)).toMatchObject({
      moneyState: "partially_refunded",
      dueMinor: 1000,
    });
  });

  it("filters by status, payment status, service, team, source and dates in the business zone", async () => {
    expect(await keysOf({ status: "cancelled" })).toEqual(["bob"]);
    expect(await keysOf({ payment: "paid" })).toEqual(["zoe"]);
    expect(await keysOf({ payment: "partially_refunded" })).toEqual(["bob2"]);
    expect(await keysOf({ service: serviceId })).toEqual(["evil"]);
    expect(await keysOf({ team: vanB })).toEqual(["evil"]);
    expect(await keysOf({ source: "admin" })).toEqual(["evil"]);
    expect(await keysOf({ from: "2026-03-28", to: "2026-03-28" })).toEqual(["zoe"]);
    expect(await keysOf({ from: "2026-03-29", to: "2026-03-29" })).toEqual([]);
    expect(await keysOf({ from: "2026-03-30", to: "2026-03-30" })).toEqual(["evil"]);
    expect(await keysOf({ from: "2026-04-11" })).toEqual(["bob2"]);
    expect(await keysOf({ status: "completed", team: vanB })).toEqual([]);
  });

  it("searches reference, name, email, phone digits, registration and postcode", async () => {
    expect(await keysOf({ q: (refs.zoe ?? "").toLowerCase() })).toEqual(["zoe"]);
    expect(await keysOf({ q: "zoë" })).toEqual(["zoe"]);
    expect(await keysOf({ q: "BOB@EXAMPLE" })).toEqual(["bob2", "bob"]);
    expect(await keysOf({ q: "07700900456".slice(1) })).toEqual(["evil"]);
    expect(await keysOf({ q: "ab12 c" })).toEqual(["evil"]);
    expect(await keysOf({ q: "sw9 8" })).toHaveLength(4);
    expect(await keysOf({ q: "100%_" })).toEqual([]);
    expect(await keysOf({ q: "nobody-here" })).toEqual([]);
  });

  it("sorts by every column both ways with a stable tie-break, and pages", async () => {
    expect(await keysOf({ sort: "when" })).toEqual(["zoe", "evil", "bob", "bob2"]);
    // "=HYPERLINK…" < "bob brown" (two bookings, in id order) < "zoë adams"
    const byCustomer = await keysOf({ sort: "customer" });
    expect([byCustomer[0], byCustomer[3]]).toEqual(["evil", "zoe"]);
    const bobIds = [ids.bob, ids.bob2].sort();
    expect((await list({ sort: "customer" })).rows.slice(1, 3).map((r) => r.id)).toEqual(bobIds);
    expect((await keysOf({ sort: "customer", dir: "desc" }))[0]).toBe("zoe");
    expect(await keysOf({ sort: "team", dir: "desc" })).toHaveLength(4);
    expect((await keysOf({ sort: "team", dir: "desc" }))[0]).toBe("evil");
    expect((await keysOf({ sort: "charge", dir: "desc" }))[0]).toBe("evil");
    expect((await keysOf({ sort: "due", dir: "desc" }))[0]).toBe("evil");
    expect((await keysOf({ sort: "payment" }))[0]).toBe("evil");
    expect((await keysOf({ sort: "status" }))[0]).toBe("evil");
    const byRef = (await list({ sort: "reference" })).rows.map((r) => r.reference);
    expect(byRef).toEqual([...byRef].sort());
    for (const sort of ["when", "reference", "customer", "team", "status", "payment", "charge", "due"]) {
      for (const dir of ["asc", "desc"]) {
        const all = (await list({ sort, dir })).rows.map((r) => r.id);
        const batched = [];
        for await (const b of adminBookingBatches(
          t.db,
          admin,
          parseAdminBookingsQuery({ sort, dir }),
          ZONE,
          1,
        ))
          batched.push(...b.map((r) => r.id));
        expect(batched, `${sort} ${dir}`).toEqual(all);
      }
    }
    const beyond = await list({ page: "99" });
    expect(beyond.page).toBe(1);
    expect(beyond.rows).toHaveLength(4);
  });

  it("ignores junk parameters instead of failing", async () => {
    const junk = {
      status: "deleted",
      payment: "'; DROP TABLE bookings; --",
      from: "2026-02-30",
      to: "9999-99-99",
      service: "not-a-uuid",
      team: "../../etc",
      source: "\u0000",
      sort: "password",
      dir: "sideways",
      page: "-3",
    };
    expect((await list(junk)).total).toBe(4);
    expect(parseAdminBookingsQuery({ q: ["a", "b"], page: ["2", "x"] })).toMatchObject({ q: "a", page: 2 });
  });

  it("answers any search parameters with a page, never an error (fuzz)", async () => {
    const key = fc.constantFrom(
      "q",
      "status",
      "payment",
      "from",
      "to",
      "service",
      "team",
      "source",
      "sort",
      "dir",
      "page",
    );
    const value = fc.oneof(
      fc.string({ maxLength: 200 }),
      fc.constantFrom("%", "_", "\\", "'", "2026-13-01", "0000-01-01", "1e9", "-0", "NaN", "desc"),
      fc.array(fc.string({ maxLength: 20 }), { maxLength: 3 }),
    );
    await fc.assert(
      fc.asyncProperty(fc.dictionary(key, value), async (params) => {
        const page = await listAdminBookings(t.db, admin, parseAdminBookingsQuery(params), ZONE);
        expect(page.rows.length).toBeLessThanOrEqual(25);
      }),
      { numRuns: 60 },
    );
  });

  it("refuses a customer and a visitor in the use case", async () => {
    await expect(listAdminBookings(t.db, { role: "customer" }, {}, ZONE)).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(listAdminBookings(t.db, null, {}, ZONE)).rejects.toMatchObject({ code: "UNAUTHENTICATED" });
  });

  it("exports the filtered set as CSV: BOM, header, zone, decimals, neutralised formulas", async () => {
    const res = await adminBookingsCsvResponse(
      new Request("http://localhost/admin/bookings/export.csv?sort=when&team=" + vanB + "&junk=1"),
      admin,
    );
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="bookings-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes.slice(3));
    const lines = text.split("\r\n");
    expect(lines[0]).toBe(
      "Reference,Starts,Ends,Time zone,Customer,Email,Phone,Vehicle,Registration,Postcode,Services,Team,Status,Payment,Source,Currency,List price,Discounts and goodwill,Fee charged,Charge,Paid,Refunded,Due,Refundable",
    );
    expect(lines[1]).toBe(
      [
        refs.evil,
        "2026-03-30 00:30 BST",
        "2026-03-30 05:00 BST",
        ZONE,
        `"'=HYPERLINK(""http://evil.test"",""x"")"`,
        "evil@example.test",
        "'+44 7700 900456",
        "'@Ford Fiesta",
        "AB12CDE",
        "SW9 8AB",
        '"Ceramic Coat, Pet hair, removal"',
        "Van B",
        "Awaiting approval",
        "Deposit paid",
        "Admin",
        "GBP",
        "215.50",
        "0.00",
        "",
        "215.50",
        "50.00",
        "0.00",
        "165.50",
        "0.00",
      ].join(","),
    );
    expect(lines).toHaveLength(3);
    expect(lines[2]).toBe("");

    const all = await (
      await adminBookingsCsvResponse(new Request("http://localhost/x.csv?sort=when"), admin)
    ).text();
    expect(all.split("\r\n")[1]).toContain("2026-03-28 23:30 GMT");
    expect(all.split("\r\n")).toHaveLength(6);
  });

  it("answers a visitor 401 and a customer 404 from the CSV route", async () => {
    expect((await adminBookingsCsvResponse(new Request("http://localhost/x.csv"), null)).status).toBe(401);
    const res = await adminBookingsCsvResponse(new Request("http://localhost/x.csv"), { role: "customer" });
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("Zoë");
  });
});

import { eq, gt } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AdminToday, getAdminToday } from "@/modules/today/server";
import { transitionBooking } from "@/modules/bookings/server";
import { collectedRevenue } from "@/modules/payments/server";
import { setDatabaseForProcess } from "@/server/db";
import {
  bookingEvents,
  bookings,
  bookingVehicles,
  emails,
  payments,
  refunds,
  rescheduleRequests,
} from "@/server/db/schema";
import {
  defaultAddressSnapshot,
  insertBooking,
  insertSettings,
  insertStaff,
  insertTeam,
  insertUser,
  insertWeeklyHours,
} from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// The admin's today page on known data: Wednesday 25 November 2026, 10:00 in London (GMT). Every queue
// item appears and disappears with the change that should move it; the KPIs are checked to the penny.

const NOW = new Date("2026-11-25T10:00:00Z");
const admin = { role: "admin" as const };
const at = (s: string) => new Date(s);
const wax = { kind: "addon" as const, name: "Wax", priceMinor: 1500, minutes: 60 };
const valet = { kind: "package" as const, name: "Full Valet", priceMinor: 8500, minutes: 180 };

describe.each(dbKinds)("the admin's today page on %s", (kind) => {
  let t: TestDatabase;
  const id: Record<string, string> = {};
  const ref: Record<string, string> = {};
  let adminId = "";
  let vanA = "";
  const today = (now = NOW) => getAdminToday(t.db, admin, { collectedRevenue, now });
  const group = (d: AdminToday, kind: string) => d.queue.find((g) => g.kind === kind);
  const kpi = (d: AdminToday, key: string) => d.kpis.find((k) => k.key === key);

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, { timeZone: "Europe/London", minNoticeMinutes: 720, holdMinutes: 30 });
    vanA = (await insertTeam(t.db, { name: "Van A", sortOrder: 1 })).id;
    const vanB = (await insertTeam(t.db, { name: "Van B", sortOrder: 2 })).id;
    await insertTeam(t.db, { name: "Van C", sortOrder: 3, isActive: false });
    // Open 08:00–18:00 every day: 600 minutes × 2 active teams.
    await insertWeeklyHours(t.db, Object.fromEntries([1, 2, 3, 4, 5, 6, 7].map((d) => [d, [[480, 1080]]])));
    adminId = (await insertUser(t.db, { name: "Ada Admin", role: "admin", email: "ada@example.test" })).id;
    const zoe = await insertUser(t.db, {
      name: "Zoë Adams",
      email: "zoe@example.test",
      phone: "07700 900123",
    });
    const bob = await insertUser(t.db, { name: "Bob Brown", email: "bob@example.test" });
    const add = async (
      key: string,
      input: Omit<Parameters<typeof insertBooking>[1], "customerId" | "teamId"> & {
        teamId?: string;
        customerId?: string;
      },
    ) => {
      const b = await insertBooking(t.db, {
        customerId: zoe.id,
        teamId: vanA,
        withAllocation: false,
        ...input,
      });
      id[key] = b.id;
      ref[key] = b.reference;
    };
    const settle = async (key: string, when: string) =>
      t.db
        .update(payments)
        .set({ settledAt: at(when) })
        .where(eq(payments.bookingId, id[key] ?? ""));

    // Today (Wednesday 25th).
    await add("A", { startsAt: at("2026-11-25T08:00:00Z"), status: "completed", paidMinor: 8500 });
    await add("B", {
      startsAt: at("2026-11-25T11:00:00Z"),
      items: [valet, wax],
      depositDueMinor: 2000,
      paidMinor: 2000,
      customerNotes: "Ring twice",
      addressSnapshot: { ...defaultAddressSnapshot, accessNotes: "Gate code 4411", hasPower: false },
    });
    await add("C", {
      startsAt: at("2026-11-25T14:00:00Z"),
      teamId: vanB,
      status: "awaiting_approval",
      customerId: bob.id,
    });
    await add("D", { startsAt: at("2026-11-25T13:00:00Z"), teamId: vanB, status: "cancelled" });
    await add("F", { startsAt: at("2026-11-25T16:00:00Z"), depositDueMinor: 3000, customerId: bob.id });
    await add("G", {
      startsAt: at("2026-11-25T17:00:00Z"),
      teamId: vanB,
      status: "pending_payment",
      depositDueMinor: 8500,
      holdExpiresAt: at("2026-11-25T10:10:00Z"),
    });
    // Tomorrow, yesterday, last week.
    await add("E", { startsAt: at("2026-11-26T09:00:00Z"), depositDueMinor: 2000 });
    await add("H", {
      startsAt: at("2026-11-24T10:00:00Z"),
      status: "completed",
      paidMinor: 5000,
      items: [{ ...valet, priceMinor: 5000 }],
    });
    await add("J", {
      startsAt: at("2026-11-24T14:00:00Z"),
      status: "completed",
      paidMinor: 3000,
      items: [{ ...valet, priceMinor: 3000 }],
    });
    await add("I", {
      startsAt: at("2026-11-18T10:00:00Z"),
      status: "completed",
      paidMinor: 7000,
      items: [{ ...valet, priceMinor: 7000 }],
    });
    await settle("A", "2026-11-25T07:00:00Z");
    await settle("B", "2026-11-20T12:00:00Z"); // last Friday: after "this time last week"
    await settle("H", "2026-11-24T09:00:00Z");
    await settle("J", "2026-11-24T15:00:00Z"); // yesterday, after this time of day
    await settle("I", "2026-11-18T09:00:00Z");
    const [paymentA] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, id.A ?? ""));
    await t.db.insert(refunds).values([
      {
        paymentId: paymentA?.id ?? "",
        amountMinor: 1000,
        status: "succeeded",
        settledAt: at("2026-11-25T09:00:00Z"),
      },
      // Pending (not settled) refunds are not money gone yet.
      { paymentId: paymentA?.id ?? "", amountMinor: 500, status: "pending" },
    ]);
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  it("lists today's and tomorrow's jobs by team in time order, the next one marked, with what the door needs", async () => {
    const d = await today();
    const [todayJobs, tomorrow] = d.days;
    expect(todayJobs?.date).toBe("2026-11-25");
    expect(todayJobs?.title).toMatch(/^Wednesday,? 25 November 2026$/);
    expect(todayJobs?.count).toBe(5);
    expect(todayJobs?.teams.map((g) => [g.teamName, g.jobs.map((j) => j.reference)])).toEqual([
      ["Van A", [ref.A, ref.B, ref.F]],
      ["Van B", [ref.C, ref.G]],
    ]);
    expect(d.nextJobId).toBe(id.B);
    const b = todayJobs?.teams[0]?.jobs[1];
    expect(b).toMatchObject({
      isNext: true,
      time: "11:00 GMT",
      endTime: "15:00 GMT",
      customerName: "Zoë Adams",
      customerPhone: "07700 900123",
      vehicle: "Volkswagen Golf",
      registration: "LB19XKT",
      services: ["Full Valet"],
      addons: ["Wax"],
      address: "1 Test Street, London, SW9 8AB",
      accessNotes: "Gate code 4411",
      readiness: { water: true, power: false, covered: false },
      customerNotes: "Ring twice",
      status: "confirmed",
      moneyState: "deposit_paid",
      dueMinor: 8000,
      due: "£80.00",
    });
    expect(todayJobs?.teams[0]?.jobs[0]).toMatchObject({ status: "completed", dueMinor: 0, isNext: false });
    expect(tomorrow?.teams.map((g) => [g.teamName, g.jobs.map((j) => j.reference)])).toEqual([
      ["Van A", [ref.E]],
    ]);
  });

  it("counts the KPIs of today and this week against yesterday and last week", async () => {
    const d = await today();
    expect(kpi(d, "bookings")).toMatchObject({
      today: { value: "5", delta: { direction: "up", words: "Up 3 on yesterday" } },
      week: { value: "8", delta: { direction: "up", words: "Up 7 on last week" } },
    });
    // Booked (ADR 0022: the bookings that stand, at their charge): A 85 + B 100 + F 85 — not C's request
    // waiting for approval nor G's hold waiting for payment; the week adds H 50, J 30 and E 85.
    expect(kpi(d, "booked")).toMatchObject({
      today: { value: "£270.00", delta: { words: "Up £190.00 on yesterday" } },
      week: { value: "£435.00", delta: { words: "Up £365.00 on last week" } },
    });
    // Collected so far today: A's £85 less a £10 refund; yesterday by 10:00 only H's £50 (J paid at 15:00).
    // This week: 75 + 50 + 30; last week by Wednesday 10:00: I's £70 (B's deposit came on Friday).
    expect(kpi(d, "collected")).toMatchObject({
      today: { value: "£75.00", delta: { words: "Up £25.00 on yesterday by this time" } },
      week: { value: "£155.00", delta: { words: "Up £85.00 on last week by this time" } },
    });
    // 960 of 1,200 open minutes today; 360 yesterday; the week 1,500 of 8,400; last week 180.
    expect(kpi(d, "utilisation")).toMatchObject({
      today: { value: "80%", delta: { words: "Up 50 points on yesterday" } },
      week: { value: "18%", delta: { words: "Up 16 points on last week" } },
    });
  });

  it("collected revenue nets refunds per range", async () => {
    expect(
      await collectedRevenue(t.db, [
        { from: at("2026-11-25T00:00:00Z"), to: at("2026-11-25T08:30:00Z") },
        { from: at("2026-11-25T00:00:00Z"), to: at("2026-11-26T00:00:00Z") },
        { from: at("2026-11-01T00:00:00Z"), to: at("2026-11-02T00:00:00Z") },
      ]),
    ).toEqual([8500, 7500, 0]);
  });

  it("queues approvals and unpaid bookings starting within the notice window, and drops them once handled", async () => {
    let d = await today();
    expect(group(d, "awaiting_approval")).toMatchObject({
      count: 1,
      items: [{ bookingId: id.C, reference: ref.C, text: "Bob Brown" }],
    });
    expect(group(d, "unpaid_soon")?.items.map((i) => [i.reference, i.text])).toEqual([
      [ref.F, "Bob Brown — £30.00 owed"],
      [ref.G, "Zoë Adams — £85.00 owed"],
    ]);
    expect(group(d, "unpaid_soon")?.count).toBe(2);
    // At 10:10 G's hold has lapsed: it is expiring, not to chase.
    expect((await today(at("2026-11-25T10:10:00Z"))).queue.find((g) => g.kind === "unpaid_soon")?.count).toBe(
      1,
    );

    await t.db.transaction((tx) =>
      transitionBooking(tx, {
        bookingId: id.C ?? "",
        to: "confirmed",
        from: ["awaiting_approval"],
        actor: { role: "admin", id: adminId },
        reason: "Approved on the phone.",
        now: NOW,
      }),
    );
    await t.db
      .update(bookings)
      .set({ amountPaidMinor: 3000 })
      .where(eq(bookings.id, id.F ?? ""));
    d = await today();
    expect(group(d, "awaiting_approval")?.count).toBe(0);
    expect(group(d, "unpaid_soon")?.items.map((i) => i.reference)).toEqual([ref.G]);
    // The admin's change is the newest activity not dated in the future by this fixture.
    const approval = d.activity.find(
      (a) => a.bookingId === id.C && a.what === "Awaiting approval → Confirmed",
    );
    expect(approval).toMatchObject({
      who: "Ada Admin (admin)",
      why: "Approved on the phone.",
      reference: ref.C,
    });
  });

  it("queues pending reschedule requests until they are decided or expire", async () => {
    const [request] = await t.db
      .insert(rescheduleRequests)
      .values({
        bookingId: id.E ?? "",
        teamId: vanA,
        requestedStartsAt: at("2026-11-27T09:00:00Z"),
        requestedEndsAt: at("2026-11-27T12:00:00Z"),
        reason: "Car at work",
        expiresAt: at("2026-11-26T09:00:00Z"),
      })
      .returning();
    let g = group(await today(), "reschedule_request");
    expect(g).toMatchObject({
      count: 1,
      items: [{ bookingId: id.E, reference: ref.E, text: "Zoë Adams asks for Fri 27 Nov, 09:00 GMT" }],
    });
    expect(group(await today(at("2026-11-26T09:00:00Z")), "reschedule_request")?.count).toBe(0);
    await t.db
      .update(rescheduleRequests)
      .set({ status: "withdrawn" })
      .where(eq(rescheduleRequests.id, request?.id ?? ""));
    g = group(await today(), "reschedule_request");
    expect(g?.count).toBe(0);
  });

  it("queues the week's failed emails (with their booking) and payment alerts; older ones are history", async () => {
    // The fixture's set-up events are stamped by the database's clock: on a real date after this test's
    // NOW they would be the newest activity. They happened before the events this test dates.
    await t.db
      .update(bookingEvents)
      .set({ at: at("2026-11-20T08:00:00Z") })
      .where(gt(bookingEvents.at, at("2026-11-20T08:00:00Z")));
    await t.db.insert(emails).values([
      {
        to: "zoe@example.test",
        template: "booking-confirmed",
        subject: "Your booking is confirmed",
        status: "failed",
        bookingId: id.E,
        createdAt: at("2026-11-24T08:00:00Z"),
      },
      {
        to: "new@example.test",
        template: "verify-email",
        status: "failed",
        createdAt: at("2026-11-23T08:00:00Z"),
      },
      {
        to: "old@example.test",
        template: "verify-email",
        status: "failed",
        createdAt: at("2026-11-10T08:00:00Z"),
      },
      {
        to: "ok@example.test",
        template: "verify-email",
        status: "sent",
        createdAt: at("2026-11-24T08:00:00Z"),
      },
    ]);
    const failed = group(await today(), "failed_email");
    expect(failed?.count).toBe(2);
    expect(failed?.items.map((i) => [i.reference, i.text])).toEqual([
      [ref.E, "Your booking is confirmed to zoe@example.test"],
      [null, "verify email to new@example.test"],
    ]);

    await t.db.insert(bookingEvents).values([
      {
        bookingId: id.D ?? "",
        type: "payment",
        toValue: "succeeded",
        at: at("2026-11-25T09:00:00Z"),
        data: { amountMinor: 8500, currency: "GBP", refundRequired: "cancelled_booking_refunded" },
      },
      {
        bookingId: id.G ?? "",
        type: "payment",
        toValue: "rejected",
        at: at("2026-11-25T09:10:00Z"),
        data: { problem: "Wrong amount." },
      },
      {
        bookingId: id.A ?? "",
        type: "refund",
        fromValue: "pending",
        toValue: "failed",
        at: at("2026-11-25T09:20:00Z"),
        data: { amountMinor: 500 },
      },
      {
        bookingId: id.I ?? "",
        type: "refund",
        fromValue: "pending",
        toValue: "failed",
        at: at("2026-11-17T09:20:00Z"),
        data: { amountMinor: 500 },
      },
      // An ordinary payment is activity, not an alert.
      {
        bookingId: id.B ?? "",
        type: "payment",
        toValue: "succeeded",
        at: at("2026-11-25T09:30:00Z"),
        data: { amountMinor: 2000, currency: "GBP" },
      },
    ]);
    const d = await today();
    const alerts = group(d, "payment_alert");
    expect(alerts?.count).toBe(3);
    expect(alerts?.items.map((i) => [i.reference, i.text])).toEqual([
      [ref.A, "An automatic refund failed — refund the customer yourself"],
      [ref.G, "A payment did not match the booking and was not applied"],
      [ref.D, "Paid after it was cancelled — refunded automatically (£85.00)"],
    ]);
    expect(d.queueTotal).toBe(1 + 2 + 3); // G unpaid, two failed emails, three alerts
    expect(d.activity[0]).toMatchObject({
      reference: ref.B,
      who: "The system",
      what: "Payment £20.00 succeeded",
      at: "Wed 25 Nov, 09:30 GMT",
    });
  });

  it("shows who is on which job: each team's active technicians, and who started a job under way", async () => {
    const tia = await insertStaff(t.db, { name: "Tia Tech", teamIds: [vanA] });
    await insertStaff(t.db, { name: "Gone Gary", teamIds: [vanA], banned: true });
    await t.db.transaction((tx) =>
      transitionBooking(tx, {
        bookingId: id.B as string,
        to: "in_progress",
        actor: { role: "staff", id: tia.id },
        now: NOW,
        reason: "Job started.",
      }),
    );
    // A visit of two vans: the second one shows too (ADR 0050).
    await t.db.insert(bookingVehicles).values({
      bookingId: id.F as string,
      position: 1,
      vehicleSnapshot: {
        make: "Ford",
        model: "Transit",
        year: null,
        colour: null,
        registration: "LD21ABC",
        sizeName: "Van",
      },
    });
    const [todayJobs] = (await today()).days;
    const vanAJobs = todayJobs?.teams.find((g) => g.teamName === "Van A");
    expect(vanAJobs?.jobs.find((j) => j.id === id.F)?.moreVehicles).toEqual([
      { vehicle: "Ford Transit", registration: "LD21ABC" },
    ]);
    expect(vanAJobs?.staff).toEqual(["Tia Tech"]);
    expect(todayJobs?.teams.find((g) => g.teamName === "Van B")?.staff).toEqual([]);
    expect(vanAJobs?.jobs.find((j) => j.id === id.B)).toMatchObject({
      status: "in_progress",
      startedBy: "Tia Tech",
    });
    // A job nobody started names no one.
    expect(vanAJobs?.jobs.find((j) => j.id === id.F)?.startedBy).toBeNull();
  });

  it("is the admin's only: a customer gets not found, nobody signed in must sign in", async () => {
    await expect(
      getAdminToday(t.db, { role: "customer" }, { collectedRevenue, now: NOW }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(getAdminToday(t.db, null, { collectedRevenue, now: NOW })).rejects.toMatchObject({
      code: "UNAUTHENTICATED",
    });
  });

  it("an empty business: no jobs, nothing queued, closed days say so", async () => {
    const empty = await createTestDatabase(kind);
    try {
      await insertSettings(empty.db, { timeZone: "Europe/London" });
      const d = await getAdminToday(empty.db, admin, { collectedRevenue, now: NOW });
      expect(d.days.map((day) => day.count)).toEqual([0, 0]);
      expect(d.queueTotal).toBe(0);
      expect(d.activity).toEqual([]);
      expect(kpi(d, "utilisation")?.today).toEqual({
        value: "Closed",
        delta: { direction: "same", words: "No comparison: closed yesterday" },
      });
      expect(kpi(d, "collected")?.today).toEqual({
        value: "£0.00",
        delta: { direction: "same", words: "Same as yesterday by this time" },
      });
    } finally {
      await empty.drop();
    }
  });
});

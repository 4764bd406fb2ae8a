import { randomUUID } from "node:crypto";
import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { phoneBookingInput } from "@/modules/phone-bookings/admin-phone-schemas";
import {
  createAdminBooking,
  customerSavedRecords,
  quotePhoneJob,
  searchCustomers,
} from "@/modules/phone-bookings/server";
import { getAdminBookingPage } from "@/modules/bookings/server";
import { startCheckout } from "@/modules/payments/server/checkout/checkout";
import { renderTemplate } from "@/modules/notifications/templates";
import { setDatabaseForProcess } from "@/server/db";
import {
  addresses,
  allocations,
  auditLog,
  bookingEvents,
  bookingItems,
  bookings,
  emails,
  payments,
  users,
  vehicles,
} from "@/server/db/schema";
import {
  insertAddress,
  insertBooking,
  insertCategory,
  insertPrice,
  insertService,
  insertSettings,
  insertTeam,
  insertUser,
  insertVehicle,
  insertVehicleSize,
  insertWeeklyHours,
  insertZone,
} from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// A phone booking at /admin/bookings/new: priced as the wizard prices it, held by reserve() on the chosen
// team (or, overridden with a reason, by the overlap guard alone, which names what is in the way), paid
// by a payment link (pending_payment for the hold window, the usual "complete your booking" email), a
// manual payment (recorded by the payments module in the same transaction) or on the day; source admin;
// the normal emails. Bad input and refusals change nothing.

// Monday 11 January 2027, 09:00 GMT (London = UTC in winter).
const NOW = new Date("2027-01-11T09:00:00Z");
function must<T>(v: T | null | undefined): T {
  if (v === null || v === undefined) throw new Error("expected a value");
  return v;
}
const at = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2027, 0, day, hour, minute));

describe.each(dbKinds)("phone bookings, on %s", (kind) => {
  let t: TestDatabase;
  let team: { id: string };
  let adminId: string;
  let medium: string;
  let slugs: { pkg: string; addon: string };
  const actor = () => ({ id: adminId, ip: "198.51.100.4" });

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, {
      businessName: "Shine Street",
      contactEmail: "hello@shine.test",
      adminNotificationEmail: "office@shine.test",
      timeZone: "Europe/London",
      slotIntervalMinutes: 30,
      bufferMinutes: 0,
      minNoticeMinutes: 720,
      holdMinutes: 30,
      paymentMode: "full",
    });
    const day: [number, number][] = [[8 * 60, 18 * 60]];
    await insertWeeklyHours(t.db, { 1: day, 2: day, 3: day, 4: day, 5: day });
    team = await insertTeam(t.db, { name: "Van 1" });
    adminId = (await insertUser(t.db, { name: "Owner", role: "admin" })).id;
    const valet = await insertCategory(t.db, { name: "Valet" });
    medium = (await insertVehicleSize(t.db, { name: "Medium" })).id;
    const pkg = await insertService(t.db, { categoryId: valet.id, name: "Full Valet", kind: "package" });
    const addon = await insertService(t.db, { categoryId: valet.id, name: "Pet Hair", kind: "addon" });
    await insertPrice(t.db, {
      serviceId: pkg.id,
      vehicleSizeId: medium,
      priceMinor: 9500,
      durationMinutes: 120,
    });
    await insertPrice(t.db, {
      serviceId: addon.id,
      vehicleSizeId: medium,
      priceMinor: 2000,
      durationMinutes: 30,
    });
    await insertZone(t.db, {
      name: "Greenwich",
      postcodePrefixes: ["SE10"],
      travelFeeMinor: 750,
      travelBufferMinutes: 0,
    });
    slugs = { pkg: pkg.slug, addon: addon.slug };
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  let n = 0;
  const raw = (overrides: Record<string, unknown> = {}) => ({
    run: randomUUID(),
    customerMode: "new",
    name: "Priya Phone",
    email: `priya-${kind}-${++n}@example.test`,
    phone: "07700 900123",
    sendSetupLink: true,
    make: "Ford",
    model: "Focus",
    registration: "AB12 CDE",
    postcode: "SE10 9NF",
    line1: "3 Park Row",
    town: "London",
    service: slugs.pkg,
    size: medium,
    addons: [slugs.addon],
    start: at(12 + (n % 4), 9).toISOString(),
    teamId: team.id,
    payment: "on_the_day",
    ...overrides,
  });
  const create = (input: Record<string, unknown>) =>
    createAdminBooking(t.db, actor(), phoneBookingInput.parse(input), {
      now: NOW,
    });
  const counts = async () => {
    const [b] = await t.db.select({ n: count() }).from(bookings);
    const [u] = await t.db.select({ n: count() }).from(users);
    const [v] = await t.db.select({ n: count() }).from(vehicles);
    const [e] = await t.db.select({ n: count() }).from(emails);
    const [p] = await t.db.select({ n: count() }).from(payments);
    return { bookings: b?.n, users: u?.n, vehicles: v?.n, emails: e?.n, payments: p?.n };
  };
  const mailOf = (bookingId: string) =>
    t.db.select().from(emails).where(eq(emails.bookingId, bookingId)).orderBy(asc(emails.createdAt));

  it("prices the job exactly as the wizard does, and warns (not refuses) outside the area", async () => {
    const inside = await quotePhoneJob(t.db, actor(), {
      service: slugs.pkg,
      size: medium,
      addons: [slugs.addon],
      more: [],
      postcode: "se10 9nf",
    });
    expect(inside).toMatchObject({
      totalMinor: 9500 + 2000 + 750,
      minutes: 150,
      zoneName: "Greenwich",
      outsideArea: false,
      errors: {},
    });
    expect(inside.lines.map((l) => l.name)).toEqual(["Full Valet", "Pet Hair", "Travel to Greenwich"]);
    const outside = await quotePhoneJob(t.db, actor(), {
      service: slugs.pkg,
      size: medium,
      more: [],
      addons: [],
      postcode: "N1 1AA",
    });
    expect(outside).toMatchObject({ totalMinor: 9500, outsideArea: true, zoneName: null, errors: {} });
  });

  it("a new customer with a payment link: pending payment for the hold window, the usual emails, payable", async () => {
    const before = await counts();
    const input = raw({ payment: "link", start: at(12, 9).toISOString() });
    const result = await create(input);
    expect(result).toMatchObject({
      status: "pending_payment",
      redirectTo: `/admin/bookings/${result.bookingId}`,
    });
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, result.bookingId));
    expect(b).toMatchObject({
      source: "admin",
      status: "pending_payment",
      totalMinor: 12250,
      depositDueMinor: 12250,
      holdExpiresAt: new Date(NOW.getTime() + 30 * 60_000),
      startsAt: at(12, 9),
      endsAt: at(12, 11, 30),
      teamId: team.id,
    });
    expect(b?.vehicleSnapshot).toMatchObject({ registration: "AB12CDE", sizeName: "Medium" });
    const [customer] = await t.db
      .select()
      .from(users)
      .where(eq(users.id, b?.customerId ?? ""));
    expect(customer).toMatchObject({ name: "Priya Phone", email: input.email, role: "customer" });
    const items = await t.db.select().from(bookingItems).where(eq(bookingItems.bookingId, result.bookingId));
    expect(items).toHaveLength(3);
    const [alloc] = await t.db.select().from(allocations).where(eq(allocations.bookingId, result.bookingId));
    expect(alloc).toMatchObject({ status: "pending_payment", teamId: team.id });
    const mail = await t.db.select().from(emails);
    const mine = mail.filter((m) => m.to === input.email).map((m) => m.template);
    expect(mine.sort()).toEqual(["booking-received", "setup-password"]);
    expect(
      mail.find((m) => m.bookingId === result.bookingId && m.template === "booking-received")?.data,
    ).toMatchObject({
      awaiting: "payment",
    });
    expect((await mailOf(result.bookingId)).map((m) => m.template)).toContain("booking-new-admin");
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "booking"), eq(auditLog.entityId, result.bookingId)));
    expect(audit).toMatchObject({ action: "booking.create", actorId: adminId });
    const [created] = await t.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, result.bookingId));
    expect(created).toMatchObject({
      type: "created",
      actorId: adminId,
      data: { source: "admin", payment: "link" },
    });
    // The customer's "Pay" starts the existing checkout.
    const checkout = await startCheckout(
      t.db,
      { id: b?.customerId ?? "" },
      { bookingId: result.bookingId },
      { now: NOW },
    );
    expect(checkout.url).toMatch(/\/pay\/test|checkout/);
    // The same form submitted again answers with the same booking.
    expect(await create(input)).toEqual(result);
    expect((await counts()).bookings).toBe((before.bookings ?? 0) + 1);
  });

  it("an existing customer's saved vehicle and address, with a manual payment recorded and receipted", async () => {
    const customer = await insertUser(t.db, { name: "Sam Saved", phone: "020 7946 0123" });
    const vehicle = await insertVehicle(t.db, {
      ownerId: customer.id,
      vehicleSizeId: medium,
      registration: "SV19 AAA",
    });
    const address = await insertAddress(t.db, { ownerId: customer.id, postcode: "SE10 8XJ" });
    const saved = await customerSavedRecords(t.db, actor(), customer.id);
    expect(saved.vehicles.map((v) => v.id)).toEqual([vehicle.id]);
    expect(saved.addresses.map((a) => a.id)).toEqual([address.id]);
    const result = await create(
      raw({
        customerMode: "existing",
        customerId: customer.id,
        savedVehicleId: vehicle.id,
        savedAddressId: address.id,
        addons: [],
        payment: "manual",
        method: "cash",
        amount: "50.00",
        start: at(13, 14).toISOString(),
      }),
    );
    expect(result.status).toBe("confirmed");
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, result.bookingId));
    expect(b).toMatchObject({
      customerId: customer.id,
      vehicleId: vehicle.id,
      addressId: address.id,
      totalMinor: 10250,
      amountPaidMinor: 5000,
      depositDueMinor: 0,
    });
    const [p] = await t.db.select().from(payments).where(eq(payments.bookingId, result.bookingId));
    expect(p).toMatchObject({
      provider: "manual",
      method: "cash",
      amountMinor: 5000,
      status: "succeeded",
      recordedBy: adminId,
      kind: "deposit",
    });
    // Paid at the desk: one email to the customer, the confirmation with its receipt (issue 27).
    const mail = await mailOf(result.bookingId);
    expect(mail.map((m) => m.template).sort()).toEqual(["booking-confirmed", "booking-new-admin"]);
    expect(mail.filter((m) => m.to === customer.email)).toHaveLength(1);
    const confirmation = must(mail.find((m) => m.template === "booking-confirmed"));
    expect(confirmation.data.receipt).toMatchObject({ amount: "£50.00" });
    const rendered = await renderTemplate("booking-confirmed", confirmation.data as never, {
      businessName: "Shine Street",
      contactEmail: "hello@shine.test",
      contactPhone: "020 7946 0000",
      appUrl: "http://localhost",
    });
    expect(rendered.text).toMatch(/receipt/i);
    expect(rendered.text).toContain("£50.00");
    // The business's alert carries the site answers and access notes the team needs (issue 27).
    const alert = must(mail.find((m) => m.template === "booking-new-admin"));
    const site = must(b).addressSnapshot;
    expect(alert.data.site).toEqual({
      water: site.hasWater,
      power: site.hasPower,
      covered: site.hasCoveredSpace,
      accessNotes: site.accessNotes,
    });
    const events = await t.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, result.bookingId));
    expect(events.map((e) => e.type).sort()).toEqual(["created", "payment"]);
    // Made and paid in one transaction, the timeline tells it in that order (issue 27): each event is
    // stamped when written, not at the transaction's start (one shared instant, the random id deciding).
    const byType = new Map(events.map((e) => [e.type, e.at.getTime()]));
    expect(must(byType.get("created"))).toBeLessThan(must(byType.get("payment")));
    const page = must(await getAdminBookingPage(t.db, result.bookingId, NOW));
    expect(page.timeline.map((e) => e.what)).toEqual([
      expect.stringMatching(/^Booked/),
      expect.stringMatching(/^Payment/),
    ]);
  });

  it("keeps the vehicle and address on the customer once: the same ones typed again are the saved ones (issue 27 #6)", async () => {
    const first = await create(raw({ start: at(19, 9).toISOString() }));
    const [b1] = await t.db.select().from(bookings).where(eq(bookings.id, first.bookingId));
    const ownerId = b1?.customerId ?? "";
    const again = await create(
      raw({
        customerMode: "existing",
        customerId: ownerId,
        registration: "ab12-cde",
        postcode: "se109nf",
        line1: "3  PARK row ",
        start: at(20, 9).toISOString(),
      }),
    );
    const kept = await t.db.select().from(vehicles).where(eq(vehicles.ownerId, ownerId));
    const places = await t.db.select().from(addresses).where(eq(addresses.ownerId, ownerId));
    expect(kept).toMatchObject([{ registration: "AB12CDE", isDefault: true }]);
    expect(places).toMatchObject([{ line1: "3 Park Row", postcode: "SE10 9NF", isDefault: true }]);
    const [b2] = await t.db.select().from(bookings).where(eq(bookings.id, again.bookingId));
    expect(b2).toMatchObject({ customerId: ownerId, vehicleId: kept[0]?.id, addressId: places[0]?.id });
  });

  it("pay on the day: confirmed with the whole amount due; outside the area allowed and flagged", async () => {
    const result = await create(raw({ postcode: "N1 1AA", addons: [], start: at(14, 13).toISOString() }));
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, result.bookingId));
    expect(b).toMatchObject({
      status: "confirmed",
      totalMinor: 9500,
      amountPaidMinor: 0,
      depositDueMinor: 0,
    });
    const [created] = await t.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, result.bookingId));
    expect(created?.data).toMatchObject({ outsideArea: true, payment: "on_the_day" });
    const customerMail = (await mailOf(result.bookingId)).filter((m) => m.template === "booking-confirmed");
    expect(customerMail).toHaveLength(1);
  });

  it("refuses a taken time naming what is in the way; an override outside the hours works, audited; an override onto a booking is refused", async () => {
    const someone = await insertUser(t.db);
    const other = await insertBooking(t.db, {
      customerId: someone.id,
      teamId: team.id,
      startsAt: at(15, 10),
    });
    const before = await counts();
    await expect(create(raw({ start: at(15, 9).toISOString() }))).rejects.toMatchObject({
      code: "SLOT_TAKEN",
      message: expect.stringContaining(`booking ${other.reference}`),
      fieldErrors: { start: [expect.any(String)] },
    });
    await expect(
      create(raw({ start: at(15, 9).toISOString(), override: true, reason: "Customer insists." })),
    ).rejects.toMatchObject({
      code: "SLOT_TAKEN",
      message: `That team is busy then: booking ${other.reference}, 10:00 GMT–13:00 GMT is in the way.`,
    });
    // Nothing written: not the booking, not the new customer, not their vehicle, no email.
    expect(await counts()).toEqual(before);

    await expect(create(raw({ start: at(15, 19).toISOString() }))).rejects.toMatchObject({
      code: "SLOT_TAKEN",
      message: expect.stringContaining("outside the team's hours"),
    });
    const late = await create(
      raw({ start: at(15, 19).toISOString(), override: true, reason: "Evening slot agreed." }),
    );
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entity, "booking"), eq(auditLog.entityId, late.bookingId)));
    expect(audit).toMatchObject({ action: "booking.create_override" });
    expect(audit?.summary).toMatchObject({ override: true, reason: "Evening slot agreed." });
  });

  it("bad input: field messages, and nothing is written", async () => {
    const stranger = await insertUser(t.db);
    const theirs = await insertVehicle(t.db, { ownerId: stranger.id, vehicleSizeId: medium });
    const mine = await insertUser(t.db);
    const before = await counts();
    const parsed = phoneBookingInput.safeParse(
      raw({
        email: "not-an-email",
        registration: "",
        payment: "manual",
        amount: "lots",
        override: true,
        reason: "",
        customerMode: "new",
      }),
    );
    const fields = Object.fromEntries(
      (parsed.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]),
    );
    expect(fields).toMatchObject({
      email: expect.stringContaining("valid email"),
      registration: expect.stringContaining("registration"),
      method: expect.stringContaining("cash"),
      amount: expect.stringContaining("amount"),
      reason: expect.stringContaining("reason"),
    });
    expect(phoneBookingInput.safeParse(raw({ customerMode: "existing" })).error?.issues[0]?.path).toEqual([
      "customerId",
    ]);
    await expect(create(raw({ payment: "manual", method: "card", amount: "500.00" }))).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: { amount: [expect.stringContaining("£122.50")] },
    });
    await expect(create(raw({ service: "no-such-service" }))).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: { service: [expect.any(String)] },
    });
    await expect(
      create(raw({ customerMode: "existing", customerId: mine.id, savedVehicleId: theirs.id })),
    ).rejects.toMatchObject({ code: "VALIDATION", fieldErrors: { savedVehicleId: [expect.any(String)] } });
    // A deactivated customer can't be booked for, chosen or typed in as "new" with their email.
    const closed = await insertUser(t.db, { email: `closed-phone-${kind}@example.test`, banned: true });
    await expect(create(raw({ customerMode: "existing", customerId: closed.id }))).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: { customerId: [expect.stringContaining("deactivated")] },
    });
    await expect(create(raw({ email: closed.email }))).rejects.toMatchObject({
      code: "FORBIDDEN",
      fieldErrors: { email: [expect.stringContaining("reactivate them")] },
    });
    expect(await counts()).toEqual({ ...before, users: Number(before.users) + 1 });
  });

  it("only an admin may book, search or look up a customer", async () => {
    const customer = await insertUser(t.db, { name: "Zed Search", phone: "07700 900999" });
    await insertVehicle(t.db, { ownerId: customer.id, vehicleSizeId: medium, registration: "ZS70 QQQ" });
    const as = { id: customer.id };
    await expect(
      createAdminBooking(t.db, as, phoneBookingInput.parse(raw()), {
        now: NOW,
      }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(searchCustomers(t.db, as, "Zed")).rejects.toMatchObject({ code: "NOT_FOUND" });
    await expect(customerSavedRecords(t.db, as, customer.id)).rejects.toMatchObject({ code: "NOT_FOUND" });
    // And the admin finds them by name, email, phone and registration.
    for (const q of ["zed sea", customer.email.slice(0, 8), "900999", "zs70 qqq"]) {
      const hits = await searchCustomers(t.db, actor(), q);
      expect(
        hits.map((h) => h.id),
        q,
      ).toContain(customer.id);
    }
    const [hit] = await searchCustomers(t.db, actor(), "ZS70QQQ");
    expect(hit).toMatchObject({ name: "Zed Search", registrations: ["ZS70QQQ"] });
    expect(await searchCustomers(t.db, actor(), "%")).toEqual([]);
  });
});

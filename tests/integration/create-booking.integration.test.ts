import { and, count, eq, inArray, like } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, isoWeekday, localDateOf, localToInstant } from "@/lib/dates";
import { createBookingInput, wizardStepInput } from "@/modules/wizard/book-schemas";
import { loadWizardPage } from "@/modules/wizard/server/wizard-page";
import { rebookHref } from "@/modules/wizard/server/wizard-rebook";
import { checkWizardStep } from "@/modules/wizard/server/wizard-step";
import { createBooking as createBookingOnly } from "@/modules/wizard/server/create-booking";
import { startCheckout } from "@/modules/payments/server/checkout/checkout";
import { overridePaymentProviders } from "@/modules/payments/server/providers/registry";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { completeTestCheckout } from "@/modules/payments/server/test-checkout";
import { idempotencyKeyFor, newRunId } from "@/modules/wizard/domain/wizard-state";
import { setDatabaseForProcess } from "@/server/db";
import { forgetAuthForTests } from "@/server/auth";
import { hasPassword } from "@/modules/accounts/server/queries";
import { resetPasswordWithToken } from "@/modules/accounts/server/auth/reset-password";
import {
  accounts,
  addresses,
  allocations,
  bookingEvents,
  bookingItems,
  bookings,
  emails,
  settings,
  users,
  vehicles,
} from "@/server/db/schema";
import { AppError } from "@/server/errors";
import {
  insertAddress,
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
  limitAddonToCategories,
} from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// The /api/book route passes the payments module's checkout in; so does this stand-in for it.
type CreateArgs = Parameters<typeof createBookingOnly>;
const createBooking = (
  db: CreateArgs[0],
  actor: CreateArgs[1],
  input: CreateArgs[2],
  opts: { now?: Date } = {},
) => createBookingOnly(db, actor, input, { ...opts, startCheckout });

const TZ = "Europe/London";
const NOW = new Date();
/** A Tuesday at least a week ahead, so notice and horizon never get in the way. */
const DAY = (() => {
  let d = addDays(localDateOf(NOW, TZ), 7);
  while (isoWeekday(d) !== 2) d = addDays(d, 1);
  return d;
})();
const at = (hhmm: string, date = DAY) => {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  return localToInstant(date, h * 60 + m, TZ) as Date;
};

describe.each(dbKinds)("createBooking on %s", (kind) => {
  let t: TestDatabase;
  let small: string;
  let medium: string;
  let large: string;
  const slugs = { pkg: "", addon: "", washOnly: "", unpricedForMedium: "" };
  let seq = 0;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, {
      timeZone: TZ,
      slotIntervalMinutes: 30,
      minNoticeMinutes: 0,
      bufferMinutes: 30,
      horizonDays: 60,
      holdMinutes: 30,
      paymentMode: "on_the_day",
      depositPercent: 20,
    });
    await insertTeam(t.db, { name: "Van 1", sortOrder: 1 });
    await insertTeam(t.db, { name: "Van 2", sortOrder: 2 });
    const day: [number, number][] = [[8 * 60, 18 * 60]];
    await insertWeeklyHours(t.db, { 1: day, 2: day, 3: day, 4: day, 5: day });

    const valet = await insertCategory(t.db, { name: "Valet" });
    const wash = await insertCategory(t.db, { name: "Wash" });
    small = (await insertVehicleSize(t.db, { name: "Small", sortOrder: 1 })).id;
    medium = (await insertVehicleSize(t.db, { name: "Medium", sortOrder: 2 })).id;
    large = (await insertVehicleSize(t.db, { name: "Large", sortOrder: 3 })).id;
    const pkg = await insertService(t.db, { categoryId: valet.id, name: "Full Valet", kind: "package" });
    const addon = await insertService(t.db, { categoryId: valet.id, name: "Pet Hair", kind: "addon" });
    const washOnly = await insertService(t.db, { categoryId: wash.id, name: "Wheel Wax", kind: "addon" });
    const unpriced = await insertService(t.db, { categoryId: valet.id, name: "Headlights", kind: "addon" });
    await limitAddonToCategories(t.db, washOnly.id, [wash.id]);
    // Full Valet: small and medium only (no large).
    await insertPrice(t.db, {
      serviceId: pkg.id,
      vehicleSizeId: small,
      priceMinor: 8500,
      durationMinutes: 180,
    });
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
    await insertPrice(t.db, {
      serviceId: washOnly.id,
      vehicleSizeId: medium,
      priceMinor: 1000,
      durationMinutes: 15,
    });
    await insertPrice(t.db, {
      serviceId: unpriced.id,
      vehicleSizeId: small,
      priceMinor: 4000,
      durationMinutes: 45,
    });
    Object.assign(slugs, {
      pkg: pkg.slug,
      addon: addon.slug,
      washOnly: washOnly.slug,
      unpricedForMedium: unpriced.slug,
    });
    await insertZone(t.db, { name: "Brixton", postcodePrefixes: ["SW9"], travelFeeMinor: 0 });
    await insertZone(t.db, {
      name: "Greenwich",
      postcodePrefixes: ["SE10"],
      travelFeeMinor: 750,
      travelBufferMinutes: 15,
    });
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    forgetAuthForTests();
    await t.drop();
  });
  beforeEach(async () => {
    await t.db.update(settings).set({ paymentMode: "on_the_day", approvalRequired: false });
  });

  const guestEmail = () => `guest-${kind}-${++seq}-${Date.now()}@example.test`;

  /** What the wizard's review step sends for a guest … */
  function guestRaw(overrides: Record<string, unknown> = {}): Record<string, unknown> {
    return {
      run: newRunId(),
      runSecret: newRunId(),
      service: slugs.pkg,
      size: medium,
      addons: [slugs.addon],
      postcode: "sw9 8ab",
      start: at("09:00").toISOString(),
      vehicleDetails: { make: "Volkswagen", model: "Golf", registration: "lb19 xkt", colour: "Grey" },
      addressDetails: { line1: "1 Acre Lane", town: "London" },
      contact: {
        name: "Sam Guest",
        email: guestEmail(),
        phone: "07700 900123",
        notes: "Gate code 1234",
        hasWater: true,
        hasPower: false,
        hasCoveredSpace: false,
      },
      acceptPolicies: true,
      ...overrides,
    };
  }
  /** … parsed exactly as the route handler does. */
  const guestInput = (overrides: Record<string, unknown> = {}) =>
    createBookingInput.parse(guestRaw(overrides));

  const bookingCount = async () => Number((await t.db.select({ n: count() }).from(bookings))[0]?.n ?? 0);
  const userCount = async () => Number((await t.db.select({ n: count() }).from(users))[0]?.n ?? 0);

  async function rejection(p: Promise<unknown>): Promise<AppError> {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  }

  it("prices and times the job from the catalogue, ignoring any numbers the browser sends", async () => {
    const raw = {
      ...guestRaw(),
      totalMinor: 1,
      priceMinor: 1,
      durationMinutes: 5,
      depositDueMinor: 0,
      teamId: "00000000-0000-4000-8000-000000000000",
      lines: [{ name: "Full Valet", priceMinor: 1 }],
    };
    const input = createBookingInput.parse(raw);
    expect(input).not.toHaveProperty("totalMinor");
    const result = await createBooking(t.db, null, input, { now: NOW });
    expect(result.status).toBe("confirmed");
    expect(result.redirectTo).toBe(
      `/booking/success?ref=${result.reference}&token=${encodeURIComponent(result.accessToken)}`,
    );
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, result.bookingId));
    expect(b?.totalMinor).toBe(11500);
    expect(b?.depositDueMinor).toBe(0);
    expect(b?.endsAt.getTime()).toBe(at("11:30").getTime()); // 120 + 30 minutes
    expect(b?.idempotencyKey).toBe(idempotencyKeyFor(input.run));
    expect(b?.vehicleSnapshot).toEqual({
      make: "Volkswagen",
      model: "Golf",
      year: null,
      colour: "Grey",
      registration: "LB19XKT",
      sizeName: "Medium",
    });
    expect(b?.addressSnapshot).toMatchObject({ postcode: "SW9 8AB", line1: "1 Acre Lane", hasWater: true });
    expect(b?.customerNotes).toBe("Gate code 1234");
    const items = await t.db
      .select()
      .from(bookingItems)
      .where(eq(bookingItems.bookingId, result.bookingId))
      .orderBy(bookingItems.position);
    expect(items.map((i) => [i.kind, i.name, i.priceMinor, i.minutes])).toEqual([
      ["package", "Full Valet", 9500, 120],
      ["addon", "Pet Hair", 2000, 30],
    ]);
    const [alloc] = await t.db.select().from(allocations).where(eq(allocations.bookingId, result.bookingId));
    expect(alloc?.status).toBe("confirmed");
    const [event] = await t.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, result.bookingId));
    expect(event).toMatchObject({ type: "created", toValue: "confirmed", actorId: null });
  });

  it("refuses a booking with a deactivated customer's email as one not taken online, without saying why, and keeps nothing", async () => {
    // Not a guest-… address: the racing test counts those.
    const email = `closed-${kind}-${Date.now()}@example.test`;
    await insertUser(t.db, { email, name: "Closed Account", banned: true });
    const [bookingsBefore, usersBefore] = [await bookingCount(), await userCount()];
    const err = await rejection(
      createBooking(t.db, null, guestInput({ contact: { ...(guestRaw().contact as object), email } }), {
        now: NOW,
      }),
    );
    expect(err.code).toBe("FORBIDDEN");
    // The business's phone and email; nothing about the account (issue 28 #7), nor on the email field.
    const settings = await getSettingsOrThrow(t.db);
    expect(err.message).toBe(
      `Sorry, we can't take this booking online. Please contact us on ${settings.contactPhone} or at ${settings.contactEmail} and we'll help you book.`,
    );
    expect(err.message).not.toMatch(/deactivated|account|email address/i);
    expect(err.fieldErrors).toBeUndefined();
    expect(await bookingCount()).toBe(bookingsBefore);
    expect(await userCount()).toBe(usersBefore);
    expect(await t.db.select().from(emails).where(eq(emails.to, email))).toHaveLength(0);
  });

  it("adds the zone's travel fee and buffer", async () => {
    const input = guestInput({ postcode: "SE10 9NF", addons: [], start: at("13:00").toISOString() });
    const result = await createBooking(t.db, null, input, { now: NOW });
    const items = await t.db.select().from(bookingItems).where(eq(bookingItems.bookingId, result.bookingId));
    expect(items.map((i) => [i.kind, i.priceMinor]).sort()).toEqual([
      ["package", 9500],
      ["travel_fee", 750],
    ]);
  });

  it("refuses a size not offered, a disallowed or unpriced add-on, and a postcode outside the area — writing nothing", async () => {
    const before = { bookings: await bookingCount(), users: await userCount() };
    const notOffered = await rejection(createBooking(t.db, null, guestInput({ size: large }), { now: NOW }));
    expect(notOffered.code).toBe("VALIDATION");
    expect(notOffered.fieldErrors?.size?.[0]).toMatch(/isn't offered for large vehicles/);

    const addons = await rejection(
      createBooking(t.db, null, guestInput({ addons: [slugs.washOnly, slugs.unpricedForMedium] }), {
        now: NOW,
      }),
    );
    expect(addons.fieldErrors?.addons?.[0]).toMatch(/Wheel Wax, Headlights can't be added/);

    const outside = await rejection(
      createBooking(t.db, null, guestInput({ postcode: "N1 9GU" }), { now: NOW }),
    );
    expect(outside.fieldErrors?.postcode?.[0]).toMatch(/we don't cover N1 9GU/);

    const notAPackage = await rejection(
      createBooking(t.db, null, guestInput({ service: slugs.addon }), { now: NOW }),
    );
    expect(notAPackage.fieldErrors?.service).toBeDefined();

    const badTime = await rejection(
      createBooking(t.db, null, guestInput({ start: at("09:10").toISOString() }), { now: NOW }),
    );
    expect(badTime.code).toBe("SLOT_TAKEN");
    expect(badTime.fieldErrors?.start?.[0]).toMatch(/can't be booked/);

    expect(await bookingCount()).toBe(before.bookings);
    expect(await userCount()).toBe(before.users);
  });

  it("makes one booking per run, whether submitted twice in a row or twice at once", async () => {
    const input = guestInput({ start: at("14:00").toISOString() });
    const first = await createBooking(t.db, null, input, { now: NOW });
    const again = await createBooking(t.db, null, input, { now: NOW });
    expect(again).toEqual(first);

    const racing = guestInput({ start: at("15:00", addDays(DAY, 1)).toISOString() });
    const results = await Promise.all([
      createBooking(t.db, null, racing, { now: NOW }),
      createBooking(t.db, null, racing, { now: NOW }),
      createBooking(t.db, null, racing, { now: NOW }),
    ]);
    expect(new Set(results.map((r) => r.bookingId)).size).toBe(1);
    const rows = await t.db
      .select()
      .from(bookings)
      .where(inArray(bookings.idempotencyKey, [idempotencyKeyFor(input.run), idempotencyKeyFor(racing.run)]));
    expect(rows).toHaveLength(2);
    const guests = await t.db
      .select()
      .from(users)
      .where(eq(users.email, racing.contact?.email ?? ""));
    expect(guests).toHaveLength(1);
  });

  it("answers a run copied by someone else with nothing of the booking", async () => {
    const input = guestInput({ start: at("10:00", addDays(DAY, 2)).toISOString() });
    await createBooking(t.db, null, input, { now: NOW });
    const stranger = {
      ...input,
      contact: { ...(input.contact as NonNullable<typeof input.contact>), email: guestEmail() },
    };
    const err = await rejection(createBooking(t.db, null, stranger, { now: NOW }));
    expect(err.code).toBe("CONFLICT");
    expect(JSON.stringify(err)).not.toContain("FC-");
    // Even with the guest's own email (a flatmate who saw the link): without the tab's secret, nothing.
    const flatmate = { ...input, runSecret: newRunId() };
    const again = await rejection(createBooking(t.db, null, flatmate, { now: NOW }));
    expect(again.code).toBe("CONFLICT");
    expect(JSON.stringify(again)).not.toMatch(/FC-|token/i);
    // The tab that made it gets the same booking back.
    const same = await createBooking(t.db, null, input, { now: NOW });
    expect(same.reference).toMatch(/^FC-/);
  });

  it("creates a password-less account for an unknown email; its set-up link rides in the booking's email", async () => {
    const input = guestInput({ start: at("09:00", addDays(DAY, 1)).toISOString() });
    const email = input.contact?.email ?? "";
    const result = await createBooking(t.db, null, input, { now: NOW });
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    expect(user).toMatchObject({
      name: "Sam Guest",
      phone: "07700 900123",
      role: "customer",
      emailVerified: false,
    });
    expect(
      await t.db
        .select()
        .from(accounts)
        .where(eq(accounts.userId, user?.id ?? "")),
    ).toEqual([]);
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, result.bookingId));
    expect(b?.customerId).toBe(user?.id);
    // No set-up email of its own: the link is a section of the booking's one email to the guest.
    const mail = await t.db.select().from(emails).where(eq(emails.to, email));
    expect(mail.map((m) => m.template)).not.toContain("setup-password");
    if (b?.status === "pending_payment") expect(mail).toEqual([]);
    else {
      expect(mail).toHaveLength(1);
      expect((mail[0]?.data as { setupUrl: string }).setupUrl).toContain("/auth/setup-password?token=");
    }
    // The booking's vehicle and address are kept on the account the guest then sets a password on.
    const kept = await t.db
      .select()
      .from(vehicles)
      .where(eq(vehicles.ownerId, user?.id ?? ""));
    expect(kept).toMatchObject([{ registration: "LB19XKT", isDefault: true }]);
    expect(b?.vehicleId).toBe(kept[0]?.id);
  });

  it("attaches a known email's booking to that account without changing anything of it", async () => {
    const known = await insertUser(t.db, {
      name: "Priya Shah",
      phone: "020 7946 0000",
      email: guestEmail(),
      password: "Known-Account-Pass-77",
    });
    const input = guestInput({
      start: at("09:00", addDays(DAY, 3)).toISOString(),
      contact: {
        name: "Someone Else",
        email: known.email.toUpperCase(),
        phone: "07000 000000",
        hasWater: true,
      },
    });
    const result = await createBooking(t.db, null, input, { now: NOW });
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, result.bookingId));
    expect(b?.customerId).toBe(known.id);
    const [after] = await t.db.select().from(users).where(eq(users.id, known.id));
    expect(after).toEqual(known);
    expect(await t.db.select().from(vehicles).where(eq(vehicles.ownerId, known.id))).toEqual([]);
    expect(await t.db.select().from(addresses).where(eq(addresses.ownerId, known.id))).toEqual([]);
    expect(
      await t.db
        .select()
        .from(emails)
        .where(and(eq(emails.to, known.email), eq(emails.template, "setup-password"))),
    ).toEqual([]);
  });

  it("uses a signed-in customer's own saved vehicle and address, and refuses anyone else's", async () => {
    const me = await insertUser(t.db);
    const other = await insertUser(t.db);
    const mine = await insertVehicle(t.db, {
      ownerId: me.id,
      vehicleSizeId: small,
      registration: "AB12 CDE",
    });
    const myHome = await insertAddress(t.db, { ownerId: me.id, postcode: "SW9 7AA", hasPower: true });
    const theirs = await insertVehicle(t.db, { ownerId: other.id, vehicleSizeId: medium });
    const theirHome = await insertAddress(t.db, { ownerId: other.id });
    const actor = { id: me.id, role: "customer" as const };
    const base = {
      run: newRunId(),
      runSecret: newRunId(),
      service: slugs.pkg,
      addons: [],
      start: at("13:00", addDays(DAY, 3)).toISOString(),
      acceptPolicies: true,
    };

    const foreign = await rejection(
      createBooking(
        t.db,
        actor,
        createBookingInput.parse({ ...base, savedVehicleId: theirs.id, savedAddressId: theirHome.id }),
        { now: NOW },
      ),
    );
    expect(foreign.code).toBe("VALIDATION");
    expect(foreign.fieldErrors).toMatchObject({
      savedVehicleId: ["Choose one of your vehicles."],
      savedAddressId: ["Choose one of your addresses."],
    });

    const result = await createBooking(
      t.db,
      actor,
      createBookingInput.parse({ ...base, savedVehicleId: mine.id, savedAddressId: myHome.id, size: large }),
      { now: NOW },
    );
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, result.bookingId));
    // The saved vehicle's size wins over anything sent: small is priced 8500 / 180 min.
    expect(b).toMatchObject({
      customerId: me.id,
      vehicleId: mine.id,
      addressId: myHome.id,
      totalMinor: 8500,
    });
    expect(b?.vehicleSnapshot).toMatchObject({ registration: "AB12CDE", sizeName: "Small" });
    expect(b?.addressSnapshot).toMatchObject({ postcode: "SW9 7AA", hasPower: true });
    const [event] = await t.db
      .select()
      .from(bookingEvents)
      .where(eq(bookingEvents.bookingId, result.bookingId));
    expect(event?.actorId).toBe(me.id);
  });

  it("asks a signed-in customer about the site each time: the booking keeps the answers, the address remembers them", async () => {
    const me = await insertUser(t.db);
    const car = await insertVehicle(t.db, { ownerId: me.id, vehicleSizeId: small });
    // Answered long ago: a tap, no power; covered space never answered.
    const home = await insertAddress(t.db, {
      ownerId: me.id,
      hasWater: true,
      hasPower: false,
      hasCoveredSpace: null,
    });
    const actor = { id: me.id, role: "customer" as const };
    const book = async (start: string, site?: Record<string, unknown>) => {
      const { bookingId } = await createBooking(
        t.db,
        actor,
        createBookingInput.parse({
          run: newRunId(),
          runSecret: newRunId(),
          service: slugs.pkg,
          addons: [],
          start: at(start, addDays(DAY, 16)).toISOString(),
          acceptPolicies: true,
          savedVehicleId: car.id,
          savedAddressId: home.id,
          site,
        }),
        { now: NOW },
      );
      const [b] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
      const [a] = await t.db.select().from(addresses).where(eq(addresses.id, home.id));
      return { snapshot: b?.addressSnapshot, address: a };
    };

    // The review's radios: the tap has gone, power now "not sure", covered space yes.
    const first = await book("09:00", { hasWater: "false", hasPower: "", hasCoveredSpace: "true" });
    expect(first.snapshot).toMatchObject({ hasWater: false, hasPower: null, hasCoveredSpace: true });
    expect(first.address).toMatchObject({ hasWater: false, hasPower: null, hasCoveredSpace: true });

    // Nothing answered is "not answered" on the booking — never "no".
    const second = await book("14:00", { hasWater: "", hasPower: "", hasCoveredSpace: "" });
    expect(second.snapshot).toMatchObject({ hasWater: null, hasPower: null, hasCoveredSpace: null });
    expect(second.address).toMatchObject({ hasWater: null, hasPower: null, hasCoveredSpace: null });
  });

  it("saves a signed-in customer's new vehicle and address to their account", async () => {
    const me = await insertUser(t.db);
    const result = await createBooking(
      t.db,
      { id: me.id, role: "customer" },
      createBookingInput.parse({
        run: newRunId(),
        runSecret: newRunId(),
        service: slugs.pkg,
        size: medium,
        postcode: "SW9 1AA",
        start: at("15:30", addDays(DAY, 3)).toISOString(),
        vehicleDetails: { make: "Ford", model: "Focus", registration: "xy70 abc" },
        addressDetails: { label: "Work", line1: "5 Office Road", town: "London", hasWater: true },
        contact: { name: "Ignored", email: "ignored@example.test", phone: "07700 900000" },
        acceptPolicies: true,
      }),
      { now: NOW },
    );
    const [v] = await t.db.select().from(vehicles).where(eq(vehicles.ownerId, me.id));
    const [a] = await t.db.select().from(addresses).where(eq(addresses.ownerId, me.id));
    expect(v).toMatchObject({ registration: "XY70ABC", vehicleSizeId: medium, isDefault: true });
    expect(a).toMatchObject({ label: "Work", postcode: "SW9 1AA", hasWater: true, isDefault: true });
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, result.bookingId));
    expect(b).toMatchObject({ customerId: me.id, vehicleId: v?.id, addressId: a?.id });
    expect(await t.db.select().from(users).where(eq(users.email, "ignored@example.test"))).toEqual([]);
  });

  it("keeps a guest's vehicle and address on the account they then set a password on, once each (issue 27 #6)", async () => {
    const email = guestEmail();
    const contact = { name: "Gita Guest", email, phone: "07700 900222", hasWater: true };
    const first = await createBooking(
      t.db,
      null,
      guestInput({ start: at("09:00", addDays(DAY, 23)).toISOString(), contact }),
      { now: NOW },
    );
    const [user] = await t.db.select().from(users).where(eq(users.email, email));
    const ownerId = user?.id ?? "";
    const garage = async () => ({
      vehicles: await t.db.select().from(vehicles).where(eq(vehicles.ownerId, ownerId)),
      addresses: await t.db.select().from(addresses).where(eq(addresses.ownerId, ownerId)),
    });
    const kept = await garage();
    expect(kept.vehicles).toMatchObject([
      { make: "Volkswagen", model: "Golf", registration: "LB19XKT", vehicleSizeId: medium, isDefault: true },
    ]);
    // The site answers are the ones the guest gave on the details step.
    expect(kept.addresses).toMatchObject([
      { line1: "1 Acre Lane", town: "London", postcode: "SW9 8AB", hasWater: true, isDefault: true },
    ]);
    const linked = async (bookingId: string) =>
      (await t.db.select().from(bookings).where(eq(bookings.id, bookingId)))[0];
    expect(await linked(first.bookingId)).toMatchObject({
      vehicleId: kept.vehicles[0]?.id,
      addressId: kept.addresses[0]?.id,
    });

    // Booking again as a guest before choosing a password, the same car and address typed differently.
    const again = await createBooking(
      t.db,
      null,
      guestInput({
        start: at("13:00", addDays(DAY, 23)).toISOString(),
        contact,
        postcode: "SW98AB",
        vehicleDetails: { make: "VW", model: "Golf", registration: "Lb19Xkt" },
        addressDetails: { line1: "  1 ACRE   lane ", town: "London" },
      }),
      { now: NOW },
    );
    expect((await garage()).vehicles).toHaveLength(1);
    expect((await garage()).addresses).toHaveLength(1);
    expect(await linked(again.bookingId)).toMatchObject({
      vehicleId: kept.vehicles[0]?.id,
      addressId: kept.addresses[0]?.id,
    });

    // The guest sets a password from the link in their confirmation: the account shows what they booked with.
    const [confirmation] = await t.db
      .select()
      .from(emails)
      .where(and(eq(emails.to, email), eq(emails.template, "booking-confirmed")));
    const setupUrl = (confirmation?.data as { setupUrl: string }).setupUrl;
    const token = new URL(setupUrl).searchParams.get("token") ?? "";
    forgetAuthForTests();
    await resetPasswordWithToken(
      t.db,
      { ip: "10.9.9.9", headers: new Headers() },
      { token, password: "Gita-Own-Choice-2026", confirmPassword: "Gita-Own-Choice-2026" },
    );
    expect(await hasPassword(t.db, ownerId)).toBe(true);

    // Signed in now, booking with the same car and address typed anew: still one of each.
    const signedIn = await createBooking(
      t.db,
      { id: ownerId, role: "customer" },
      createBookingInput.parse({
        run: newRunId(),
        runSecret: newRunId(),
        service: slugs.pkg,
        size: medium,
        postcode: "sw9 8ab",
        start: at("15:30", addDays(DAY, 23)).toISOString(),
        vehicleDetails: { make: "Volkswagen", model: "Golf", registration: "LB19 XKT" },
        addressDetails: { line1: "1 acre lane", town: "London" },
        acceptPolicies: true,
      }),
      { now: NOW },
    );
    expect(await linked(signedIn.bookingId)).toMatchObject({
      vehicleId: kept.vehicles[0]?.id,
      addressId: kept.addresses[0]?.id,
    });
    // Someone not signed in who types this email now changes nothing of the claimed account.
    await createBooking(
      t.db,
      null,
      guestInput({
        start: at("09:00", addDays(DAY, 24)).toISOString(),
        contact,
        vehicleDetails: { make: "Ford", model: "Ka", registration: "ZZ11 ZZZ" },
      }),
      { now: NOW },
    );
    const after = await garage();
    expect(after.vehicles.map((v) => v.registration)).toEqual(["LB19XKT"]);
    expect(after.addresses).toHaveLength(1);
  });

  it("refuses an admin's session", async () => {
    const admin = await insertUser(t.db, { role: "admin" });
    const err = await rejection(
      createBooking(t.db, { id: admin.id, role: "admin" }, guestInput(), { now: NOW }),
    );
    expect(err.code).toBe("FORBIDDEN");
  });

  it("refuses a technician's session (one person, one role: ADR 0053)", async () => {
    const tech = await insertUser(t.db, { role: "staff" });
    const err = await rejection(
      createBooking(t.db, { id: tech.id, role: "staff" }, guestInput(), { now: NOW }),
    );
    expect(err.code).toBe("FORBIDDEN");
    expect(err.message).toMatch(/technician/);
  });

  it("lets exactly two of fifty racing submissions for the last free time through — the rest 'taken'", async () => {
    const start = at("12:00", addDays(DAY, 7));
    const results = await Promise.allSettled(
      Array.from({ length: 50 }, () =>
        createBooking(t.db, null, guestInput({ start: start.toISOString(), addons: [] }), { now: NOW }),
      ),
    );
    const ok = results.filter((r) => r.status === "fulfilled");
    const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
    expect(ok).toHaveLength(2);
    expect(refused).toHaveLength(48);
    for (const e of refused) {
      expect(e).toBeInstanceOf(AppError);
      expect(e).toMatchObject({
        code: "SLOT_TAKEN",
        fieldErrors: { start: [expect.stringMatching(/just taken/)] },
      });
    }
    const teams = await t.db
      .select({ teamId: bookings.teamId })
      .from(bookings)
      .where(eq(bookings.startsAt, start));
    expect(new Set(teams.map((r) => r.teamId)).size).toBe(2);
    // The losers' password-less accounts were rolled back with their attempt.
    const guests = await t.db
      .select()
      .from(users)
      .where(like(users.email, `guest-${kind}-%`));
    const withBookings = await t.db
      .select({ id: bookings.customerId })
      .from(bookings)
      .where(
        inArray(
          bookings.customerId,
          guests.map((g) => g.id),
        ),
      );
    expect(new Set(withBookings.map((r) => r.id)).size).toBe(guests.length);
  });

  it("follows the payment mode: on the day confirms (or awaits approval), deposit and full hold for payment", async () => {
    await t.db.update(settings).set({ approvalRequired: true });
    const approval = await createBooking(
      t.db,
      null,
      guestInput({ start: at("08:30", addDays(DAY, 8)).toISOString() }),
      {
        now: NOW,
      },
    );
    expect(approval.status).toBe("awaiting_approval");
    // Approval first, even when the mode takes money online: no payment (it would confirm the booking).
    await t.db.update(settings).set({ paymentMode: "full", approvalRequired: true });
    const vetted = await createBooking(
      t.db,
      null,
      guestInput({ start: at("10:00", addDays(DAY, 8)).toISOString() }),
      { now: NOW },
    );
    expect(vetted.status).toBe("awaiting_approval");
    expect(vetted.redirectTo).toMatch(/^\/booking\/success/);
    const [v] = await t.db.select().from(bookings).where(eq(bookings.id, vetted.bookingId));
    expect(v?.holdExpiresAt).toBeNull();

    await t.db.update(settings).set({ paymentMode: "deposit", approvalRequired: false, depositPercent: 15 });
    const deposit = await createBooking(
      t.db,
      null,
      guestInput({ start: at("11:30", addDays(DAY, 8)).toISOString() }),
      {
        now: NOW,
      },
    );
    expect(deposit.status).toBe("pending_payment");
    expect(deposit.redirectTo).not.toMatch(/^\/booking\/success/);
    const [d] = await t.db.select().from(bookings).where(eq(bookings.id, deposit.bookingId));
    expect(d?.depositDueMinor).toBe(Math.ceil((11500 * 15) / 100)); // 1725
    expect(d?.holdExpiresAt?.getTime()).toBe(NOW.getTime() + 30 * 60_000);
    const [alloc] = await t.db.select().from(allocations).where(eq(allocations.bookingId, deposit.bookingId));
    expect(alloc).toMatchObject({ status: "pending_payment" });
    expect(alloc?.holdExpiresAt?.getTime()).toBe(NOW.getTime() + 30 * 60_000);

    await t.db.update(settings).set({ paymentMode: "full" });
    const full = await createBooking(
      t.db,
      null,
      guestInput({ start: at("14:30", addDays(DAY, 8)).toISOString() }),
      {
        now: NOW,
      },
    );
    const [f] = await t.db.select().from(bookings).where(eq(bookings.id, full.bookingId));
    expect(f).toMatchObject({ status: "pending_payment", depositDueMinor: 11500 });
  });

  describe("the emails of a new booking (issue 17)", () => {
    const mailTo = async (bookingId: string) =>
      (await t.db.select().from(emails).where(eq(emails.bookingId, bookingId))).map(
        (m) => `${m.template}→${m.to === settingsContact ? "business" : "customer"}`,
      );
    const settingsContact = "hello@shine.test";
    beforeEach(async () => {
      await t.db
        .update(settings)
        .set({ contactEmail: settingsContact, adminNotificationEmail: null, alertNewBookings: true });
    });

    it("a new guest's paid booking: one email to the customer (receipt, calendar, set-up link) and one to the business", async () => {
      overridePaymentProviders({ active: "test" });
      try {
        await t.db.update(settings).set({ paymentMode: "full" });
        const input = guestInput({ start: at("10:00", addDays(DAY, 21)).toISOString() });
        const made = await createBooking(t.db, null, input, { now: new Date() });
        // At the checkout: nobody is emailed yet — not the guest (no set-up email, no "complete your
        // booking"), not the business (no "new booking, awaiting payment").
        expect(await mailTo(made.bookingId)).toEqual([]);
        expect(
          await t.db
            .select()
            .from(emails)
            .where(eq(emails.to, input.contact?.email ?? "")),
        ).toEqual([]);
        const token = new URL(made.redirectTo).searchParams.get("checkout") ?? "";
        await completeTestCheckout(token, "pay");
        expect((await mailTo(made.bookingId)).sort()).toEqual([
          "booking-confirmed→customer",
          "booking-new-admin→business",
        ]);
        const [confirmed] = await t.db
          .select()
          .from(emails)
          .where(and(eq(emails.bookingId, made.bookingId), eq(emails.template, "booking-confirmed")));
        expect(confirmed?.attachments.map((a) => a.filename)).toEqual([`${made.reference}.ics`]);
        expect(confirmed?.data).toMatchObject({
          receipt: { amount: "£115.00" },
          setupUrl: expect.stringContaining("/auth/setup-password?token="),
          // Three weeks ahead: free until a local time 24 hours before, and a reminder (issue 27 #4).
          promises: [
            expect.stringMatching(
              /^Cancel free of charge until \w{3} \d{1,2} \w{3}, \d\d:\d\d (GMT|BST) \(24 hours before the start\)\. Later than that, cancelling costs £\d+\.\d\d/,
            ),
            expect.stringMatching(
              /^We'll email you a reminder with a site checklist on \w{3} \d{1,2} \w{3}, /,
            ),
          ],
        });
        // And all the guest's mail is that one email.
        expect(
          await t.db
            .select()
            .from(emails)
            .where(eq(emails.to, input.contact?.email ?? "")),
        ).toHaveLength(1);
      } finally {
        overridePaymentProviders(undefined);
      }
    });

    it("a booking made inside the free window and the reminder lead is promised neither (issue 27 #4)", async () => {
      await t.db.update(settings).set({ freeCancellationHours: 720, reminderLeadHours: 336 });
      try {
        const made = await createBooking(
          t.db,
          null,
          guestInput({ start: at("15:00", addDays(DAY, 2)).toISOString() }),
          { now: NOW },
        );
        const [confirmed] = await t.db
          .select()
          .from(emails)
          .where(and(eq(emails.bookingId, made.bookingId), eq(emails.template, "booking-confirmed")));
        expect((confirmed?.data as { promises: string[] }).promises).toEqual([
          "This booking starts within 30 days, the free-cancellation window, but nothing is paid before the day, so cancelling costs nothing — please tell us as soon as you can.",
        ]);
      } finally {
        await t.db.update(settings).set({ freeCancellationHours: 24, reminderLeadHours: 24 });
      }
    });

    it("a booking awaiting approval: 'request received' to the customer, 'new booking' to the business", async () => {
      await t.db.update(settings).set({ approvalRequired: true });
      const made = await createBooking(
        t.db,
        null,
        guestInput({ start: at("14:00", addDays(DAY, 21)).toISOString() }),
        { now: NOW },
      );
      expect((await mailTo(made.bookingId)).sort()).toEqual([
        "booking-new-admin→business",
        "booking-received→customer",
      ]);
    });

    it("the business that turned new-booking alerts off gets none; the customer still gets theirs", async () => {
      await t.db.update(settings).set({ alertNewBookings: false });
      const made = await createBooking(
        t.db,
        null,
        guestInput({ start: at("10:00", addDays(DAY, 22)).toISOString() }),
        { now: NOW },
      );
      expect(await mailTo(made.bookingId)).toEqual(["booking-confirmed→customer"]);
    });
  });

  it("explains a lapsed hold when the same run is submitted again after it expired", async () => {
    await t.db.update(settings).set({ paymentMode: "full" });
    const input = guestInput({ start: at("09:00", addDays(DAY, 9)).toISOString() });
    const long = new Date(NOW.getTime() - 60 * 60_000);
    // (A checkout for a hold already past may be refused; the booking is made either way.)
    await createBooking(t.db, null, input, { now: long }).catch(() => null);
    const [held] = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.idempotencyKey, idempotencyKeyFor(input.run)));
    expect(held?.status).toBe("pending_payment");
    const err = await rejection(createBooking(t.db, null, input, { now: NOW }));
    expect(err.code).toBe("SLOT_TAKEN");
    expect(err.fieldErrors?.start?.[0]).toMatch(/held time ran out/);

    // The way back: the date step with the same choices, the reason, and a fresh run for this tab.
    const href = (await rebookHref(t.db, held?.id ?? "")) ?? "";
    expect(href).toBe(
      `/book?service=${slugs.pkg}&size=${medium}&addons=${slugs.addon}&postcode=SW9%208AB&date=${addDays(DAY, 9)}&step=time&notice=expired&run=${input.run}`,
    );
    const page = await loadWizardPage(Object.fromEntries(new URL(href, "http://x").searchParams), null, NOW);
    expect(page.kind === "wizard" && page.step).toBe("time");
    expect(page.kind === "wizard" && page.runLapsed).toBe(true);
    expect(page.kind === "wizard" && page.message).toMatch(/held time ran out/);
  });

  describe("the wizard's pages and step checks", () => {
    const RUN = "WizardPageTestRun00000";

    it("shows the step asked for only when every step before it holds", async () => {
      const stranger = await insertUser(t.db);
      const theirs = await insertVehicle(t.db, { ownerId: stranger.id, vehicleSizeId: medium });
      // A guest following a link with someone's saved vehicle: not chosen, so back to the vehicle step.
      const page = await loadWizardPage(
        { service: slugs.pkg, vehicle: theirs.id, step: "addons", run: RUN },
        null,
        NOW,
      );
      expect(page).toEqual({
        kind: "redirect",
        href: `/book?service=${slugs.pkg}&vehicle=${theirs.id}&step=vehicle&run=${RUN}`,
      });
      // The signed-in owner gets it.
      const own = await loadWizardPage(
        { service: slugs.pkg, vehicle: theirs.id, step: "addons", run: RUN },
        { id: stranger.id, role: "customer" },
        NOW,
      );
      expect(own.kind === "wizard" && own.step).toBe("addons");
      expect(own.kind === "wizard" && own.summary?.vehicle).toMatch(/Volkswagen Golf/);
      expect(await loadWizardPage({}, { id: stranger.id, role: "admin" }, NOW)).toEqual({
        kind: "team",
        role: "admin",
      });
      expect(await loadWizardPage({}, { id: stranger.id, role: "staff" }, NOW)).toEqual({
        kind: "team",
        role: "staff",
      });
    });

    it("chooses a signed-in customer's default vehicle and address when they reach those steps", async () => {
      const me = await insertUser(t.db);
      const viewer = { id: me.id, role: "customer" as const };
      await insertVehicle(t.db, { ownerId: me.id, vehicleSizeId: small, make: "Ford", model: "Ka" });
      const van = await insertVehicle(t.db, { ownerId: me.id, vehicleSizeId: large, isDefault: true });
      // The default is a large van, and Full Valet is not offered for large: nothing is chosen for them.
      const notOffered = await loadWizardPage({ service: slugs.pkg, step: "vehicle", run: RUN }, viewer, NOW);
      expect(notOffered.kind === "wizard" && notOffered.state.vehicle).toBeNull();
      await t.db.update(vehicles).set({ isDefault: false }).where(eq(vehicles.id, van.id));
      const car = await insertVehicle(t.db, { ownerId: me.id, vehicleSizeId: medium, isDefault: true });
      expect(await loadWizardPage({ service: slugs.pkg, step: "vehicle", run: RUN }, viewer, NOW)).toEqual({
        kind: "redirect",
        href: `/book?service=${slugs.pkg}&vehicle=${car.id}&step=vehicle&run=${RUN}`,
      });
      // A size picked for a new vehicle (or another saved one) is their choice: it stays.
      const picked = await loadWizardPage(
        { service: slugs.pkg, size: small, step: "vehicle", run: RUN },
        viewer,
        NOW,
      );
      expect(picked.kind === "wizard" && picked.state.vehicle).toBeNull();

      await insertAddress(t.db, { ownerId: me.id, label: "Work", postcode: "SE10 9NN" });
      const home = await insertAddress(t.db, { ownerId: me.id, label: "Home", isDefault: true });
      const atAddress = { service: slugs.pkg, vehicle: car.id, addons: "", step: "address", run: RUN };
      expect(await loadWizardPage(atAddress, viewer, NOW)).toEqual({
        kind: "redirect",
        href: `/book?service=${slugs.pkg}&vehicle=${car.id}&addons=&address=${home.id}&step=address&run=${RUN}`,
      });
      // A postcode carried in from the home page is a choice too; and a guest has no defaults.
      const carried = await loadWizardPage({ ...atAddress, postcode: "SE10 9NN" }, viewer, NOW);
      expect(carried.kind === "wizard" && carried.state.address).toBeNull();
      const guest = await loadWizardPage({ service: slugs.pkg, step: "vehicle", run: RUN }, null, NOW);
      expect(guest.kind === "wizard" && guest.state.vehicle).toBeNull();
    });

    it("sends a review whose time has gone back to the date step, with the reason", async () => {
      const start = at("09:00", addDays(DAY, 14));
      const params = {
        service: slugs.pkg,
        size: medium,
        addons: "",
        postcode: "SW9 8AB",
        date: addDays(DAY, 14),
        start: start.toISOString(),
        run: RUN,
      };
      const review = await loadWizardPage({ ...params, step: "review" }, null, NOW);
      expect(review.kind === "wizard" && review.step).toBe("review");
      expect(review.kind === "wizard" && review.summary?.totalMinor).toBe(9500);
      // Both vans taken meanwhile.
      for (let i = 0; i < 2; i++)
        await createBooking(t.db, null, guestInput({ start: start.toISOString(), addons: [] }), { now: NOW });
      const again = await loadWizardPage({ ...params, step: "review" }, null, NOW);
      expect(again.kind).toBe("redirect");
      const time = await loadWizardPage({ ...params, step: "time" }, null, NOW);
      expect(time.kind === "wizard" && time.message).toMatch(/is no longer available/);
      expect(
        time.kind === "wizard" && time.times?.slots.some((s) => s.start.getTime() === start.getTime()),
      ).toBe(false);
      expect(time.kind === "wizard" && time.times?.selected).toBe(addDays(DAY, 14));
    });

    it("checks a step's details on the server and answers with the next step's address", async () => {
      const vehicle = await checkWizardStep(
        t.db,
        wizardStepInput.parse({
          step: "vehicle",
          run: RUN,
          service: slugs.pkg,
          size: medium,
          make: "Ford",
          model: "Focus",
          registration: "ab12 cde",
        }),
      );
      expect(vehicle).toEqual({
        redirectTo: `/book?service=${slugs.pkg}&size=${medium}&step=addons&run=${RUN}`,
        values: { make: "Ford", model: "Focus", registration: "AB12CDE", colour: null },
      });
      const notOffered = await rejection(
        checkWizardStep(
          t.db,
          wizardStepInput.parse({
            step: "vehicle",
            run: RUN,
            service: slugs.pkg,
            size: large,
            make: "Ford",
            model: "Focus",
            registration: "ab12 cde",
          }),
        ),
      );
      expect(notOffered.fieldErrors?.size?.[0]).toMatch(/isn't offered for large vehicles/);
      const outside = await rejection(
        checkWizardStep(
          t.db,
          wizardStepInput.parse({
            step: "address",
            run: RUN,
            service: slugs.pkg,
            postcode: "n19gu",
            line1: "1 Road",
            town: "London",
          }),
        ),
      );
      expect(outside.fieldErrors).toEqual({
        postcode: ["Sorry — we don't cover N1 9GU yet. Call us: we may still be able to help."],
      });
      const address = await checkWizardStep(
        t.db,
        wizardStepInput.parse({
          step: "address",
          run: RUN,
          service: slugs.pkg,
          size: medium,
          addons: "",
          postcode: "se109nf",
          line1: "1 Road",
          town: "London",
        }),
      );
      expect(address.redirectTo).toBe(
        `/book?service=${slugs.pkg}&size=${medium}&addons=&postcode=SE10%209NF&step=time&run=${RUN}`,
      );
    });
  });
});

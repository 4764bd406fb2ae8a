import { randomUUID } from "node:crypto";
import { and, count, eq } from "drizzle-orm";
import { bookingParts } from "@/lib/day-parts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addDays, localDateOf, localToInstant } from "@/lib/dates";
import { expireHolds } from "@/modules/bookings/server";
import { startCheckout } from "@/modules/payments/server/checkout/checkout";
import { completeTestCheckout } from "@/modules/payments/server/test-checkout";
import { askForTimeInput, proposeTimeInput } from "@/modules/time-requests/time-request-schemas";
import {
  askForTime,
  closeTimeRequest,
  declineProposal,
  getRequestSlotDay,
  proposeTime,
  withdrawTimeRequest,
} from "@/modules/time-requests/server";
import {
  getMyTimeRequest,
  listTimeRequestsForAdmin,
} from "@/modules/time-requests/server/time-request-views";
import { DAY_MESSAGES } from "@/modules/time-requests/domain/time-request-rules";
import { loadActionQueue } from "@/modules/today/server/admin-today-queue";
import { setDatabaseForProcess } from "@/server/db";
import { allocations, bookings, emails, timeRequests, vehicles } from "@/server/db/schema";
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
} from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// "Ask for a time" (issue 40 §3, ADR 0057): a customer whose visit fits no day they can book online names the
// days that suit them; the business proposes a time, made as a phone booking paid by a link — waiting for
// payment, its time held by reserve() for 48 hours — and the customer pays (booked) or declines (the time is
// freed). An unpaid proposal lapses through the hold-expiry path. Bad input writes nothing; each person
// sees and changes only what is theirs.

const TZ = "Europe/London";
const today = () => localDateOf(new Date(), TZ);
/** A day `n` days from today, at `hhmm` local time. */
const at = (n: number, minutes: number) => localToInstant(addDays(today(), n), minutes, TZ) as Date;

describe.each(dbKinds)("requests for a time, on %s", (kind) => {
  let t: TestDatabase;
  let adminId: string;
  let team: string;
  let medium: string;
  let slugs: { valet: string; coating: string };
  const customers: { id: string; vehicleId: string; addressId: string }[] = [];
  const admin = () => ({ id: adminId, ip: "198.51.100.7" });
  const as = (i: number) => ({ id: customers[i]?.id ?? "" });

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, {
      businessName: "Shine Street",
      contactEmail: "hello@shine.test",
      adminNotificationEmail: "office@shine.test",
      timeZone: TZ,
      slotIntervalMinutes: 60,
      bufferMinutes: 0,
      minNoticeMinutes: 0,
      horizonDays: 60,
      holdMinutes: 30,
      paymentMode: "full",
    });
    // Every day 08:00–12:30 and 13:00–17:00: 8 h 30 min of work at most.
    const day: [number, number][] = [
      [8 * 60, 12 * 60 + 30],
      [13 * 60, 17 * 60],
    ];
    await insertWeeklyHours(t.db, { 1: day, 2: day, 3: day, 4: day, 5: day, 6: day, 7: day });
    team = (await insertTeam(t.db, { name: "Van 1" })).id;
    adminId = (await insertUser(t.db, { name: "Owner", role: "admin" })).id;
    const cat = await insertCategory(t.db, { name: "Detailing" });
    medium = (await insertVehicleSize(t.db, { name: "Medium" })).id;
    const valet = await insertService(t.db, { categoryId: cat.id, name: "Full Valet", kind: "package" });
    const coating = await insertService(t.db, {
      categoryId: cat.id,
      name: "Ceramic Coating",
      kind: "package",
    });
    await insertPrice(t.db, {
      serviceId: valet.id,
      vehicleSizeId: medium,
      priceMinor: 9500,
      durationMinutes: 120,
    });
    await insertPrice(t.db, {
      serviceId: coating.id,
      vehicleSizeId: medium,
      priceMinor: 45000,
      durationMinutes: 600,
    });
    await insertZone(t.db, {
      name: "Greenwich",
      postcodePrefixes: ["SE10"],
      travelFeeMinor: 0,
      travelBufferMinutes: 0,
    });
    slugs = { valet: valet.slug, coating: coating.slug };
    for (const name of ["Cora Customer", "Olly Other"]) {
      const u = await insertUser(t.db, { name, phone: "07700 900123" });
      const v = await insertVehicle(t.db, {
        ownerId: u.id,
        vehicleSizeId: medium,
        make: "Volvo",
        model: "XC90",
      });
      const a = await insertAddress(t.db, { ownerId: u.id, postcode: "SE10 9NF", line1: "3 Park Row" });
      customers.push({ id: u.id, vehicleId: v.id, addressId: a.id });
    }
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  /** The wizard's choices of a customer's saved vehicle and address, and a fresh run. */
  const choices = (i: number, service: string, run = randomUUID().replaceAll("-", "")) =>
    `service=${service}&vehicle=${customers[i]?.vehicleId}&addons=&address=${customers[i]?.addressId}&run=${run}`;
  const ask = (i: number, raw: Record<string, unknown>) =>
    askForTime(t.db, as(i), askForTimeInput.parse(raw));
  const days = (...offsets: number[]) =>
    Object.fromEntries(
      offsets.flatMap((n, i) => [
        [`days.${i}.date`, addDays(today(), n)],
        [`days.${i}.part`, "any"],
      ]),
    );
  const requestOf = async (id: string) =>
    (await t.db.select().from(timeRequests).where(eq(timeRequests.id, id)))[0];
  const bookingOf = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];
  const allocationOf = async (bookingId: string) =>
    (await t.db.select().from(allocations).where(eq(allocations.bookingId, bookingId)))[0];
  const mail = (template: string) => t.db.select().from(emails).where(eq(emails.template, template));
  const tally = async () => {
    const [r] = await t.db.select({ n: count() }).from(timeRequests);
    const [e] = await t.db.select({ n: count() }).from(emails);
    return { requests: r?.n, emails: e?.n };
  };
  const propose = (requestId: string, start: Date, message: string | null = null) =>
    proposeTime(
      t.db,
      admin(),
      proposeTimeInput.parse({
        requestId,
        run: randomUUID(),
        start: start.toISOString(),
        teamId: team,
        message,
      }),
    );
  const refusal = async (p: Promise<unknown>) => {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err).toBeInstanceOf(AppError);
    return err as AppError;
  };

  it("keeps the visit as the wizard priced it, the days that suit (sorted), why, and sends both emails", async () => {
    const { requestId, redirectTo } = await ask(0, {
      choices: choices(0, slugs.coating),
      ...days(9, 3),
      "days.0.part": "afternoon",
      note: "Side gate <code 4821>",
    });
    expect(redirectTo).toBe(`/dashboard/bookings/requests/${requestId}?sent=1`);
    const r = await requestOf(requestId);
    expect(r).toMatchObject({
      customerId: customers[0]?.id,
      status: "open",
      // 10 h that may span breaks runs over two days (ADR 0056): it could be booked, none of its times suit.
      reason: "no_times",
      workMinutes: 600,
      spansBreaks: true,
      note: "Side gate <code 4821>",
      days: [
        { date: addDays(today(), 3), part: "any" },
        { date: addDays(today(), 9), part: "afternoon" },
      ],
    });
    expect(r?.visit).toMatchObject({
      service: slugs.coating,
      savedVehicleId: customers[0]?.vehicleId,
      savedAddressId: customers[0]?.addressId,
      serviceName: "Ceramic Coating",
      totalMinor: 45000,
      lines: [{ name: "Ceramic Coating", priceMinor: 45000 }],
    });
    const [toCustomer] = await mail("time-request-received");
    expect(toCustomer?.userId).toBe(customers[0]?.id);
    const [toBusiness] = await mail("time-request-admin");
    expect(toBusiness).toMatchObject({ to: "office@shine.test" });
    expect(toBusiness?.data).toMatchObject({ kind: "new", customerName: "Cora Customer" });
  });

  it("bad input writes nothing: no days, past days, too many, a day twice, a visit that changed, lost details", async () => {
    const before = await tally();
    const fields = async (raw: Record<string, unknown>) =>
      (await refusal(ask(0, { choices: choices(0, slugs.coating), ...raw }))).fieldErrors;
    expect(await fields({})).toEqual({ days: [DAY_MESSAGES.none] });
    expect(await fields(days(-1))).toEqual({ "days.0.date": [DAY_MESSAGES.past] });
    expect(await fields(days(0))).toEqual({ "days.0.date": [DAY_MESSAGES.past] });
    expect(await fields(days(...Array.from({ length: 15 }, (_, i) => i + 1)))).toEqual({
      days: [DAY_MESSAGES.tooMany],
    });
    expect(await fields(days(4, 4))).toEqual({ "days.1.date": [DAY_MESSAGES.twice] });
    expect(Object.keys((await fields({ ...days(61) })) ?? {})).toEqual(["days.0.date"]);
    // A package that is gone, or someone else's saved vehicle: the visit can't be booked as it is.
    const gone = await refusal(ask(0, { choices: choices(0, "no-such-package"), ...days(3) }));
    expect(Object.keys(gone.fieldErrors ?? {})).toEqual(["visit"]);
    const notMine = await refusal(
      ask(0, {
        choices: `service=${slugs.coating}&vehicle=${customers[1]?.vehicleId}&address=${customers[0]?.addressId}`,
        ...days(3),
      }),
    );
    expect(Object.keys(notMine.fieldErrors ?? {})).toEqual(["visit"]);
    // A vehicle typed in the wizard whose details this tab lost.
    const lost = await refusal(
      ask(0, {
        choices: `service=${slugs.coating}&size=${medium}&address=${customers[0]?.addressId}`,
        ...days(3),
      }),
    );
    expect(Object.keys(lost.fieldErrors ?? {})).toEqual(["details"]);
    expect(await tally()).toEqual(before);
  });

  it("a vehicle and an address typed in the wizard travel with the request; one run asked twice is one request", async () => {
    const raw = {
      choices: `service=${slugs.valet}&size=${medium}&addons=&postcode=SE10%208XJ&run=abcdefghijklmnop1234`,
      vehicle: { make: "Audi", model: "A4", registration: "ab12 cde" },
      address: { line1: "14 Crooms Hill", town: "London" },
      ...days(5),
    };
    const first = await ask(1, raw);
    const again = await ask(1, raw);
    expect(again.requestId).toBe(first.requestId);
    const r = await requestOf(first.requestId);
    expect(r).toMatchObject({ reason: "no_times", workMinutes: 120 });
    expect(r?.visit).toMatchObject({
      savedVehicleId: null,
      vehicle: { make: "Audi", model: "A4", registration: "AB12CDE" },
      address: { line1: "14 Crooms Hill", town: "London" },
      postcode: "SE10 8XJ",
      vehicleLabel: "Audi A4 (AB12CDE)",
    });
  });

  it("each person sees and changes only what is theirs; only an admin sees the queue and proposes", async () => {
    const { requestId } = await ask(0, { choices: choices(0, slugs.valet), ...days(6) });
    expect((await getMyTimeRequest(t.db, customers[0]?.id ?? "", requestId)).status).toBe("open");
    expect((await refusal(getMyTimeRequest(t.db, customers[1]?.id ?? "", requestId))).code).toBe("NOT_FOUND");
    expect((await refusal(withdrawTimeRequest(t.db, as(1), { requestId }))).code).toBe("NOT_FOUND");
    expect((await refusal(listTimeRequestsForAdmin(t.db, as(0), "waiting"))).code).toBe("NOT_FOUND");
    expect(
      (
        await refusal(
          proposeTime(
            t.db,
            as(0),
            proposeTimeInput.parse({
              requestId,
              run: randomUUID(),
              start: at(6, 9 * 60).toISOString(),
              teamId: team,
            }),
          ),
        )
      ).code,
    ).toBe("NOT_FOUND");
    expect((await refusal(closeTimeRequest(t.db, as(0), { requestId, reason: "Not for me" }))).code).toBe(
      "NOT_FOUND",
    );
    expect(
      (await refusal(getRequestSlotDay(t.db, as(0), { requestId, date: addDays(today(), 6) }))).code,
    ).toBe("NOT_FOUND");
    // The business doesn't ask for a time as a customer.
    expect(
      (
        await refusal(
          ask(0, { choices: choices(0, slugs.valet), ...days(6) }).then(() =>
            askForTime(
              t.db,
              admin(),
              askForTimeInput.parse({ choices: choices(0, slugs.valet), ...days(6) }),
            ),
          ),
        )
      ).code,
    ).toBe("NOT_FOUND");
    const queue = await listTimeRequestsForAdmin(t.db, admin(), "waiting");
    expect(queue.requests.map((r) => r.id)).toContain(requestId);
    // Today's "Needs you" lists it, opening the request's page.
    const groups = await loadActionQueue(t.db, { now: new Date(), timeZone: TZ, unpaidWindowMinutes: 60 });
    const asks = groups.find((g) => g.kind === "time_request");
    expect(asks?.count).toBe(queue.waitingCount);
    expect(asks?.items.map((i) => i.href)).toContain(`/admin/time-requests/${requestId}`);
    expect((await getMyTimeRequest(t.db, customers[0]?.id ?? "", requestId)).status).toBe("open");
  });

  it("the business proposes: a booking waiting for payment holds the time for 48 h; the customer pays and it is booked", async () => {
    const { requestId } = await ask(0, { choices: choices(0, slugs.valet), ...days(7) });
    const day = await getRequestSlotDay(t.db, admin(), { requestId, date: addDays(today(), 7) });
    expect(day.slots[0]?.start).toBe(at(7, 8 * 60).toISOString());
    const before = Date.now();
    const { bookingId } = await propose(requestId, at(7, 9 * 60), "We'll bring the big van.");
    const b = await bookingOf(bookingId);
    expect(b).toMatchObject({
      status: "pending_payment",
      source: "admin",
      teamId: team,
      totalMinor: 9500,
      customerId: customers[0]?.id,
    });
    expect(b?.startsAt.toISOString()).toBe(at(7, 9 * 60).toISOString());
    expect(b?.endsAt.toISOString()).toBe(at(7, 11 * 60).toISOString());
    const hold = b?.holdExpiresAt?.getTime() ?? 0;
    expect(hold).toBeGreaterThanOrEqual(before + 48 * 3_600_000 - 5_000);
    expect(hold).toBeLessThanOrEqual(Date.now() + 48 * 3_600_000);
    expect(await allocationOf(bookingId)).toMatchObject({ status: "pending_payment", teamId: team });
    expect(await requestOf(requestId)).toMatchObject({
      status: "proposed",
      bookingId,
      proposedBy: adminId,
      response: "We'll bring the big van.",
    });
    // The time is held: the picker no longer offers 09:00.
    const after = await getRequestSlotDay(t.db, admin(), { requestId, date: addDays(today(), 7) });
    expect(after.slots.map((s) => s.start)).not.toContain(at(7, 9 * 60).toISOString());
    // One email, the proposal with its Pay link — not the usual "complete your booking".
    const sent = await t.db.select().from(emails).where(eq(emails.bookingId, bookingId));
    expect(sent.map((e) => e.template)).toEqual(["time-request-proposal"]);
    expect(sent[0]?.data).toMatchObject({
      payUrl: expect.stringContaining(`/booking/success?ref=${b?.reference}`),
    });
    expect((await getMyTimeRequest(t.db, customers[0]?.id ?? "", requestId)).payUrl).toContain(
      `ref=${b?.reference}`,
    );
    // A second proposal while one stands is refused, and writes no booking.
    const [{ n } = { n: 0 }] = await t.db.select({ n: count() }).from(bookings);
    expect((await refusal(propose(requestId, at(7, 13 * 60)))).code).toBe("CONFLICT");
    expect((await t.db.select({ n: count() }).from(bookings))[0]?.n).toBe(n);

    const { url } = await startCheckout(t.db, { id: customers[0]?.id ?? "" }, { bookingId });
    await completeTestCheckout(new URL(url).searchParams.get("checkout") ?? "", "pay");
    expect((await bookingOf(bookingId))?.status).toBe("confirmed");
    expect((await requestOf(requestId))?.status).toBe("booked");
    expect((await refusal(withdrawTimeRequest(t.db, as(0), { requestId }))).code).toBe("CONFLICT");
  });

  it("a visit longer than a day is proposed over consecutive working days; reserve()'s slot gives each day's part (ADR 0056)", async () => {
    const { requestId } = await ask(0, { choices: choices(0, slugs.coating), ...days(10) });
    const date = addDays(today(), 10);
    const day = await getRequestSlotDay(t.db, admin(), { requestId, date });
    // One start, at the day's opening: the visit runs on into the next day.
    expect(day.slots.map((s) => s.start)).toEqual([at(10, 8 * 60).toISOString()]);
    const { bookingId } = await propose(requestId, at(10, 8 * 60));
    const b = await bookingOf(bookingId);
    expect(b?.workMinutes).toBe(600);
    const parts = b ? bookingParts(b) : [];
    expect(parts).toHaveLength(2);
    expect(parts[0]?.start.toISOString()).toBe(at(10, 8 * 60).toISOString());
    expect(parts[1]?.start.toISOString()).toBe(at(11, 8 * 60).toISOString());
    expect(b?.endsAt).toEqual(parts[1]?.end);
    const held = await t.db.select().from(allocations).where(eq(allocations.bookingId, bookingId));
    expect(held).toHaveLength(2);
  });

  it("declining releases the held time through the booking's transition; the business hears and may propose again", async () => {
    const { requestId } = await ask(0, { choices: choices(0, slugs.valet), ...days(8) });
    const { bookingId } = await propose(requestId, at(8, 9 * 60));
    expect((await refusal(declineProposal(t.db, as(1), { requestId }))).code).toBe("NOT_FOUND");
    await declineProposal(t.db, as(0), { requestId });
    expect((await bookingOf(bookingId))?.status).toBe("cancelled");
    expect((await allocationOf(bookingId))?.status).toBe("released");
    expect((await requestOf(requestId))?.status).toBe("declined");
    const notices = await t.db
      .select()
      .from(emails)
      .where(and(eq(emails.template, "time-request-admin"), eq(emails.to, "office@shine.test")));
    expect(notices.some((e) => (e.data as { kind: string }).kind === "declined")).toBe(true);
    // The freed time can be proposed again.
    const again = await propose(requestId, at(8, 9 * 60));
    expect(await requestOf(requestId)).toMatchObject({ status: "proposed", bookingId: again.bookingId });
    // Withdrawing now releases that one too.
    await withdrawTimeRequest(t.db, as(0), { requestId });
    expect((await bookingOf(again.bookingId))?.status).toBe("cancelled");
    expect((await requestOf(requestId))?.status).toBe("withdrawn");
  });

  it("an unpaid proposal lapses through the hold-expiry path: the booking expires and the request shows expired", async () => {
    const { requestId } = await ask(1, { choices: choices(1, slugs.valet), ...days(12) });
    const { bookingId } = await propose(requestId, at(12, 13 * 60));
    await expireHolds(t.db, { now: new Date(Date.now() + 49 * 3_600_000) });
    expect((await bookingOf(bookingId))?.status).toBe("expired");
    expect((await requestOf(requestId))?.status).toBe("expired");
    const expired = await listTimeRequestsForAdmin(t.db, admin(), "waiting");
    expect(expired.requests.find((r) => r.id === requestId)).toMatchObject({
      status: "expired",
      statusLabel: "Proposal expired",
    });
  });

  it("the business closes a request it can't arrange, with a reason the customer reads; not while a time is proposed", async () => {
    const { requestId } = await ask(1, { choices: choices(1, slugs.valet), ...days(14) });
    await closeTimeRequest(t.db, admin(), { requestId, reason: "We're away that fortnight." });
    expect(await requestOf(requestId)).toMatchObject({
      status: "closed",
      response: "We're away that fortnight.",
    });
    const [closed] = (await mail("time-request-closed")).filter((e) => e.userId === customers[1]?.id);
    expect(closed?.data).toMatchObject({ reason: "We're away that fortnight." });
    expect((await refusal(withdrawTimeRequest(t.db, as(1), { requestId }))).code).toBe("CONFLICT");

    const other = await ask(1, { choices: choices(1, slugs.valet), ...days(15) });
    await propose(other.requestId, at(15, 9 * 60));
    expect(
      (await refusal(closeTimeRequest(t.db, admin(), { requestId: other.requestId, reason: "No" + "pe" })))
        .code,
    ).toBe("CONFLICT");
    // The customer's typed vehicle was saved to their account when the first proposal was made (phone path).
    const saved = await t.db
      .select()
      .from(vehicles)
      .where(eq(vehicles.ownerId, customers[1]?.id ?? ""));
    expect(saved.length).toBeGreaterThanOrEqual(1);
  });
});

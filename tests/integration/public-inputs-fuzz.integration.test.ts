import { BOOK_QUERY_KEYS } from "@/lib/booking/book-link";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as forgotPassword } from "@/app/api/account/forgot-password/route";
import { POST as login } from "@/app/api/account/login/route";
import { POST as register } from "@/app/api/account/register/route";
import { POST as resendVerification } from "@/app/api/account/resend-verification/route";
import { POST as resetPassword } from "@/app/api/account/reset-password/route";
import { POST as submitBooking } from "@/app/api/book/route";
import { POST as bookingStep } from "@/app/api/book/step/route";
import { resetEnvCache } from "@/env";
import { loadWizardPage } from "@/modules/wizard/server/wizard-page";
import { getPostcodeCheck } from "@/modules/catalogue/server/queries";
import { loadBookingResult } from "@/modules/wizard/server";
import { setDatabaseForProcess } from "@/server/db";
import {
  addresses,
  allocations,
  bookings,
  payments,
  sessions,
  users,
  vehicleSizes,
  vehicles,
} from "@/server/db/schema";
import { seedDemoBusiness } from "@/composition/seed/demo-business";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Issue 10 #5: no public input can make the app answer 500 or throw, and none writes anything. Every
// schema behind a public endpoint or page is fed random values, alone and inside otherwise valid input.
const KEY = "fuzz-peer-key-0123456789abcdef";
const ENV = {
  FORECOURT_PEER_KEY: KEY,
  BOOKING_RATE_LIMIT_PER_IP: "100000",
  AUTH_RATE_LIMIT_PER_IP: "100000",
  AUTH_RATE_LIMIT_PER_EMAIL: "10000",
} as const;
const saved = Object.fromEntries(Object.keys(ENV).map((k) => [k, process.env[k]]));
const RUNS = 40;

const post = (handler: (r: Request) => Promise<Response>, path: string, body: unknown) =>
  handler(
    new Request(`http://127.0.0.1:3000${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "x-forecourt-peer": `${KEY} 192.0.2.77` },
      body: typeof body === "string" ? body : JSON.stringify(body),
    }),
  );

// Dates the wizard can never offer (the past, and years ahead), so a random one can't make a booking.
const unbookableDate = fc.oneof(
  fc.date({
    min: new Date("0001-01-01T00:00:00Z"),
    max: new Date("2020-01-01T00:00:00Z"),
    noInvalidDate: true,
  }),
  fc.date({
    min: new Date("2100-01-01T00:00:00Z"),
    max: new Date("+275000-01-01T00:00:00Z"),
    noInvalidDate: true,
  }),
);
const dateText = fc.oneof(
  unbookableDate.map((d) => d.toISOString()),
  unbookableDate.map((d) => d.toISOString().slice(0, 10)),
  unbookableDate.map((d) => d.toISOString().slice(0, 7)),
  fc.constantFrom(
    "9999-12-30T10:00:00Z",
    "9999-12-31T23:59:59.000Z",
    "9999-12-31",
    "9999-12",
    "0000-01-01",
    "+010000-01-01T00:00:00Z",
  ),
  fc.string(),
);
const anyValue = fc.oneof(fc.anything(), dateText, fc.string({ maxLength: 300 }));

/** `base` with one field replaced (or removed), or nothing of it at all. */
function mutated(base: Record<string, unknown>, fieldValue: fc.Arbitrary<unknown> = anyValue) {
  return fc.oneof(
    fc
      .tuple(fc.constantFrom(...Object.keys(base)), fieldValue)
      .map(([key, value]) => ({ ...base, [key]: value })),
    fc.constantFrom(...Object.keys(base)).map((key) => {
      const copy = { ...base };
      delete copy[key];
      return copy;
    }),
    fc.anything(),
    fc.string(),
  );
}

describe.each(dbKinds)("random public input on %s", (kind) => {
  let t: TestDatabase;
  let sizeId = "";
  const counts = async () => ({
    bookings: await t.db.$count(bookings),
    allocations: await t.db.$count(allocations),
    payments: await t.db.$count(payments),
    users: await t.db.$count(users),
    sessions: await t.db.$count(sessions),
    vehicles: await t.db.$count(vehicles),
    addresses: await t.db.$count(addresses),
  });
  let before: Awaited<ReturnType<typeof counts>>;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoBusiness(t.db);
    setDatabaseForProcess(t);
    (globalThis as { __forecourtAuth?: unknown }).__forecourtAuth = undefined;
    Object.assign(process.env, ENV);
    resetEnvCache();
    const [size] = await t.db.select({ id: vehicleSizes.id }).from(vehicleSizes).limit(1);
    sizeId = size?.id ?? "";
    before = await counts();
  });
  afterAll(async () => {
    for (const [k, v] of Object.entries(saved)) {
      if (v === undefined) delete process.env[k];
      else process.env[k] = v;
    }
    resetEnvCache();
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  const booking = () => ({
    run: "AbCdEfGhIjKlMnOpQrStUv",
    runSecret: "ZyXwVuTsRqPoNmLkJiHgFe",
    service: "full-valet",
    size: sizeId,
    addons: [],
    postcode: "SW9 8AB",
    start: "9999-12-30T10:00:00Z",
    vehicleDetails: { make: "Ford", model: "Fiesta", registration: "AB12 CDE" },
    addressDetails: { line1: "1 Road", town: "London" },
    contact: { name: "Sam Fuzz", email: "sam.fuzz@example.test", phone: "07700 900000" },
    acceptPolicies: true,
  });

  it("a far-future start is a 400 with a message on the start field, not a 500", async () => {
    for (const start of ["9999-12-30T10:00:00Z", "9999-12-31T23:59:59.000Z", "2999-12-31T23:00:00Z"]) {
      const res = await post(submitBooking, "/api/book", { ...booking(), start });
      expect(res.status).toBe(400);
      const body = await res.json();
      expect(body.code).toBe("VALIDATION");
      expect(body.fieldErrors?.start).toEqual(["Choose a date and time."]);
    }
  });

  it("the wizard page treats an out-of-range date, month or start as not chosen", async () => {
    const page = await loadWizardPage(
      {
        service: "full-valet",
        size: sizeId,
        postcode: "SW9 8AB",
        month: "9999-12",
        date: "9999-12-31",
        start: "9999-12-31T23:59:59.000Z",
        step: "date",
      },
      null,
    );
    expect(page.kind).not.toBe("team");
    if (page.kind === "redirect") {
      expect(page.href).not.toContain("9999");
    } else if (page.kind !== "team") {
      expect(page.state.start).toBeNull();
      expect(page.state.date).toBeNull();
      expect(page.state.month).toBeNull();
    }
  });

  it("/api/book never answers 500", async () => {
    // Otherwise valid, but for a time no one can book: random starts reach the slot code.
    const base = { ...booking(), start: "2031-02-03T10:00:00Z" };
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          mutated(base),
          dateText.map((start) => ({ ...base, start })),
        ),
        async (body) => {
          const res = await post(submitBooking, "/api/book", body);
          expect(res.status, JSON.stringify(body)).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it("/api/book/step never answers 500", async () => {
    const steps = [
      {
        step: "vehicle",
        run: "AbCdEfGhIjKlMnOpQrStUv",
        service: "full-valet",
        size: sizeId,
        make: "Ford",
        model: "Ka",
        registration: "AB12 CDE",
      },
      {
        step: "address",
        run: "AbCdEfGhIjKlMnOpQrStUv",
        service: "full-valet",
        size: sizeId,
        postcode: "SW9 8AB",
        line1: "1 Road",
        town: "London",
        date: "2031-02-03",
        start: "2031-02-03T10:00:00Z",
      },
      {
        step: "details",
        run: "AbCdEfGhIjKlMnOpQrStUv",
        service: "full-valet",
        size: sizeId,
        postcode: "SW9 8AB",
        start: "9999-12-30T10:00:00Z",
        name: "Sam",
        email: "sam@example.test",
        phone: "07700 900000",
      },
    ];
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...steps).chain((s) => mutated(s)),
        async (body) => {
          const res = await post(bookingStep, "/api/book/step", body);
          expect(res.status, JSON.stringify(body)).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it("the /book page's search params never throw", async () => {
    const keys = BOOK_QUERY_KEYS;
    const paramValue = fc.oneof(
      dateText,
      fc.string(),
      fc.array(fc.string(), { maxLength: 3 }),
      fc.constant(undefined),
    );
    const base = { service: "full-valet", size: sizeId, postcode: "SW9 8AB", step: "date" };
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          fc.dictionary(fc.constantFrom(...keys), paramValue),
          fc.tuple(fc.constantFrom(...keys), paramValue).map(([k, v]) => ({ ...base, [k]: v })),
        ),
        async (params) => {
          await loadWizardPage(params as Record<string, string | string[] | undefined>, null);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("the account endpoints never answer 500", async () => {
    const endpoints = [
      [login, "/api/account/login", { email: "nobody@example.test", password: "Wrong-Password-123" }],
      [register, "/api/account/register", { name: "Sam", email: "x", password: "short" }],
      [forgotPassword, "/api/account/forgot-password", { email: "nobody@example.test" }],
      [resendVerification, "/api/account/resend-verification", { email: "nobody@example.test" }],
      [
        resetPassword,
        "/api/account/reset-password",
        { token: "not-a-token", password: "Tidy-Wheels-Arch-42" },
      ],
    ] as const;
    await fc.assert(
      fc.asyncProperty(
        fc
          .constantFrom(...endpoints)
          .chain(([handler, path, base]) =>
            mutated(base as Record<string, unknown>).map((body) => ({ handler, path, body })),
          ),
        async ({ handler, path, body }) => {
          const res = await post(handler, path, body);
          expect(res.status, `${path} ${JSON.stringify(body)}`).toBeLessThan(500);
        },
      ),
      { numRuns: RUNS * 2 },
    );
  });

  it("the payment result pages' params and the postcode checker never throw", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("success", "payment-complete", "payment-cancelled"),
        fc.option(
          fc.oneof(fc.string(), fc.constantFrom("FC-ABC123", "00000000-0000-4000-8000-000000000000")),
        ),
        fc.option(fc.string({ maxLength: 200 })),
        fc.string({ maxLength: 40 }),
        async (page, reference, token, postcode) => {
          const result = await loadBookingResult({
            page: page as "success",
            reference: reference ?? undefined,
            token: token ?? undefined,
            viewer: null,
          });
          expect(result).toBeNull();
          await getPostcodeCheck(postcode.slice(0, 20));
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("wrote nothing", async () => {
    expect(await counts()).toEqual(before);
  });
});

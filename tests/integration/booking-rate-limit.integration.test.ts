import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as submitBooking } from "@/app/api/book/route";
import { resetEnvCache } from "@/env";
import { setDatabaseForProcess } from "@/server/db";
import { insertSettings } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Each booking submission can hold a team's time for payment, so one connection gets a bounded number
// per hour (BOOKING_RATE_LIMIT_PER_IP) — then HTTP 429 with a clear message, whatever the body says.
describe.each(dbKinds)("booking submissions are rate limited per address on %s", (kind) => {
  let t: TestDatabase;
  const previous = process.env.BOOKING_RATE_LIMIT_PER_IP;
  const previousKey = process.env.FORECOURT_PEER_KEY;
  const key = "booking-rate-limit-test-key-0123";

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db);
    setDatabaseForProcess(t);
    process.env.BOOKING_RATE_LIMIT_PER_IP = "2";
    process.env.FORECOURT_PEER_KEY = key;
    resetEnvCache();
  });
  afterAll(async () => {
    if (previous === undefined) delete process.env.BOOKING_RATE_LIMIT_PER_IP;
    else process.env.BOOKING_RATE_LIMIT_PER_IP = previous;
    if (previousKey === undefined) delete process.env.FORECOURT_PEER_KEY;
    else process.env.FORECOURT_PEER_KEY = previousKey;
    resetEnvCache();
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  const submit = (ip: string) =>
    submitBooking(
      new Request("http://127.0.0.1:3000/api/book", {
        method: "POST",
        headers: { "Content-Type": "application/json", "x-forecourt-peer": `${key} ${ip}` },
        // Well formed, but for a service that doesn't exist: refused by the use case, yet counted.
        body: JSON.stringify({
          run: "AbCdEfGhIjKlMnOpQrStUv",
          runSecret: "ZyXwVuTsRqPoNmLkJiHgFe",
          service: "no-such-service",
          size: "00000000-0000-4000-8000-000000000000",
          postcode: "SW9 8AB",
          start: "2030-01-07T10:00:00.000Z",
          vehicleDetails: { make: "Ford", model: "Fiesta", registration: "AB12 CDE" },
          addressDetails: { line1: "1 Road", town: "London" },
          contact: { name: "Sam", email: "sam.limit@example.test", phone: "07700 900000" },
          acceptPolicies: true,
        }),
      }),
    );

  it("answers 429 after the limit, per client address", async () => {
    expect((await submit("203.0.113.7")).status).toBe(400);
    expect((await submit("203.0.113.7")).status).toBe(400);
    const limited = await submit("203.0.113.7");
    expect(limited.status).toBe(429);
    expect((await limited.json()).message).toMatch(/^Too many bookings from this connection\. Please wait/);
    expect((await submit("198.51.100.4")).status).toBe(400);
  });
});

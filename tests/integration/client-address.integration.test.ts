import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { POST as submitBooking } from "@/app/api/book/route";
import { POST as login } from "@/app/api/account/login/route";
import { setDatabaseForProcess } from "@/server/db";
import { clientIp } from "@/server/http";
import { insertSettings } from "@tests/factories";
import { stampPeer } from "../../scripts/peer.mjs";
import { envOverrides } from "../support/env";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Issue 10 #2: with no proxy in front, X-Forwarded-For is the client's own text, so it must not choose
// the address that rate limits count. The socket peer comes from scripts/server.mjs in a header that
// carries a per-start key.
const KEY = "per-start-key-0123456789abcdef";
const env = envOverrides();
const setEnv = env.set;
const restoreEnv = env.restore;

const bookingBody = JSON.stringify({
  run: "AbCdEfGhIjKlMnOpQrStUv",
  runSecret: "ZyXwVuTsRqPoNmLkJiHgFe",
  service: "no-such-service",
  size: "00000000-0000-4000-8000-000000000000",
  postcode: "SW9 8AB",
  start: "2030-01-07T10:00:00.000Z",
  vehicleDetails: { make: "Ford", model: "Fiesta", registration: "AB12 CDE" },
  addressDetails: { line1: "1 Road", town: "London" },
  contact: { name: "Sam", email: "sam.peer@example.test", phone: "07700 900000" },
  acceptPolicies: true,
});

const submit = (peer: string, forwardedFor?: string) =>
  submitBooking(
    new Request("http://127.0.0.1:3000/api/book", {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "x-forecourt-peer": `${KEY} ${peer}`,
        ...(forwardedFor ? { "X-Forwarded-For": forwardedFor } : {}),
      },
      body: bookingBody,
    }),
  );

describe.each(dbKinds)("rate limits count the real client address on %s", (kind) => {
  let t: TestDatabase;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db);
    setDatabaseForProcess(t);
    // The auth instance is built once per process, for the database of the moment.
    (globalThis as { __forecourtAuth?: unknown }).__forecourtAuth = undefined;
  });
  afterAll(async () => {
    restoreEnv();
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  it("with no proxy, a made-up X-Forwarded-For changes nothing: the socket peer is counted", async () => {
    setEnv({ BOOKING_RATE_LIMIT_PER_IP: "2", FORECOURT_PEER_KEY: KEY, TRUSTED_PROXY_HOPS: undefined });
    expect((await submit("192.0.2.10", "203.0.113.1")).status).toBe(400);
    expect((await submit("192.0.2.10", "203.0.113.2")).status).toBe(400);
    expect((await submit("192.0.2.10", "203.0.113.3")).status).toBe(429);
    expect((await submit("192.0.2.10")).status).toBe(429);
    // Another machine has its own allowance.
    expect((await submit("192.0.2.11", "203.0.113.3")).status).toBe(400);
  });

  it("behind one configured proxy, the entry the proxy appended counts, not the ones the client sent", async () => {
    setEnv({ BOOKING_RATE_LIMIT_PER_IP: "2", FORECOURT_PEER_KEY: KEY, TRUSTED_PROXY_HOPS: "1" });
    const proxy = "10.0.0.5";
    expect((await submit(proxy, "1.1.1.1, 198.51.100.20")).status).toBe(400);
    expect((await submit(proxy, "2.2.2.2, 198.51.100.20")).status).toBe(400);
    expect((await submit(proxy, "3.3.3.3, 198.51.100.20")).status).toBe(429);
    expect((await submit(proxy, "3.3.3.3, 198.51.100.21")).status).toBe(400);
  });

  it("the sign-in limit per address can't be escaped by rotating X-Forwarded-For", async () => {
    setEnv({ AUTH_SIGN_IN_FAILURES_PER_IP: "2", FORECOURT_PEER_KEY: KEY, TRUSTED_PROXY_HOPS: undefined });
    const attempt = (n: number) =>
      login(
        new Request("http://127.0.0.1:3000/api/account/login", {
          method: "POST",
          headers: {
            "Content-Type": "application/json",
            "x-forecourt-peer": `${KEY} 192.0.2.50`,
            "X-Forwarded-For": `203.0.113.${n}`,
          },
          body: JSON.stringify({ email: `nobody${n}@example.test`, password: "Wrong-Password-123" }),
        }),
      );
    expect((await attempt(1)).status).toBe(401);
    expect((await attempt(2)).status).toBe(401);
    expect((await attempt(3)).status).toBe(429);
  });
});

describe("the socket peer header", () => {
  afterAll(restoreEnv);

  it("is believed only with this start's key", () => {
    setEnv({ FORECOURT_PEER_KEY: KEY, TRUSTED_PROXY_HOPS: undefined });
    const h = (peer: string) => new Headers({ "x-forecourt-peer": peer, "x-forwarded-for": "203.0.113.9" });
    expect(clientIp(h(`${KEY} 192.0.2.1`))).toBe("192.0.2.1");
    expect(clientIp(h("some-other-key-0123456789abcd 192.0.2.1"))).toBe("unknown");
    expect(clientIp(h("192.0.2.1"))).toBe("unknown");
    setEnv({ FORECOURT_PEER_KEY: undefined });
    expect(clientIp(h(`${KEY} 192.0.2.1`))).toBe("unknown");
  });

  it("is set by the server from the socket, replacing any copy the client sent", async () => {
    setEnv({ FORECOURT_PEER_KEY: KEY, TRUSTED_PROXY_HOPS: undefined });
    const server = http.createServer((req, res) => {
      stampPeer(req, KEY);
      const headers = new Headers();
      for (const [k, v] of Object.entries(req.headers)) if (typeof v === "string") headers.set(k, v);
      res.end(clientIp(headers));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const res = await fetch(`http://127.0.0.1:${port}/`, {
        headers: { "x-forecourt-peer": `${KEY} 198.51.100.99`, "x-forwarded-for": "198.51.100.98" },
      });
      expect(await res.text()).toBe("127.0.0.1");
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});

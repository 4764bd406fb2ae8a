import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase, type DatabaseHandle } from "@/server/db/client";
import { EventHub } from "@/server/realtime/hub";
import { publish } from "@/server/realtime/publish";
import { createEventStream } from "@/server/realtime/sse";
import { EVENTS_CHANNEL, EVENTS_LOCK_KEY, type Viewer } from "@/server/realtime/events";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";
import { blockedBehind } from "../support/lock-waits";

const admin: Viewer = { userId: "admin-1", role: "admin" };
const customer: Viewer = { userId: "cust-1", role: "customer" };
const otherCustomer: Viewer = { userId: "cust-2", role: "customer" };

type Parsed = { id: number; event: string; data: Record<string, unknown> };

/** Reads an SSE stream and parses its events as they come. */
function reader(stream: ReadableStream<Uint8Array>) {
  const events: Parsed[] = [];
  const raw: string[] = [];
  const r = stream.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  void (async () => {
    for (;;) {
      const { value, done } = await r.read().catch(() => ({ value: undefined, done: true }));
      if (done) return;
      buffer += decoder.decode(value, { stream: true });
      let i: number;
      while ((i = buffer.indexOf("\n\n")) >= 0) {
        const block = buffer.slice(0, i);
        buffer = buffer.slice(i + 2);
        raw.push(block);
        const fields = Object.fromEntries(
          block
            .split("\n")
            .filter((l) => !l.startsWith(":") && l.includes(": "))
            .map((l) => [l.slice(0, l.indexOf(": ")), l.slice(l.indexOf(": ") + 2)]),
        );
        if (fields.id)
          events.push({
            id: Number(fields.id),
            event: fields.event ?? "",
            data: JSON.parse(fields.data ?? "{}"),
          });
      }
    }
  })();
  const state = { events, raw, closed: false, cancel: () => r.cancel() };
  void r.closed.then(() => (state.closed = true)).catch(() => (state.closed = true));
  return state;
}

async function until(check: () => boolean, ms = 10_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 20));
  }
}

const payload = (ref: string) => ({ bookingId: "b-" + ref, reference: ref, status: "confirmed" as const });

describe.each(dbKinds)("live events on %s", (kind) => {
  let t: TestDatabase;
  let hub: EventHub;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    hub = new EventHub(t);
  });
  afterAll(async () => {
    await hub.close();
    await t.drop();
  });

  it("delivers an event committed in a transaction and nothing from a rolled-back one", async () => {
    const abort = new AbortController();
    const client = reader(createEventStream({ hub, viewer: admin, signal: abort.signal, heartbeatMs: 50 }));
    await until(() => client.raw.some((b) => b.includes("connected")));

    await expect(
      t.db.transaction(async (tx) => {
        await publish(tx, "booking.updated", { audience: "admins" }, payload("ROLLED"));
        throw new Error("rollback");
      }),
    ).rejects.toThrow("rollback");
    await t.db.transaction((tx) =>
      publish(tx, "booking.updated", { audience: "admins" }, payload("COMMITTED")),
    );

    // Events arrive in commit order: once a later one is here, anything before it would be too.
    await t.db.transaction((tx) => publish(tx, "booking.updated", { audience: "admins" }, payload("LAST")));
    await until(() => client.events.some((e) => e.data.reference === "LAST"));
    expect(client.events.map((e) => e.data.reference)).toEqual(["COMMITTED", "LAST"]);
    expect(client.events[0]?.event).toBe("booking.updated");
    // Heartbeats keep the connection alive.
    await until(() => client.raw.some((b) => b.startsWith(": heartbeat")));
    abort.abort();
  });

  it("streams only what the viewer may see", async () => {
    const streams = [admin, customer, otherCustomer].map((viewer) =>
      reader(createEventStream({ hub, viewer })),
    );
    await until(() => streams.every((s) => s.raw.length > 0));
    await t.db.transaction(async (tx) => {
      await publish(tx, "booking.updated", { audience: "user", userId: customer.userId }, payload("MINE"));
      await publish(tx, "booking.updated", { audience: "admins" }, payload("ADMINS"));
    });
    const [a, c, o] = streams as [
      ReturnType<typeof reader>,
      ReturnType<typeof reader>,
      ReturnType<typeof reader>,
    ];
    // A later event to each stream's own audience: when it has arrived, so has anything sent before it.
    await t.db.transaction(async (tx) => {
      await publish(tx, "booking.updated", { audience: "admins" }, payload("END"));
      for (const viewer of [customer, otherCustomer])
        await publish(tx, "booking.updated", { audience: "user", userId: viewer.userId }, payload("END"));
    });
    await until(() => streams.every((s) => s.events.some((e) => e.data.reference === "END")));
    expect(a.events.map((e) => e.data.reference)).toEqual(["ADMINS", "END"]);
    expect(c.events.map((e) => e.data.reference)).toEqual(["MINE", "END"]);
    expect(o.events.map((e) => e.data.reference)).toEqual(["END"]);
    for (const s of streams) await s.cancel();
  });

  it("resumes after Last-Event-ID with what was missed, in order, without repeats", async () => {
    const first = await t.db.transaction((tx) =>
      publish(tx, "booking.updated", { audience: "admins" }, payload("R1")),
    );
    await t.db.transaction((tx) => publish(tx, "booking.updated", { audience: "admins" }, payload("R2")));
    await t.db.transaction((tx) =>
      publish(tx, "booking.updated", { audience: "user", userId: "someone" }, payload("HIDDEN")),
    );
    await t.db.transaction((tx) => publish(tx, "booking.updated", { audience: "admins" }, payload("R3")));
    const client = reader(createEventStream({ hub, viewer: admin, lastEventId: first }));
    await until(() => client.events.length >= 2);
    await t.db.transaction((tx) => publish(tx, "booking.updated", { audience: "admins" }, payload("R4")));
    await until(() => client.events.length >= 3);
    expect(client.events.map((e) => e.data.reference)).toEqual(["R2", "R3", "R4"]);
    expect(new Set(client.events.map((e) => e.id)).size).toBe(3);
    await client.cancel();
  });

  it.runIf(kind === "postgres")(
    "hands out ids in commit order, so a later commit never hides behind a seen id",
    async () => {
      const client = reader(createEventStream({ hub, viewer: admin }));
      await until(() => client.raw.length > 0);
      const pool = new pg.Pool({ connectionString: t.url, max: 2 });
      const a = await pool.connect();
      const b = await pool.connect();
      try {
        const note = (ref: string) =>
          `INSERT INTO live_events (type, audience, payload) VALUES ('booking.updated', 'admins', '{"reference":"${ref}"}') RETURNING id`;
        await a.query("BEGIN");
        await a.query(`SELECT pg_advisory_xact_lock(${EVENTS_LOCK_KEY})`);
        const idA = (await a.query(note("A"))).rows[0].id;
        await a.query(
          `SELECT pg_notify('${EVENTS_CHANNEL}', json_build_object('id', ${idA}, 'audience', 'admins')::text)`,
        );
        // B starts publishing while A is still open: it must wait for A, and so gets the later id.
        const bDone = t.db.transaction((tx) =>
          publish(tx, "booking.updated", { audience: "admins" }, payload("B")),
        );
        const holder = Number((await a.query("SELECT pg_backend_pid() AS pid")).rows[0].pid);
        const seen = await blockedBehind(b, holder, bDone);
        await a.query("COMMIT");
        expect(seen).toBe("blocked");
        const idB = await bDone;
        expect(Number(idB)).toBeGreaterThan(Number(idA));
        await until(() => client.events.length >= 2);
        expect(client.events.map((e) => e.data.reference)).toEqual(["A", "B"]);
      } finally {
        a.release();
        b.release();
        await pool.end();
        await client.cancel();
      }
    },
  );

  it.runIf(kind === "postgres")(
    "closes streams when the listening connection drops, so clients resume and catch up",
    async () => {
      const client = reader(createEventStream({ hub, viewer: admin }));
      await until(() => client.raw.length > 0);
      const killer = new pg.Client({ connectionString: t.url });
      await killer.connect();
      await killer.query(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = current_database() AND query ILIKE 'LISTEN%'",
      );
      await killer.end();
      await until(() => client.closed, 10_000);
    },
  );

  it.runIf(kind === "postgres")("reaches clients of another app process sharing the database", async () => {
    // A second, independent connection pool and LISTEN connection stand in for a second app process.
    const other: DatabaseHandle = await openDatabase({ url: t.url, migrate: false, poolSize: 2 });
    const otherHub = new EventHub(other);
    try {
      const here = reader(createEventStream({ hub, viewer: admin }));
      const there = reader(createEventStream({ hub: otherHub, viewer: admin }));
      await until(() => here.raw.length > 0 && there.raw.length > 0);
      await other.db.transaction((tx) =>
        publish(tx, "schedule.changed", { audience: "admins" }, { from: "a", to: "b", teamId: null }),
      );
      await until(() => here.events.length >= 1 && there.events.length >= 1);
      expect(here.events[0]?.event).toBe("schedule.changed");
      expect(there.events[0]?.id).toBe(here.events[0]?.id);
      await here.cancel();
      await there.cancel();
    } finally {
      await otherHub.close();
      await other.close();
    }
  });
});

import { randomBytes } from "node:crypto";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type AppProcess, assertPortFree, ROOT, startProcess, until } from "./app-process";
import { type PrivatePostgres, startPrivatePostgres } from "./private-postgres";

// Issue 18, several instances: a deploy-style rolling restart of two web instances (SIGTERM A, start A,
// SIGTERM B, start B) under traffic. The requests in flight when an instance is told to stop finish (the
// server drains, ADR 0035); a client that retries on the other instance when a connection is refused
// or readiness says 503 loses nothing. Needs a production build (`npm run test:faults` builds first).

const PG_PORT = 55_434;
const PORTS = [3_793, 3_794] as const;
const urls = PORTS.map((p) => `http://127.0.0.1:${p}`);

let pgServer: PrivatePostgres;
const procs: (AppProcess | undefined)[] = [];
const logs = () => procs.map((p) => p?.log() ?? "").join("\n");
let env: Record<string, string>;

function start(i: number): AppProcess {
  const p = startProcess([path.join(ROOT, "scripts/server.mjs")], { ...env, PORT: String(PORTS[i]) });
  procs[i] = p;
  return p;
}

const ready = (i: number) =>
  until(async () => (await fetch(`${urls[i]}/api/health/ready`)).ok, 240_000, `instance ${i + 1}`, logs);

/** SIGTERM, as a deploy stops a container; resolves when the process has exited, with its exit code. */
function terminate(p: AppProcess): Promise<number | null> {
  return new Promise((resolve) => {
    p.child.once("exit", (code) => resolve(code));
    process.kill(p.child.pid as number, "SIGTERM");
  });
}

beforeAll(async () => {
  for (const port of PORTS) await assertPortFree(port);
  pgServer = startPrivatePostgres(PG_PORT);
  env = {
    NODE_ENV: "production",
    DATABASE_URL: pgServer.url,
    AUTH_SECRET: randomBytes(32).toString("base64"),
    PAYMENTS_PROVIDER: "test",
    JOBS_MODE: "web",
    SEED_ON_START: "demo",
    APP_URL: urls[0] as string,
  };
  // The first instance migrates and seeds; the second starts on the same database.
  start(0);
  await ready(0);
  start(1);
  await ready(1);
}, 400_000);

afterAll(() => {
  for (const p of procs) p?.stop();
  pgServer?.destroy();
});

describe("a rolling restart of two web instances", () => {
  it("finishes the requests in flight and drops nothing a retrying client sends", async () => {
    let turn = 0;
    let retries = 0;
    const failures: string[] = [];
    /** A client of the load balancer: the next instance, and on a refused connection or 503 the other. */
    const request = async (pathname: string) => {
      const first = turn++;
      for (let attempt = 0; attempt < 6; attempt++) {
        // The next instance, then the other one on each retry.
        const url = `${urls[(first + attempt) % urls.length]}${pathname}`;
        try {
          const res = await fetch(url, { signal: AbortSignal.timeout(20_000) });
          await res.arrayBuffer();
          if (res.status === 200) return;
          if (res.status !== 503) return void failures.push(`${pathname}: ${res.status}`);
        } catch {
          // Refused or reset: try the other instance.
        }
        retries++;
        await new Promise((r) => setTimeout(r, 100));
      }
      failures.push(`${pathname}: no instance answered after 6 tries`);
    };

    let running = true;
    let sent = 0;
    const traffic = Promise.all(
      Array.from({ length: 4 }, async (_, k) => {
        while (running) {
          sent++;
          await request(k % 2 === 0 ? "/" : "/book");
        }
      }),
    );

    for (const i of [0, 1]) {
      const old = procs[i] as AppProcess;
      // Requests on their way to this instance when it is told to stop. Those it has begun must finish
      // (it says how many it was serving and how many of them it cut off); one it had not accepted yet
      // is refused, and the client sends it to the other instance. A request has finished when its whole
      // body has arrived: one whose body the client never read is closed half-sent when the client drops it,
      // and the server rightly counts it as cut off (CI saw "6 cut off" from exactly that).
      const inFlight = Array.from({ length: 12 }, () =>
        fetch(`${urls[i]}/book?service=full-valet`, { signal: AbortSignal.timeout(20_000) }).then(
          async (res) => {
            await res.arrayBuffer();
            return res.status;
          },
          () => request("/book?service=full-valet").then(() => 200),
        ),
      );
      await new Promise((r) => setTimeout(r, 150));
      const exited = terminate(old);
      const statuses = await Promise.all(inFlight);
      expect(await exited).toBe(0);
      expect(
        statuses.filter((s) => s !== 200),
        logs(),
      ).toEqual([]);
      const serving = Number(/finishing (\d+) requests in flight/.exec(old.log())?.[1] ?? -1);
      expect(serving, old.log()).toBeGreaterThan(0);
      expect(old.log()).toMatch(/drained, \d+ finished, 0 cut off/);
      start(i);
      await ready(i);
    }

    running = false;
    await traffic;
    expect(failures, logs()).toEqual([]);
    expect(sent).toBeGreaterThan(20);
    console.log(`rolling restart: ${sent} requests, ${retries} retried on the other instance, 0 lost`);
  }, 600_000);
});

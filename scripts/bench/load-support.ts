// What `bench:load` and `bench:soak` share: a production stack on a fresh PostgreSQL database (web
// instances and one worker, as README "Production" runs them), a round-robin proxy in front of several
// instances, a guest's booking wizard answered up to the time step, and autocannon runs that keep every
// response's latency (autocannon's own histogram has no p95).
import { randomBytes } from "node:crypto";
import http from "node:http";
import path from "node:path";
import autocannon from "autocannon";
import pg from "pg";
import { type AppProcess, startProcess, until } from "../../tests/faults/app-process";

export const ROOT = path.resolve(import.meta.dirname, "../..");
const SERVER = path.join(ROOT, "scripts/server.mjs");
const WORKER = [
  "--import",
  "./scripts/plain-node.mjs",
  "--import",
  "tsx",
  path.join(ROOT, "scripts/worker.ts"),
];
const FIRST_PORT = Number(process.env.LOAD_PORT ?? 4000);
const METRICS_TOKEN = randomBytes(16).toString("hex");

export { percentile, trendShare } from "./stats";

export type Load = {
  latencies: number[];
  rps: number;
  non2xx: number;
  http5xx: number;
  /** 409 from the booking commit: the time was taken meanwhile (not an error of the app). */
  conflicts: number;
  errors: number;
};

export type RequestSpec = {
  method: "GET" | "POST";
  path: string;
  body?: string;
  headers?: Record<string, string>;
};

/** One autocannon run; `request(i)` builds the i-th request (so each can differ). */
export function timedRun(
  base: string,
  connections: number,
  seconds: number,
  request: (i: number) => RequestSpec,
  amount?: number,
): Promise<Load> {
  const out: Load = { latencies: [], rps: 0, non2xx: 0, http5xx: 0, conflicts: 0, errors: 0 };
  let next = 0;
  const first = request(0);
  return new Promise((resolve, reject) => {
    const instance = autocannon(
      {
        url: base,
        // autocannon refuses more connections than requests (the commits are as many as their times).
        connections: amount ? Math.min(connections, amount) : connections,
        ...(amount ? { amount } : { duration: seconds }),
        timeout: 30,
        requests: [
          {
            method: first.method,
            path: first.path,
            setupRequest: (req: autocannon.Request) => {
              const spec = request(next++);
              return {
                ...req,
                method: spec.method,
                path: spec.path,
                body: spec.body,
                headers: { ...(spec.headers ?? {}) },
              };
            },
          },
        ],
      },
      (err: unknown, result: autocannon.Result) => {
        if (err) return reject(err as Error);
        out.errors = result.errors;
        out.rps = out.latencies.length / Math.max(0.001, result.duration);
        resolve(out);
      },
    );
    instance.on("response", (_client, status, _bytes, ms) => {
      out.latencies.push(ms);
      if (status >= 500) out.http5xx++;
      if (status === 409) out.conflicts++;
      if (status < 200 || status >= 400) out.non2xx++;
    });
  });
}

/** A tiny round-robin HTTP proxy (the production shape's load balancer). */
function roundRobinProxy(port: number, targets: string[]): Promise<http.Server> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 512 });
  let turn = 0;
  const server = http.createServer((req, res) => {
    const target = new URL(targets[turn++ % targets.length] as string);
    const upstream = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: req.method,
        path: req.url,
        headers: req.headers,
        agent,
      },
      (up) => {
        res.writeHead(up.statusCode ?? 502, up.headers);
        up.pipe(res);
      },
    );
    upstream.on("error", () => {
      if (!res.headersSent) res.writeHead(502);
      res.end();
    });
    req.pipe(upstream);
  });
  server.keepAliveTimeout = 65_000;
  return new Promise((resolve) => server.listen(port, "127.0.0.1", () => resolve(server)));
}

type WizardPrep = {
  dateStepPath: string;
  slotListPaths: string[];
  /** Free times, each at most twice (two vans), spaced so that no two overlap on a van. */
  slots: string[];
  days: number;
  commitBody: (start: string, tag: string) => Record<string, unknown>;
};

/**
 * A production server of the demo business for a benchmark: the test payment provider, a fresh secret,
 * and rate limits no benchmark reaches. Add where its database is.
 */
export function benchServerEnv(): Record<string, string> {
  return {
    NODE_ENV: "production",
    AUTH_SECRET: randomBytes(32).toString("base64"),
    PAYMENTS_PROVIDER: "test",
    SEED_ON_START: "demo",
    AUTH_RATE_LIMIT_PER_EMAIL: "10000",
    AUTH_RATE_LIMIT_PER_IP: "100000",
    BOOKING_RATE_LIMIT_PER_IP: "100000",
  };
}

export async function startLoadStack(
  instances: number,
  extraEnv: Record<string, string> = {},
  /** Node options for the web instances (e.g. --cpu-prof, which NODE_OPTIONS may not carry). */
  nodeArgs: string[] = [],
) {
  const adminUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.TEST_DATABASE_URL ??
    "postgres://postgres@127.0.0.1:5432/test";
  const name = `forecourt_load_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${name}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  const urls = Array.from({ length: instances }, (_, i) => `http://127.0.0.1:${FIRST_PORT + i}`);
  const env = {
    ...benchServerEnv(),
    DATABASE_URL: dbUrl.toString(),
    METRICS_TOKEN,
    APP_URL: urls[0] as string,
    ...extraEnv,
  };
  const procs: AppProcess[] = [];
  const servers: http.Server[] = [];
  const logs = () => procs.map((p) => p.log()).join("\n");
  const stop = async () => {
    for (const s of servers) s.close();
    for (const p of procs) p.stop();
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`).catch(() => undefined);
    await admin.end();
  };
  try {
    // The first instance migrates and seeds; the others start on the same database.
    for (const [i, url] of urls.entries()) {
      procs.push(startProcess([...nodeArgs, SERVER], { ...env, PORT: String(FIRST_PORT + i) }));
      await until(
        async () => (await fetch(`${url}/api/health/ready`)).ok,
        240_000,
        `instance ${i + 1}`,
        logs,
      );
    }
    procs.push(startProcess(WORKER, env));
    await until(async () => (await fetch(`${urls[0]}/api/health`)).ok, 120_000, "the worker", logs);
  } catch (err) {
    await stop();
    throw err;
  }

  return {
    urls,
    stop,
    logs,
    /** The web instances' process ids (to read their CPU time). */
    pids: procs.slice(0, instances).map((p) => p.child.pid ?? 0),
    /** A round-robin proxy over the first `n` instances; its URL. */
    async proxy(n: number): Promise<string> {
      const port = FIRST_PORT + 20 + servers.length;
      servers.push(await roundRobinProxy(port, urls.slice(0, n)));
      return `http://127.0.0.1:${port}`;
    },
    /** What the database's sessions are doing (for a run that stalls): one line per session. */
    async activity(): Promise<string> {
      const { rows } = await admin.query(
        `SELECT state, wait_event_type, wait_event, round(extract(epoch FROM now() - xact_start)::numeric, 1) AS xact_s,
                left(regexp_replace(query, '\\s+', ' ', 'g'), 100) AS query
           FROM pg_stat_activity WHERE datname = $1 ORDER BY xact_start NULLS LAST`,
        [name],
      );
      return rows
        .map(
          (r) =>
            `${r.state} ${r.wait_event_type ?? "-"}/${r.wait_event ?? "-"} xact=${r.xact_s ?? "-"}s ${r.query}`,
        )
        .join("\n");
    },
    /** A session cookie from the real sign-in. */
    async signIn(base: string, who: { email: string; password: string }): Promise<string> {
      const res = await fetch(`${base}/api/account/login`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ email: who.email, password: who.password }),
      });
      if (!res.ok) throw new Error(`sign-in answered ${res.status}`);
      return res.headers
        .getSetCookie()
        .map((c) => c.split(";")[0])
        .join("; ");
    },
    /** The server's memory, from its own metrics (prom-client's process metrics). */
    async memory(base: string): Promise<{ rssMb: number; heapMb: number }> {
      const text = await (
        await fetch(`${base}/api/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
      ).text();
      const metric = (m: string) => Number(new RegExp(`^${m} ([0-9.e+]+)`, "m").exec(text)?.[1] ?? NaN);
      return {
        rssMb: metric("forecourt_process_resident_memory_bytes") / 2 ** 20,
        heapMb: metric("forecourt_nodejs_heap_size_used_bytes") / 2 ** 20,
      };
    },
    /** A guest's wizard answered up to the time step (see prepareWizard). */
    prepareWizard: (base: string, days = 70) => prepareWizard(base, dbUrl.toString(), days),
  };
}

/**
 * A guest's booking wizard answered up to the time step (vehicle and address through /api/book/step, as
 * the browser sends them), the day lists to read, free times to book and the body of a commit.
 */
export async function prepareWizard(base: string, dbUrl: string, days = 70): Promise<WizardPrep> {
  const sql = async (text: string) => {
    const c = new pg.Client({ connectionString: dbUrl });
    await c.connect();
    try {
      return (await c.query(text)).rows as { id: string }[];
    } finally {
      await c.end();
    }
  };
  const [size] = await sql(`SELECT id FROM vehicle_sizes WHERE name = 'Small'`);
  const service = "exterior-wash";
  const vehicle = { make: "Ford", model: "Fiesta", registration: "LD21 ABC", colour: "Blue" };
  const address = { line1: "12 Coldharbour Lane", town: "London" };
  const postcode = "SE5 9NR";
  const run = randomBytes(16).toString("base64url");
  const step = async (body: Record<string, unknown>) => {
    const res = await fetch(`${base}/api/book/step`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ run, service, ...body }),
    });
    const json = (await res.json()) as { ok: boolean; data?: { redirectTo: string } };
    if (!json.ok || !json.data)
      throw new Error(`wizard step answered ${res.status}: ${JSON.stringify(json)}`);
    return json.data.redirectTo;
  };
  await step({ step: "vehicle", size: size?.id, ...vehicle });
  const dateStepPath = await step({ step: "address", size: size?.id, addons: "", postcode, ...address });
  const datePage = await fetch(`${base}${dateStepPath}`, { redirect: "manual" });
  if (datePage.status !== 200) throw new Error(`the date step answered ${datePage.status}`);

  const slotListPaths: string[] = [];
  const slots: string[] = [];
  for (let d = 1; d <= days; d++) {
    const date = new Date(Date.now() + d * 86_400_000).toISOString().slice(0, 10);
    const listPath = `${dateStepPath}&date=${date}`;
    const html = await (await fetch(`${base}${listPath}`)).text();
    const starts = [
      ...new Set([...html.matchAll(/[?&;]start=([^&"]+)/g)].map((m) => decodeURIComponent(m[1] as string))),
    ]
      .filter((s) => !Number.isNaN(Date.parse(s)))
      .sort();
    if (starts.length === 0) continue;
    slotListPaths.push(listPath);
    // 90 minutes apart (an exterior wash of a small car is 45), each booked once per van.
    let last = -Infinity;
    for (const s of starts) {
      const at = Date.parse(s);
      if (at - last < 90 * 60_000) continue;
      last = at;
      slots.push(s, s);
    }
  }
  if (slots.length === 0) throw new Error("no free times found for the commits");
  return {
    dateStepPath,
    slotListPaths,
    slots,
    days,
    commitBody: (start, tag) => ({
      run: randomBytes(16).toString("base64url"),
      runSecret: randomBytes(24).toString("base64url"),
      service,
      size: size?.id,
      addons: [],
      postcode,
      start,
      vehicleDetails: vehicle,
      addressDetails: address,
      contact: { name: "Load Test", email: `load-${tag}@example.com`, phone: "07700 900123" },
      acceptPolicies: true,
    }),
  };
}

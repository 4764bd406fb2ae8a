// `npm run bench:render` — what one page costs the server, measured one request at a time (no queueing),
// against a production build with the page cache off (each request renders). It is the figure behind the
// load benchmark's latencies (ADR 0038, 0039): one Node.js process renders one page at a time, so under load
// an instance answers at most about 1000 / (its CPU ms per page) pages a second, and a closed loop of c
// connections waits about c times that per request. (A lone request also waits for the database and the
// socket, which overlap with other renders under load: these figures are an upper bound of the CPU cost.)
//   home              GET /
//   book_date_step    GET /book at the date step, each request with its own run id (a new guest)
//   slot_list         GET /book with a date chosen, each request with its own run id
// and, signed in as the demo admin or customer (issue 30), the pages owners and customers use most:
//   /admin (Today), /admin/bookings, /admin/bookings/{id}, /admin/schedule?view=week, /admin/settings,
//   /admin/customers, /admin/customers/{id}, /admin/reports, /dashboard, /dashboard/bookings/{id}
// A page's time is the time to its whole HTML document (a first load; a client navigation's RSC payload
// costs the same render). Prints, per page,
//   `RESULT render <route> p50=<ms> p95=<ms> target=150 ok|over requests=<n> cpu_ms=<ms> bytes=<n>`,
// cpu_ms being the server process's CPU time per request (from /proc, Linux only): on a busy machine the
// wall times include waiting for a core, the CPU time does not (the database's own time is not in it).
// Options: RENDER_REQUESTS (default 30) per page after RENDER_WARMUP (default 5) unmeasured ones;
// RENDER_PAGES, a comma-separated list of route names to run (default all); RENDER_DB=pglite runs the
// server on an embedded database in a temporary folder (what `npm start` runs) instead of a fresh
// PostgreSQL database (BENCH_DATABASE_URL); LOAD_PORT (default 4000) is the server's port.
// RENDER_PROFILE=1 also writes a V8 CPU profile of the server to RENDER_PROFILE_DIR (default
// /tmp/forecourt-render-profile), for Chrome DevTools or speedscope. Needs `npm run build` first.
import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { startProcess, until } from "../../tests/faults/app-process";
import { benchServerEnv, percentile, ROOT, startLoadStack } from "./load-support";

const N = Number(process.env.RENDER_REQUESTS ?? 30);
const WARMUP = Number(process.env.RENDER_WARMUP ?? 5);
const TARGET_MS = 150;
const ONLY = process.env.RENDER_PAGES?.split(",").map((s) => s.trim());
const PGLITE = process.env.RENDER_DB === "pglite";
const PROFILE = process.env.RENDER_PROFILE === "1";
const PROFILE_DIR = process.env.RENDER_PROFILE_DIR ?? "/tmp/forecourt-render-profile";
const NODE_ARGS = PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [];
const ADMIN = { email: "admin@forecourt.test", password: "Forecourt-admin-2026" };
const CUSTOMER = { email: "customer@forecourt.test", password: "Forecourt-customer-2026" };

/** One web process on an embedded database of its own (jobs run inside it, as under `npm start`). */
async function startPgliteServer() {
  const dir = mkdtempSync(path.join(os.tmpdir(), "forecourt-render-"));
  const port = Number(process.env.LOAD_PORT ?? 4000);
  const base = `http://127.0.0.1:${port}`;
  const proc = startProcess([...NODE_ARGS, path.join(ROOT, "scripts/server.mjs")], {
    ...benchServerEnv(),
    DATABASE_URL: "",
    PGLITE_DIR: path.join(dir, "pglite"),
    UPLOADS_DIR: path.join(dir, "uploads"),
    PUBLIC_PAGE_CACHE_SECONDS: "0",
    APP_URL: base,
    PORT: String(port),
  });
  const stop = async () => {
    proc.stop();
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await until(async () => (await fetch(`${base}/api/health/ready`)).ok, 240_000, "the server", proc.log);
  } catch (err) {
    await stop();
    throw err;
  }
  // The wizard's preparation reads the database, which only this server may open: no wizard pages.
  return { base, stop, wizard: null, pid: proc.child.pid ?? 0 };
}

/** The server process's CPU time so far (user + system), in ms: on a busy machine, what a page costs it. */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function signIn(base: string, who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${base}/api/account/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(who),
  });
  if (!res.ok) throw new Error(`sign-in of ${who.email} answered ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const server = PGLITE
  ? await startPgliteServer()
  : await (async () => {
      const stack = await startLoadStack(1, { PUBLIC_PAGE_CACHE_SECONDS: "0" }, NODE_ARGS);
      const base = stack.urls[0] as string;
      return {
        base,
        stop: stack.stop,
        wizard: () => stack.prepareWizard(base, 10),
        pid: stack.pids[0] ?? 0,
      };
    })();
try {
  const base = server.base;
  const get = async (p: string, cookie?: string) => {
    const res = await fetch(`${base}${p}`, { headers: cookie ? { cookie } : {}, redirect: "manual" });
    const body = await res.text();
    if (res.status !== 200) throw new Error(`${p} answered ${res.status}`);
    return body;
  };
  const firstLink = (html: string, prefix: string): string => {
    const m = new RegExp(`href="(${prefix}/[0-9a-f-]{36})"`).exec(html);
    if (!m) throw new Error(`no link to ${prefix}/{id} found`);
    return m[1] as string;
  };
  const wanted = (page: string) => !ONLY || ONLY.includes(page);
  const measure = async (page: string, path: (i: number) => string, cookie?: string) => {
    if (!wanted(page)) return;
    for (let i = 0; i < WARMUP; i++) await get(path(i), cookie);
    const ms: number[] = [];
    let bytes = 0;
    const cpuBefore = cpuMs(server.pid);
    for (let i = 0; i < N; i++) {
      const t = performance.now();
      const body = await get(path(i), cookie);
      ms.push(performance.now() - t);
      bytes = body.length;
    }
    const cpu = (cpuMs(server.pid) - cpuBefore) / N;
    const p95 = percentile(ms, 95);
    console.log(
      `RESULT render ${page} p50=${percentile(ms, 50).toFixed(1)} p95=${p95.toFixed(1)} target=${TARGET_MS} ${
        p95 <= TARGET_MS ? "ok" : "over"
      } requests=${N} cpu_ms=${cpu.toFixed(1)} bytes=${bytes}`,
    );
  };

  await measure("home", () => "/");
  if (server.wizard && ["book_date_step", "slot_list"].some(wanted)) {
    const prep = await server.wizard();
    const newGuest = (p: string) => p.replace(/run=[^&]+/, `run=${randomBytes(16).toString("base64url")}`);
    await measure("book_date_step", () => newGuest(prep.dateStepPath));
    await measure("slot_list", (i) => newGuest(prep.slotListPaths[i % prep.slotListPaths.length] as string));
  }

  const admin = await signIn(base, ADMIN);
  const customer = await signIn(base, CUSTOMER);
  // The pages' ids, as a person finds them: the first link of each list.
  const bookingPath = firstLink(await get("/admin/bookings", admin), "/admin/bookings");
  const customerPath = firstLink(await get("/admin/customers", admin), "/admin/customers");
  const myBookingPath = firstLink(
    await get("/dashboard/bookings?when=past", customer),
    "/dashboard/bookings",
  );
  const adminPages: [string, string][] = [
    ["/admin", "/admin"],
    ["/admin/bookings", "/admin/bookings"],
    ["/admin/bookings/{id}", bookingPath],
    ["/admin/schedule?view=week", "/admin/schedule?view=week"],
    ["/admin/settings", "/admin/settings"],
    ["/admin/customers", "/admin/customers"],
    ["/admin/customers/{id}", customerPath],
    ["/admin/reports", "/admin/reports"],
  ];
  for (const [page, p] of adminPages) await measure(page, () => p, admin);
  await measure("/dashboard", () => "/dashboard", customer);
  await measure("/dashboard/bookings/{id}", () => myBookingPath, customer);

  if (PROFILE) {
    // The profile is written when the server exits on its own (SIGTERM: a graceful shutdown).
    process.kill(server.pid, "SIGTERM");
    await new Promise((r) => setTimeout(r, 8000));
    console.log(`[render] CPU profile in ${PROFILE_DIR}`);
  }
} finally {
  await server.stop();
}

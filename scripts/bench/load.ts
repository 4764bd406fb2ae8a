// `npm run bench:load` — issue 18's load benchmark: autocannon against a production build on PostgreSQL.
// Starts the app (`scripts/server.mjs`, as `npm start` serves it) and one worker on a fresh database of the
// PostgreSQL server in BENCH_DATABASE_URL / TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test),
// seeded with the demo business, then drives, for one instance and for two behind a round-robin proxy
// (scripts/bench/load-support.ts), at 50 and 200 connections (LOAD_CONNECTIONS):
//   home            GET /
//   book_date_step  GET /book at the date step (a guest's vehicle and address answered), each a new URL
//   slot_list       GET /book with a date chosen: the times of that day (the slot engine), each a new URL
//   book_commit     POST /api/book, each request a different free time (two per start, one per van)
//   admin_bookings  GET /admin/bookings signed in as the demo admin
// Each run lasts LOAD_SECONDS (default 15; the commits stop when their times run out) and prints
//   RESULT load target=<t> instances=<1|2> connections=<n> requests=<n> rps=<x> p50_ms p95_ms p99_ms
//     non2xx=<n> http5xx=<n> errors=<n>
// and, per target and connections, the two-instance throughput over the one-instance throughput.
// Targets (issue 18): zero 5xx; public pages (home, book_date_step, slot_list) p95 ≤ 200 ms at 50
// connections. Needs `npm run build` first (it runs it when .next is missing). Rate limits are raised for
// the run only (one client address sends everything).
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { DEMO_ADMIN } from "@/composition/seed/demo-data";
import { percentile, type Load, ROOT, startLoadStack, timedRun } from "./load-support";

const CONNECTIONS = (process.env.LOAD_CONNECTIONS ?? "50,200").split(",").map(Number);
const SECONDS = Number(process.env.LOAD_SECONDS ?? 15);
const INSTANCES = (process.env.LOAD_INSTANCES ?? "1,2").split(",").map(Number);
const PUBLIC = new Set(["home", "book_date_step", "slot_list"]);

if (!fs.existsSync(path.join(ROOT, ".next/BUILD_ID")))
  execFileSync("npm", ["run", "build"], { cwd: ROOT, stdio: "inherit" });

type Target = {
  name: string;
  request: (i: number) => {
    method: "GET" | "POST";
    path: string;
    body?: string;
    headers?: Record<string, string>;
  };
  /** How many requests at most (the commits: as many as there are free times for the run). */
  amount?: number;
};

const stack = await startLoadStack(Math.max(...INSTANCES));
const summary: { target: string; instances: number; connections: number; rps: number }[] = [];
let failed = false;
try {
  const prep = await stack.prepareWizard(stack.urls[0] as string);
  const adminCookie = await stack.signIn(stack.urls[0] as string, DEMO_ADMIN);
  // Every commit run gets its own days, so no run finds its times taken by an earlier one.
  const runs = INSTANCES.length * CONNECTIONS.length;
  const commitSlots = Array.from({ length: runs }, (_, k) => prep.slots.filter((_, i) => i % runs === k));
  let run = 0;
  console.log(
    `[load] ${prep.slots.length} free times over ${prep.days} days for the commits; ${SECONDS} s per run`,
  );

  for (const instances of INSTANCES) {
    const base = instances === 1 ? (stack.urls[0] as string) : await stack.proxy(instances);
    for (const connections of CONNECTIONS) {
      const slots = commitSlots[run++] ?? [];
      const targets: Target[] = [
        { name: "home", request: () => ({ method: "GET", path: "/" }) },
        // Every guest's wizard pages carry their own run id, so no two guests share one (the page cache,
        // ADR 0038, can't help them): each request gets its own URL, as if from a new guest. The home page
        // is the same for every visitor.
        {
          name: "book_date_step",
          request: (i) => ({ method: "GET", path: `${prep.dateStepPath}&guest=${run}-${i}` }),
        },
        {
          name: "slot_list",
          request: (i) => ({
            method: "GET",
            path: `${prep.slotListPaths[i % prep.slotListPaths.length] as string}&guest=${run}-${i}`,
          }),
        },
        {
          name: "book_commit",
          amount: slots.length,
          request: (i) => ({
            method: "POST",
            path: "/api/book",
            headers: { "content-type": "application/json" },
            body: JSON.stringify(prep.commitBody(slots[i % slots.length] as string, `${run}-${i}`)),
          }),
        },
        {
          name: "admin_bookings",
          request: () => ({ method: "GET", path: "/admin/bookings", headers: { cookie: adminCookie } }),
        },
      ];
      for (const target of targets) {
        if (target.amount === 0) continue;
        // A request that takes longer than a run is a stall: say what the database is doing meanwhile.
        const watch = setTimeout(
          () =>
            void stack
              .activity()
              .then((a) => console.log(`[load] database sessions at ${SECONDS + 10} s:\n${a}`)),
          (SECONDS + 10) * 1000,
        );
        const r: Load = await timedRun(base, connections, SECONDS, target.request, target.amount);
        clearTimeout(watch);
        const p = (q: number) => percentile(r.latencies, q).toFixed(1);
        console.log(
          `RESULT load target=${target.name} instances=${instances} connections=${connections} requests=${r.latencies.length} rps=${r.rps.toFixed(1)} p50_ms=${p(50)} p95_ms=${p(95)} p99_ms=${p(99)} non2xx=${r.non2xx} http5xx=${r.http5xx} errors=${r.errors}${r.conflicts ? ` taken=${r.conflicts}` : ""}`,
        );
        summary.push({ target: target.name, instances, connections, rps: r.rps });
        if (r.http5xx > 0 || r.errors > 0) {
          failed = true;
          // What the servers said meanwhile: the cause is usually there.
          console.log(
            `[load] server output (last 60 lines):\n${stack.logs().split("\n").slice(-60).join("\n")}`,
          );
        }
        if (PUBLIC.has(target.name) && connections === 50 && percentile(r.latencies, 95) > 200) failed = true;
      }
    }
  }
  for (const s of summary.filter((x) => x.instances === 2)) {
    const one = summary.find(
      (x) => x.instances === 1 && x.target === s.target && x.connections === s.connections,
    );
    if (one && one.rps > 0)
      console.log(
        `RESULT load_ratio target=${s.target} connections=${s.connections} two_over_one=${(s.rps / one.rps).toFixed(2)}`,
      );
  }
  const mem = await stack.memory(stack.urls[0] as string);
  console.log(
    `[load] instance A after the runs: rss ${mem.rssMb.toFixed(0)} MB, heap ${mem.heapMb.toFixed(0)} MB`,
  );
} finally {
  await stack.stop();
}
console.log(
  failed ? "LOAD TARGETS MISSED (5xx, errors, or a public page over 200 ms p95 at 50)" : "LOAD TARGETS MET",
);
process.exit(failed ? 1 : 0);

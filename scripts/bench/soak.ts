// `npm run bench:soak` — issue 18's soak: SOAK_SECONDS (default 600) of mixed traffic against one
// production instance on PostgreSQL (the stack of `bench:load`), SOAK_CONNECTIONS (default 20) at once —
// the home page, the wizard's date step and slot lists, the admin's bookings table, and a booking commit
// every 20th request while free times last — with the server's resident memory and used heap sampled
// every 10 s from its /api/metrics, written to SOAK_CSV (default .data/bench/soak-<time>.csv). The server's
// heap is bounded at SOAK_HEAP_MB (default 384; 0 = Node's default, which is sized from the machine's RAM).
// Verdict: the least-squares trend of the resident memory over the last 80% of the run (the first 20% is
// warm-up: caches filling, JIT), as a share of its mean, must stay within 10%; and no 5xx.
//   RESULT soak seconds=<n> requests=<n> rps=<x> p50_ms p95_ms p99_ms http5xx=<n> errors=<n>
//   RESULT soak_memory samples=<n> rss_start_mb rss_end_mb rss_trend_pct heap_trend_pct verdict=<flat|growing>
import fs from "node:fs";
import path from "node:path";
import { DEMO_ADMIN } from "@/composition/seed/demo-data";
import { percentile, type RequestSpec, ROOT, startLoadStack, timedRun, trendShare } from "./load-support";

const SECONDS = Number(process.env.SOAK_SECONDS ?? 600);
const CONNECTIONS = Number(process.env.SOAK_CONNECTIONS ?? 20);
const CSV =
  process.env.SOAK_CSV ??
  path.join(ROOT, ".data/bench", `soak-${new Date().toISOString().replace(/[:.]/g, "-")}.csv`);

// The server runs with a bounded heap, as production should (README "Production"): with headroom V8 defers
// its collections, so an unbounded process's memory climbs with garbage (a first soak without a bound went
// from 340 MB to 2.7 GB resident in ten minutes, yet a heap snapshot after a forced collection held ~110 MB
// and the same load under a 256 MB bound stayed flat at ~190 MB). Under a bound, memory that is really
// retained ends in an out-of-memory crash — errors — or a rising trend; garbage does neither.
const HEAP_MB = Number(process.env.SOAK_HEAP_MB ?? 384);
const stack = await startLoadStack(1, {}, HEAP_MB > 0 ? [`--max-old-space-size=${HEAP_MB}`] : []);
let ok = false;
try {
  const base = stack.urls[0] as string;
  const prep = await stack.prepareWizard(base);
  const cookie = await stack.signIn(base, DEMO_ADMIN);
  const samples: { t: number; rss: number; heap: number }[] = [];
  const started = Date.now();
  const sample = async () => {
    const m = await stack.memory(base).catch(() => null);
    if (m) samples.push({ t: (Date.now() - started) / 1000, rss: m.rssMb, heap: m.heapMb });
  };
  await sample();
  const timer = setInterval(() => void sample(), 10_000);
  let commits = 0;
  const load = await timedRun(base, CONNECTIONS, SECONDS, (i): RequestSpec => {
    if (i % 20 === 19 && commits < prep.slots.length) {
      const start = prep.slots[commits++] as string;
      return {
        method: "POST",
        path: "/api/book",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(prep.commitBody(start, `soak-${i}`)),
      };
    }
    switch (i % 4) {
      case 0:
        return { method: "GET", path: "/" };
      case 1:
        return { method: "GET", path: prep.dateStepPath };
      case 2:
        return { method: "GET", path: prep.slotListPaths[i % prep.slotListPaths.length] as string };
      default:
        return { method: "GET", path: "/admin/bookings", headers: { cookie } };
    }
  });
  clearInterval(timer);
  await sample();

  fs.mkdirSync(path.dirname(CSV), { recursive: true });
  fs.writeFileSync(
    CSV,
    `seconds,rss_mb,heap_used_mb\n${samples.map((s) => `${s.t.toFixed(1)},${s.rss.toFixed(1)},${s.heap.toFixed(1)}`).join("\n")}\n`,
  );
  const steady = samples.filter((s) => s.t >= SECONDS * 0.2);
  const rssTrend = trendShare(steady.map((s) => ({ x: s.t, y: s.rss })));
  const heapTrend = trendShare(steady.map((s) => ({ x: s.t, y: s.heap })));
  const flat = rssTrend <= 0.1;
  ok = flat && load.http5xx === 0 && load.errors === 0;
  const p = (q: number) => percentile(load.latencies, q).toFixed(1);
  console.log(
    `RESULT soak seconds=${SECONDS} connections=${CONNECTIONS} requests=${load.latencies.length} rps=${load.rps.toFixed(1)} p50_ms=${p(50)} p95_ms=${p(95)} p99_ms=${p(99)} commits=${commits} taken=${load.conflicts} http5xx=${load.http5xx} errors=${load.errors}`,
  );
  console.log(
    `RESULT soak_memory samples=${samples.length} rss_start_mb=${samples[0]?.rss.toFixed(1)} rss_end_mb=${samples.at(-1)?.rss.toFixed(1)} rss_max_mb=${Math.max(...samples.map((s) => s.rss)).toFixed(1)} rss_trend_pct=${(rssTrend * 100).toFixed(1)} heap_trend_pct=${(heapTrend * 100).toFixed(1)} verdict=${flat ? "flat" : "growing"} csv=${path.relative(ROOT, CSV)}`,
  );
  // A server that died under the soak says why in its own output.
  if (load.errors > 0 || load.http5xx > 0)
    console.log(`[soak] server output (last lines):\n${stack.logs().slice(-3000)}`);
} finally {
  await stack.stop();
}
process.exit(ok ? 0 : 1);

// `npm run bench:seed`: how long the demo business takes to seed (issue 27 item 15: ≤ 5 s), on a fresh
// in-memory PGlite each run (migrations applied first, not counted), and how long that start took.
//   RESULT demo_seed p50_ms=<x> p95_ms=<y> bookings=<n> runs=<n>
//   RESULT pglite_start p50_ms=<x> p95_ms=<y>
// Exits non-zero when the seed's p50 is over 5 s.
import { count } from "drizzle-orm";
import { seedDemoBusiness } from "@/composition/seed/demo-business";
import { openDatabase } from "@/server/db/client";
import { bookings } from "@/server/db/schema";
import type { FileStorage } from "@/server/storage";
import { pct } from "./databases";
import { composeApp } from "@/composition";

// Module code here reaches the ports the composition root passes in (ADR 0045).
composeApp();

const RUNS = Number(process.env.RUNS ?? 5);
// The illustrations are stored too (in memory here), as on a real first start.
const files = new Map<string, Buffer>();
const storage: FileStorage = {
  put: async (key, data) => void files.set(key, data),
  get: async (key) => files.get(key) ?? null,
  delete: async (key) => void files.delete(key),
};

const seedMs: number[] = [];
const startMs: number[] = [];
let n = 0;
for (let i = 0; i < RUNS; i++) {
  const opened = performance.now();
  const handle = await openDatabase({ dir: "memory://" });
  startMs.push(performance.now() - opened);
  const started = performance.now();
  await seedDemoBusiness(handle.db, { storage });
  seedMs.push(performance.now() - started);
  const [row] = await handle.db.select({ n: count() }).from(bookings);
  n = Number(row?.n ?? 0);
  await handle.close();
}
const p50 = pct(seedMs, 50);
console.log(
  `RESULT demo_seed p50_ms=${p50.toFixed(0)} p95_ms=${pct(seedMs, 95).toFixed(0)} bookings=${n} runs=${RUNS}`,
);
console.log(
  `RESULT pglite_start p50_ms=${pct(startMs, 50).toFixed(0)} p95_ms=${pct(startMs, 95).toFixed(0)}`,
);
if (p50 > 5000) process.exitCode = 1;

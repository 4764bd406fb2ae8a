// `npm run bench:render` — what one page costs the server, measured one request at a time (no queueing),
// against a production build on PostgreSQL with the page cache off (each request renders). It is the
// figure behind the load benchmark's latencies (ADR 0038, 0039): one Node.js process renders one page at a
// time, so under load an instance answers at most about 1000 / (its CPU ms per page) pages a second, and a
// closed loop of c connections waits about c times that per request. (A lone request also waits for the
// database and the socket, which overlap with other renders under load: these figures are an upper bound
// of the CPU cost.)
//   home            GET /
//   book_date_step  GET /book at the date step, each request with its own run id (a new guest)
//   slot_list       GET /book with a date chosen, each request with its own run id
// Prints, per page, `RESULT render page=<p> requests=<n> p50_ms p90_ms bytes=<n>`. RENDER_REQUESTS (default 200) per page. RENDER_PROFILE=1 also writes a V8 CPU
// profile of the server to RENDER_PROFILE_DIR (default /tmp/forecourt-render-profile), for Chrome DevTools
// or speedscope. Needs `npm run build` first.
import { execSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { percentile, startLoadStack } from "./load-support";

const N = Number(process.env.RENDER_REQUESTS ?? 200);
const PROFILE = process.env.RENDER_PROFILE === "1";
const PROFILE_DIR = process.env.RENDER_PROFILE_DIR ?? "/tmp/forecourt-render-profile";

const stack = await startLoadStack(
  1,
  { PUBLIC_PAGE_CACHE_SECONDS: "0" },
  PROFILE ? ["--cpu-prof", `--cpu-prof-dir=${PROFILE_DIR}`] : [],
);
try {
  const base = stack.urls[0] as string;
  const prep = await stack.prepareWizard(base, 10);
  const newGuest = (path: string) =>
    path.replace(/run=[^&]+/, `run=${randomBytes(16).toString("base64url")}`);
  const measure = async (page: string, path: (i: number) => string, n: number, quiet = false) => {
    const ms: number[] = [];
    let bytes = 0;
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      const res = await fetch(`${base}${path(i)}`);
      const body = await res.text();
      ms.push(performance.now() - t);
      if (res.status !== 200) throw new Error(`${page} answered ${res.status}`);
      bytes = body.length;
    }
    if (quiet) return;
    const p50 = percentile(ms, 50);
    console.log(
      `RESULT render page=${page} requests=${n} p50_ms=${p50.toFixed(1)} p90_ms=${percentile(ms, 90).toFixed(1)} bytes=${bytes}`,
    );
  };
  // Warm up: the first renders compile and fill the process's caches.
  await measure("warm-up", () => newGuest(prep.dateStepPath), 50, true);
  await measure("home", () => "/", N);
  await measure("book_date_step", () => newGuest(prep.dateStepPath), N);
  await measure("slot_list", (i) => newGuest(prep.slotListPaths[i % prep.slotListPaths.length] as string), N);
  if (PROFILE) {
    // The profile is written when the server exits on its own (SIGTERM: a graceful shutdown).
    execSync(`pkill -TERM -f "[c]pu-prof-dir=${PROFILE_DIR}"`);
    await new Promise((r) => setTimeout(r, 8000));
    console.log(`[render] CPU profile in ${PROFILE_DIR}`);
  }
} finally {
  await stack.stop();
}

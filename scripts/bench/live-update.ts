// `npm run bench:live` — the live-update promise, measured: "Admin screens marked Live and the customer's
// booking page update within 2 seconds of a change made anywhere" (PRODUCT.md §10). The end-to-end specs
// check only *whether* a page follows (tests/e2e/customer/live.spec.ts, admin/today.spec.ts); this times it.
//
// One production server (the build `npm run build` or `npm start` made) on an embedded database of its own,
// with the demo business, and Chromium (CHROME_PATH, else Debian's). Each run: a booking awaiting approval;
// admin A opens its page and waits for the Live badge; admin B approves it on the same page, as an owner
// would (the button and its confirmation: the product's whole write path, a server action); A's page, never
// reloaded, shows "Confirmed". Times, per run, on A's clock:
//   event → render   the booking's live event reaching A's page (an EventSource of its own beside the
//                    page's) → A's page showing the new status: the gathering delay and the server render
//                    the page does on an event. The figure the 2 s promise is held to (p95).
//   press → render   B pressing "Approve and email" → A's page showing it: the same plus the approval itself
//                    (the server action, its emails queued) and the event's trip, for the whole picture.
// Prints `RESULT live-update <figure> p50=<ms> p95=<ms> max=<ms> runs=<n>` for each, and exits 1 when the
// event → render p95 is over 2,000 ms (LIVE_TARGET_MS). Options: LIVE_RUNS (default 30) after LIVE_WARMUP
// (default 2) unmeasured; LOAD_PORT (default 4010), the server's port.
import { mkdtempSync, rmSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser, type Page } from "@playwright/test";
import { startProcess, until } from "../../tests/faults/app-process";
import { chromePath } from "../chrome-path.mjs";
import { benchServerEnv, percentile, ROOT } from "./load-support";

const RUNS = Number(process.env.LIVE_RUNS ?? 30);
const WARMUP = Number(process.env.LIVE_WARMUP ?? 2);
const TARGET_MS = Number(process.env.LIVE_TARGET_MS ?? 2_000);
const PORT = Number(process.env.LOAD_PORT ?? 4010);
const BASE = `http://127.0.0.1:${PORT}`;
const ADMIN = { email: "admin@forecourt.test", password: "Forecourt-admin-2026" };
const CUSTOMER_EMAIL = "customer@forecourt.test";
const DAY = 86_400_000;

if (!existsSync(path.join(ROOT, ".next", "BUILD_ID"))) {
  console.error("No production build: run `npm run build` (or `npm start` once) first.");
  process.exit(1);
}

/** A booking awaiting approval, on a team of the bench's own (no times to collide with the demo's). */
async function newBooking(page: Page, run: number): Promise<{ id: string; reference: string }> {
  const startsAt = new Date(Math.floor(Date.now() / DAY) * DAY + (60 + run) * DAY + 10 * 3_600_000);
  const res = await page.request.post("/api/test/bookings", {
    data: {
      status: "awaiting_approval",
      customerEmail: CUSTOMER_EMAIL,
      teamName: "Live bench van",
      ownTeam: true,
      startsAt: startsAt.toISOString(),
    },
  });
  if (res.status() !== 200) throw new Error(`the test booking answered ${res.status()}`);
  return (await res.json()).data;
}

async function adminPage(browser: Browser): Promise<Page> {
  const ctx = await browser.newContext({ baseURL: BASE, viewport: { width: 1280, height: 900 } });
  const res = await ctx.request.post("/api/test/session", { data: ADMIN });
  if (res.status() !== 200) throw new Error(`the admin's test session answered ${res.status()}`);
  return ctx.newPage();
}

/**
 * On A's page: the time its own EventSource hears this booking's event, and the time the page's heading
 * block first says "Confirmed" (a MutationObserver: the first frame's DOM, not a later poll).
 */
async function watch(a: Page, bookingId: string): Promise<void> {
  await a.evaluate((id) => {
    const w = window as unknown as { eventAt?: number; renderAt?: number };
    w.eventAt = undefined;
    w.renderAt = undefined;
    const es = new EventSource("/api/events");
    es.addEventListener("booking.updated", (e) => {
      const data = JSON.parse((e as MessageEvent<string>).data) as { bookingId?: string };
      if (data.bookingId === id && w.eventAt === undefined) w.eventAt = Date.now();
    });
    // (No named functions in here: tsx would wrap them in a helper the page doesn't have.)
    new MutationObserver(() => {
      if (w.renderAt !== undefined) return;
      if (document.querySelector("h1")?.parentElement?.textContent?.includes("Confirmed"))
        w.renderAt = Date.now();
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
    return new Promise((resolve) => es.addEventListener("open", resolve, { once: true }));
  }, bookingId);
}

async function oneRun(
  a: Page,
  b: Page,
  run: number,
): Promise<{ eventToRender: number; pressToRender: number }> {
  const booking = await newBooking(a, run);
  await a.goto(`/admin/bookings/${booking.id}`);
  await a
    .getByRole("status")
    .filter({ hasText: /^Live$/ })
    .waitFor();
  await watch(a, booking.id);
  await b.goto(`/admin/bookings/${booking.id}`);
  await b.getByRole("button", { name: "Approve" }).click();
  const confirm = b
    .getByRole("alertdialog", { name: `Approve ${booking.reference}?` })
    .getByRole("button", { name: "Approve and email" });
  await confirm.waitFor();
  // B's press, on A's clock (both pages in one browser on one machine: the same wall clock).
  const pressedAt = await a.evaluate(() => Date.now());
  await confirm.click();
  await a.waitForFunction(() => (window as unknown as { renderAt?: number }).renderAt !== undefined, null, {
    timeout: 30_000,
  });
  const { eventAt, renderAt } = await a.evaluate(() => {
    const w = window as unknown as { eventAt?: number; renderAt: number };
    return { eventAt: w.eventAt, renderAt: w.renderAt };
  });
  if (eventAt === undefined)
    throw new Error(`run ${run}: the page showed the change, but no event reached it`);
  return { eventToRender: renderAt - eventAt, pressToRender: renderAt - pressedAt };
}

const dir = mkdtempSync(path.join(os.tmpdir(), "forecourt-live-"));
const server = startProcess([path.join(ROOT, "scripts/server.mjs")], {
  ...benchServerEnv(),
  DATABASE_URL: "",
  PGLITE_DIR: path.join(dir, "pglite"),
  UPLOADS_DIR: path.join(dir, "uploads"),
  APP_URL: BASE,
  PORT: String(PORT),
  ENABLE_TEST_ROUTES: "1",
});
let browser: Browser | undefined;
let failed = false;
try {
  await until(async () => (await fetch(`${BASE}/api/health/ready`)).ok, 240_000, "the server", server.log);
  browser = await chromium.launch({
    executablePath: chromePath(),
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
  });
  const [a, b] = [await adminPage(browser), await adminPage(browser)];
  const eventToRender: number[] = [];
  const pressToRender: number[] = [];
  for (let run = 0; run < WARMUP + RUNS; run++) {
    const r = await oneRun(a, b, run);
    if (run < WARMUP) continue;
    eventToRender.push(r.eventToRender);
    pressToRender.push(r.pressToRender);
  }
  const line = (figure: string, xs: number[]) =>
    `RESULT live-update ${figure} p50=${percentile(xs, 50)} p95=${percentile(xs, 95)} ` +
    `max=${Math.max(...xs)} runs=${xs.length}`;
  const p95 = percentile(eventToRender, 95);
  console.log(
    `${line("event_to_render", eventToRender)} target=${TARGET_MS} ${p95 <= TARGET_MS ? "ok" : "over"}`,
  );
  console.log(line("press_to_render", pressToRender));
  failed = p95 > TARGET_MS;
  if (failed) console.error(`The live update's p95 is ${p95} ms: over the ${TARGET_MS} ms promise.`);
} catch (err) {
  console.error(err);
  failed = true;
} finally {
  await browser?.close();
  server.stop();
  rmSync(dir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);

// `npm run bench:lighthouse` — Lighthouse (mobile preset, Debian's Chromium) on the public and customer
// pages: `/`, `/booking-policies`, `/auth/login`, `/book` and each step of a guest's booking wizard (the
// step URLs are read from the app: a vehicle, add-ons and an address are sent to /api/book/step as the
// wizard's forms do, and the first free time is taken from the date step), then `/dashboard` and one
// `/dashboard/bookings/{id}` signed in as the demo customer. Starts its own production server on a fresh
// embedded database (`--port`, 3400 by default) unless --url is given, runs each page three times and
// keeps the medians. Prints, per page:
//   RESULT lighthouse <page> perf=<x> a11y=<y> fcp_ms=<n> lcp_ms=<n> tbt_ms=<n> cls=<n> si_ms=<n>
//     opportunity <audit id> ~<n> ms | <n> KB — <title>      (the top three of the median run, by savings)
// `--only <label>,<label>` measures only those pages (labels as printed: `/`, `/book time step`…).
// Targets (issue 30): performance 100 on every public and customer page, accessibility 100.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { rmSync } from "node:fs";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromePath } from "../chrome-path.mjs";

const args = new Map();
for (let i = 2; i < process.argv.length; i += 2) args.set(process.argv[i], process.argv[i + 1]);
const port = Number(args.get("--port") ?? 3400);
const only = args.get("--only");
let url = args.get("--url");
let server;

const CUSTOMER = { email: "customer@forecourt.test", password: "Forecourt-customer-2026" };

async function waitFor(target, ms) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    try {
      if ((await fetch(target)).ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error(`${target} did not answer`);
}

if (!url) {
  const dir = `.data/bench-lighthouse-${port}`;
  rmSync(dir, { recursive: true, force: true });
  url = `http://127.0.0.1:${port}`;
  server = spawn("node", ["scripts/start.mjs"], {
    stdio: ["ignore", "ignore", "inherit"],
    env: { ...process.env, PORT: String(port), APP_URL: url, PGLITE_DIR: dir, LOG_LEVEL: "warn" },
  });
  await waitFor(`${url}/api/health/ready`, 300_000);
}

/** POST JSON the way the app's own forms do (same origin). */
async function post(path, body, cookie) {
  const res = await fetch(`${url}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: url, ...(cookie ? { Cookie: cookie } : {}) },
    body: JSON.stringify(body),
  });
  const json = await res.json().catch(() => null);
  if (!res.ok || json?.ok === false)
    throw new Error(`${path} answered ${res.status}: ${JSON.stringify(json)}`);
  return { res, data: json?.data ?? json };
}

/** The URL a GET ends at after the server's redirects. */
async function landing(path) {
  const res = await fetch(`${url}${path}`);
  return res.url.slice(url.length);
}

/** A guest's wizard, one URL per step, read from the app itself. */
async function wizardSteps() {
  const steps = [];
  // A run id as the wizard's page makes one (16 random bytes, base64url), so every step's URL holds it.
  const run = randomBytes(16).toString("base64url");
  const vehicle = await landing(`/book?service=exterior-wash&run=${run}`);
  steps.push(["/book vehicle step", vehicle]);
  const html = await (await fetch(`${url}${vehicle}`)).text();
  const size = html.match(/name="size"[^>]*value="([0-9a-f-]{36})"|value="([0-9a-f-]{36})"[^>]*name="size"/);
  const q = (href) => new URL(href, url).pathname + new URL(href, url).search;
  const v = await post("/api/book/step", {
    step: "vehicle",
    run,
    service: "exterior-wash",
    size: size?.[1] ?? size?.[2],
    make: "Volkswagen",
    model: "Golf",
    registration: "LB19 XKT",
    colour: "Grey",
  });
  const addons = q(v.data.redirectTo);
  steps.push(["/book add-ons step", addons]);
  const address = q(
    addons.replace("step=addons", "step=address") + (addons.includes("addons=") ? "" : "&addons="),
  );
  steps.push(["/book address step", await landing(address)]);
  const a = await post("/api/book/step", {
    ...Object.fromEntries(new URL(address, url).searchParams),
    step: "address",
    postcode: "SE10 9NF",
    line1: "24 Acre Lane",
    town: "London",
  });
  const time = q(a.data.redirectTo);
  steps.push(["/book time step", time]);
  const timeHtml = await (await fetch(`${url}${time}`)).text();
  const day = timeHtml
    .match(/href="(\/book\?[^"]*date=[^"]*)"/g)
    ?.map((h) => h.slice(6, -1).replaceAll("&amp;", "&"));
  let details;
  for (const dayHref of day ?? []) {
    const slots = await (await fetch(`${url}${dayHref}`)).text();
    const slot = slots.match(/href="(\/book\?[^"]*start=[^"]*)"/);
    if (slot) {
      details = await landing(slot[1].replaceAll("&amp;", "&"));
      steps.push(["/book times of a day", dayHref]);
      break;
    }
  }
  if (details) {
    steps.push(["/book details step", details]);
    steps.push(["/book review step", details.replace("step=details", "step=review")]);
  }
  return steps;
}

/** Signed in as the demo customer: the session cookie and one of their bookings. */
async function customerPages() {
  const { res } = await post("/api/account/login", CUSTOMER);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const list = await (await fetch(`${url}/dashboard/bookings`, { headers: { Cookie: cookie } })).text();
  const booking = list.match(/href="(\/dashboard\/bookings\/[0-9a-f-]{36})"/)?.[1];
  return [
    ["/dashboard", "/dashboard", cookie],
    ...(booking ? [["/dashboard/bookings/{id}", booking, cookie]] : []),
  ];
}

const pages = [
  ["/", "/"],
  ["/booking-policies", "/booking-policies"],
  ["/auth/login", "/auth/login"],
  ["/book", "/book"],
  ...(await wizardSteps()),
  ...(await customerPages()),
].filter(([label]) => !only || only.split(",").includes(label));

const chrome = await chromeLauncher.launch({
  chromePath: chromePath(),
  chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"],
});
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const METRICS = [
  ["fcp_ms", "first-contentful-paint", 0],
  ["lcp_ms", "largest-contentful-paint", 0],
  ["tbt_ms", "total-blocking-time", 0],
  ["cls", "cumulative-layout-shift", 3],
  ["si_ms", "speed-index", 0],
];

/** The run's opportunities and diagnostics that would save time or bytes, largest first. */
function opportunities(lhr) {
  return Object.values(lhr.audits)
    .filter((a) => a.score !== null && a.score < 1 && (a.metricSavings || a.details?.overallSavingsMs))
    .map((a) => ({
      id: a.id,
      title: a.title,
      ms: Math.round(
        a.details?.overallSavingsMs ?? Math.max(0, ...Object.values(a.metricSavings ?? {}).map(Number)),
      ),
      kb: Math.round((a.details?.overallSavingsBytes ?? 0) / 1024),
    }))
    .filter((o) => o.ms > 0 || o.kb > 0)
    .sort((x, y) => y.ms - x.ms || y.kb - x.kb)
    .slice(0, 3);
}

let failed = false;
try {
  for (const [label, path, cookie] of pages) {
    const headers = cookie ? { Cookie: cookie } : {};
    await fetch(`${url}${path}`, { headers }); // warm the server's caches
    const runs = [];
    for (let i = 0; i < 3; i++) {
      const result = await lighthouse(`${url}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility"],
        formFactor: "mobile",
        extraHeaders: headers,
      });
      if (result) runs.push(result.lhr);
    }
    const perfOf = (lhr) => Math.round((lhr.categories.performance.score ?? 0) * 100);
    const p = median(runs.map(perfOf));
    const a = median(runs.map((lhr) => Math.round((lhr.categories.accessibility.score ?? 0) * 100)));
    const metrics = METRICS.map(([name, id, digits]) => {
      const value = median(runs.map((lhr) => lhr.audits[id]?.numericValue ?? NaN));
      return `${name}=${digits ? value.toFixed(digits) : Math.round(value)}`;
    });
    if (p < 100 || a < 100) failed = true;
    console.log(`RESULT lighthouse ${label} perf=${p} a11y=${a} ${metrics.join(" ")}`);
    if (label !== path) console.log(`  url ${path.replace(/run=[^&]+/, "run=…")}`);
    const typical = runs.find((lhr) => perfOf(lhr) === p) ?? runs[0];
    for (const o of typical ? opportunities(typical) : []) {
      console.log(`  opportunity ${o.id} ~${o.ms} ms${o.kb ? ` ${o.kb} KB` : ""} — ${o.title}`);
    }
  }
} finally {
  await chrome.kill();
  server?.kill("SIGTERM");
}
process.exit(failed ? 1 : 0);

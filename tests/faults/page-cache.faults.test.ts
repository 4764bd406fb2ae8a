import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "@playwright/test";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEMO_CUSTOMER } from "@/composition/seed/demo-data";
import { chromePath } from "../../scripts/chrome-path.mjs";
import { CACHEABLE } from "../../scripts/page-cache.mjs";
import { type AppProcess, assertPortFree, ROOT, startProcess, until } from "./app-process";

// The public page cache (ADR 0038) on the production server: a page shared between anonymous visitors
// still carries its own nonce in every answer, so the browser runs the page's scripts under the strict
// CSP; a signed-in person is never answered from it. Production build, embedded database.

const PORT = 3_801;
const base = `http://127.0.0.1:${PORT}`;
let app: AppProcess;
let browser: Browser;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "forecourt-page-cache-"));

beforeAll(async () => {
  await assertPortFree(PORT);
  app = startProcess([path.join(ROOT, "scripts/server.mjs")], {
    NODE_ENV: "production",
    PORT: String(PORT),
    APP_URL: base,
    PGLITE_DIR: path.join(dataDir, "pglite"),
    UPLOADS_DIR: path.join(dataDir, "uploads"),
    AUTH_SECRET: randomBytes(32).toString("base64"),
    SEED_ON_START: "demo",
    PUBLIC_PAGE_CACHE_SECONDS: "30",
  });
  await until(async () => (await fetch(`${base}/api/health/ready`)).ok, 240_000, "the app", app.log);
  browser = await chromium.launch({
    executablePath: chromePath(),
    args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update"],
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  app?.stop();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const nonces = (html: string, csp: string | null) => ({
  body: new Set([...html.matchAll(/nonce="([^"]+)"/g)].map((m) => m[1])),
  header: /'nonce-([^']+)'/.exec(csp ?? "")?.[1],
});

/**
 * A page as two visitors can be compared: its HTML without scripts, and the rows of React's payload
 * sorted and without their numbers (the streamed rows of a page arrive in whichever order their data does).
 */
function comparable(page: string): { html: string; flight: string[] } {
  const flight = [...page.matchAll(/self\.__next_f\.push\(\[1,("(?:[^"\\]|\\.)*")\]\)/g)]
    .map((m) => JSON.parse(m[1] as string) as string)
    .join("")
    .split("\n")
    // Rows are numbered, and refer to each other, in the order their data arrived: compare them without.
    .map((row) => row.replace(/^[0-9a-f]+:/, "").replace(/\$[LQ@]?[0-9a-f]+\b/g, "$ref"))
    .sort();
  return { html: page.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ""), flight };
}

/** One page per pattern the cache may share (a new pattern needs its page here). */
const SHARED_PAGES = [
  "/",
  "/?postcode=SE5%209NR",
  "/booking-policies",
  "/privacy-policy",
  "/terms-of-service",
];

describe("the public page cache on the production server", () => {
  it("shares only pages that are the same for every visitor: two renders differ by nothing but the nonce", async () => {
    for (const re of CACHEABLE)
      expect(
        SHARED_PAGES.some((p) => re.test(p.split("?")[0] as string)),
        `${re} needs a page in SHARED_PAGES`,
      ).toBe(true);
    for (const page of SHARED_PAGES) {
      // A cookie bypasses the cache: each of these is a fresh render.
      const renders = [];
      for (let i = 0; i < 2; i++) {
        const res = await fetch(`${base}${page}`, { headers: { cookie: "unrelated=1" } });
        expect(res.status).toBe(200);
        expect(res.headers.get("x-forecourt-cache")).toBeNull();
        const nonce = /'nonce-([^']+)'/.exec(res.headers.get("content-security-policy") ?? "")?.[1] ?? "";
        renders.push(comparable((await res.text()).replaceAll(nonce, "NONCE")));
      }
      expect(renders[1]?.html, `${page}'s HTML differs between two visitors`).toBe(renders[0]?.html);
      expect(renders[1]?.flight, `${page}'s React payload differs between two visitors`).toEqual(
        renders[0]?.flight,
      );
    }
  });

  it("answers anonymous visitors from one render, each answer with its own nonce in header and body", async () => {
    const answers = [];
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${base}/booking-policies`);
      answers.push({
        cache: res.headers.get("x-forecourt-cache"),
        csp: res.headers.get("content-security-policy"),
        html: await res.text(),
      });
    }
    expect(answers.slice(1).map((a) => a.cache)).toEqual(["hit", "hit"]);
    const seen = answers.map((a) => nonces(a.html, a.csp));
    for (const n of seen) {
      expect(n.body.size).toBeGreaterThan(0);
      expect([...n.body]).toEqual([n.header]);
    }
    expect(new Set(seen.map((n) => n.header)).size).toBe(3);
  });

  it("runs the shared page's scripts in a browser under the strict CSP (no violation, React hydrated)", async () => {
    // The first visit renders and keeps the page; the second is answered from the cache.
    for (const expected of [null, "hit"]) {
      const context = await browser.newContext();
      const page = await context.newPage();
      const violations: string[] = [];
      page.on("console", (m) => {
        if (/Content Security Policy|Refused to (execute|load)/i.test(m.text())) violations.push(m.text());
      });
      const response = await page.goto(`${base}/`);
      expect(response?.status()).toBe(200);
      if (expected) expect(response?.headers()["x-forecourt-cache"]).toBe(expected);
      // Next's inline bootstrap scripts ran (they carry the nonce), and React hydrated the page (its
      // elements carry React's fibers; a blocked script would leave plain server HTML).
      await page.waitForFunction(() => Array.isArray((self as unknown as { __next_f?: unknown[] }).__next_f));
      await page.waitForFunction(
        () =>
          [...document.querySelectorAll("body *")].some((el) =>
            Object.keys(el).some((k) => k.startsWith("__reactFiber")),
          ),
        undefined,
        { timeout: 20_000 },
      );
      expect(violations).toEqual([]);
      await context.close();
    }
  }, 120_000);

  it("never answers a signed-in person from the cache", async () => {
    await fetch(`${base}/`);
    const signIn = await fetch(`${base}/api/account/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: DEMO_CUSTOMER.email, password: DEMO_CUSTOMER.password }),
    });
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const res = await fetch(`${base}/`, { headers: { cookie } });
    expect(res.headers.get("x-forecourt-cache")).toBeNull();
    expect(await res.text()).toMatch(/My account|My bookings|Sign out/i);
    const anonymous = await fetch(`${base}/`);
    expect(anonymous.headers.get("x-forecourt-cache")).toBe("hit");
    expect(await anonymous.text()).not.toMatch(/Sign out/i);
  });
});

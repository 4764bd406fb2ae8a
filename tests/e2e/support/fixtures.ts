import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  expect,
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  test as base,
  type Page,
} from "@playwright/test";
import { DEMO_ADMIN, DEMO_CUSTOMER, DEMO_STAFF } from "../../../src/composition/seed/demo-data";

export type Role = "admin" | "customer";

export const credentials = { admin: DEMO_ADMIN, customer: DEMO_CUSTOMER, staff: DEMO_STAFF } as const;

/**
 * A screenshot to be looked at (full page unless told), in the test's output and in SHOTS_DIR when set.
 * In CI, where nobody looks, only with SHOTS_DIR: a full-page capture costs the browser a second of CPU,
 * and the suite takes 124 of them (ADR 0049). No test reads a screenshot; they are for people.
 */
export async function shot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  const dir = process.env.SHOTS_DIR;
  if (process.env.CI && !dir) return;
  await page.screenshot({ path: test.info().outputPath(name), fullPage: opts.fullPage ?? true });
  if (dir) {
    fs.mkdirSync(dir, { recursive: true });
    fs.copyFileSync(test.info().outputPath(name), path.join(dir, name));
  }
}

/** Every page a test visits must pass axe with no serious or critical violations. */
export async function expectAccessible(page: Page) {
  // Next streams metadata: during a refresh the <title> is briefly absent. Check the settled page.
  const scan = async () => {
    await page.waitForFunction(() => document.title.length > 0);
    // Let finite animations end first (a toast fading in measures as low contrast mid-way); endless
    // ones (a spinner, the live dot) are left running, and nothing waits longer than 2 s.
    await page.evaluate(() =>
      Promise.race([
        Promise.all(
          document
            .getAnimations()
            .filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
            .map((a) => a.finished.catch(() => undefined)),
        ),
        new Promise((resolve) => setTimeout(resolve, 2000)),
      ]),
    );
    // Full details for violations only, and on a page without frames axe.run in the page itself (legacy
    // mode) rather than a partial run finished in a new blank page: the same violations in under half the
    // time (212 scans in the suite). A page with a frame (the email preview's sandboxed one, which legacy
    // mode can't reach) is scanned frame by frame as before.
    const results = await new AxeBuilder({ page })
      .options({ resultTypes: ["violations"] }) // before withTags: options() replaces runOnly
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
      .setLegacyMode(page.frames().length === 1)
      .analyze();
    return results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  };
  let serious = await scan();
  // A live event can land between the wait and the scan: a refresh drops the title for a moment, or a toast
  // starts fading in and measures as low contrast. Scan once more after its animation has ended; a real
  // violation (a page with no title, text that is really too faint) is there both times and still fails.
  if (serious.length > 0) serious = await scan();
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    "axe found serious accessibility violations",
  ).toEqual([]);
}

let seq = 0;
/** A unique address per call, so flows never collide with each other or with rate limits. */
export function uniqueEmail(label: string): string {
  return `${label}-${Date.now().toString(36)}-${++seq}@example.test`;
}

/** Creates a user directly (test route) and returns its credentials. */
export async function createUser(
  request: APIRequestContext,
  opts: { role?: Role; emailVerified?: boolean; name?: string } = {},
): Promise<{ email: string; password: string; name: string }> {
  const email = uniqueEmail(opts.role ?? "customer");
  const password = "Tidy-Wheels-Arch-42";
  const name = opts.name ?? "Alex Morgan";
  const res = await request.post("/api/test/users", {
    data: { email, password, name, role: opts.role ?? "customer", emailVerified: opts.emailVerified ?? true },
  });
  expect(res.ok()).toBe(true);
  return { email, password, name };
}

/** A session for these credentials in the page's browser context (no UI, no rate limit). */
export async function signInAs(page: Page, who: { email: string; password: string }) {
  const res = await page.request.post("/api/test/session", {
    data: { email: who.email, password: who.password },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/**
 * Runs `watch` on the test's own context and on every context the test opens later with
 * `browser.newContext` (a second person, a phone-sized window), for as long as the test runs.
 */
async function watchEveryContext(
  context: BrowserContext,
  browser: Browser,
  watch: (context: BrowserContext) => Promise<void>,
  during: () => Promise<void>,
) {
  await watch(context);
  const newContext = browser.newContext;
  browser.newContext = async (...args) => {
    const created = await newContext.apply(browser, args);
    await watch(created);
    return created;
  };
  try {
    await during();
  } finally {
    browser.newContext = newContext;
  }
}

/** Calls `watch` for every page of the context, the ones open now and the ones it opens later. */
function onEveryPage(context: BrowserContext, watch: (page: Page) => void) {
  context.pages().forEach(watch);
  context.on("page", watch);
}

async function watchCsp(context: BrowserContext, violations: string[]) {
  await context.exposeBinding("__reportCspViolation", (_source, text: string) => {
    violations.push(text);
  });
  await context.addInitScript(() => {
    document.addEventListener("securitypolicyviolation", (e) => {
      const report = (window as unknown as { __reportCspViolation?: (t: string) => void })
        .__reportCspViolation;
      report?.(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} on ${e.documentURI}`);
    });
  });
  onEveryPage(context, (page) =>
    page.on("console", (msg) => {
      if (msg.text().includes("Content Security Policy")) violations.push(msg.text());
    }),
  );
}

/**
 * A React hydration problem, whatever the console level it comes at: the development build's warnings and
 * the production build's minified errors (#418 text, #423 recoverable, #425 text content; #419 and #421 are
 * other render mismatches).
 */
export const HYDRATION_MESSAGE =
  /Hydration failed|hydrat(ed|ing|ion).*(mismatch|did not match|didn't match)|did not match|Minified React error #4(18|19|21|23|25)\b|react\.dev\/errors\/4(18|19|21|23|25)\b/i;

/**
 * What Chrome logs when the page itself answers 404 (a not-found page): for `expectConsole`. A resource the
 * page loads that answers 404 is logged with "(from <its address>)" after it, and does not match.
 */
export const PAGE_NOT_FOUND = /the server responded with a status of 404 \(Not Found\)$/;

/**
 * What Chrome logs when a request the page makes answers `status` (a form's fetch refused with 400, a sign-in
 * refused with 401): for `expectConsole`, for that path only.
 */
export function requestRefused(status: number, path: string): RegExp {
  const escaped = path.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
  return new RegExp(`status of ${status} \\([^)]+\\) \\(from https?:\\/\\/[^/]+${escaped}\\)$`);
}

/** One thing the browser said that a test did not expect: where, and what. */
type ConsoleProblem = { url: string; text: string };

/**
 * Watches every page for `console.error`, any message about hydration (whatever its level) and uncaught
 * exceptions (`pageerror`).
 */
function watchConsole(context: BrowserContext, problems: ConsoleProblem[]) {
  onEveryPage(context, (page) => {
    page.on("console", (msg) => {
      const text = msg.text();
      if (msg.type() !== "error" && !HYDRATION_MESSAGE.test(text)) return;
      const source = msg.location().url;
      const url = page.url();
      problems.push({
        url,
        text: `console.${msg.type()}: ${text}${source && source !== url ? ` (from ${source})` : ""}`,
      });
    });
    page.on("pageerror", (error) => {
      problems.push({ url: page.url(), text: `uncaught ${error.name}: ${error.message}` });
    });
  });
}

type ConsoleGuard = {
  /**
   * This test expects the browser to say something matching `pattern` (a 404 page's "Failed to load resource",
   * an offline test's network error): such messages are allowed, and the test fails if none came.
   */
  expectConsole: (pattern: RegExp) => void;
  /** Every message the guard has seen so far, allowed or not (for the guard's own tests). */
  consoleMessages: () => readonly ConsoleProblem[];
};

export const test = base.extend<
  {
    loginAs: (role: Role) => Promise<void>;
    cspClean: void;
    consoleClean: ConsoleGuard;
    expectConsole: ConsoleGuard["expectConsole"];
    allowConsole: RegExp[];
  },
  { noPublicHolidays: void }
>({
  // The demo closes England and Wales's bank holidays (ADR 0055); specs that book days from today would
  // land on one some weeks of the year. Each worker's business keeps none, as the integration tests'
  // settings do; the holidays spec chooses its region itself. (The empty business has no settings yet.)
  noPublicHolidays: [
    async ({ playwright }, provide, workerInfo) => {
      const ctx = await playwright.request.newContext({ baseURL: workerInfo.project.use.baseURL });
      await ctx.post("/api/test/settings", { data: { holidayRegion: "none" } }).catch(() => undefined);
      await ctx.dispose();
      await provide();
    },
    { scope: "worker", auto: true },
  ],
  /**
   * Messages a whole file or describe block may see in the console, each as narrow as it can be (never a
   * catch-all): `test.use({ allowConsole: [/status of 404/] })`. Prefer `expectConsole` inside one test.
   */
  allowConsole: [[], { option: true }],
  loginAs: async ({ page }, provide) => {
    await provide((role) => signInAs(page, credentials[role]));
  },
  // Every test is a CSP test: a blocked script, style, font or frame in any page of the test (its own
  // context and any it opens) fails it. Chrome reports a violation as a console message and a DOM event.
  cspClean: [
    async ({ context, browser }, provide) => {
      const violations: string[] = [];
      await watchEveryContext(
        context,
        browser,
        (c) => watchCsp(c, violations),
        () => provide(),
      );
      expect(violations, "the page reported Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
  // Every test is a console test too: a console.error, a hydration warning or an uncaught exception in any
  // page of the test fails it, with the page's address and the message, unless the test said it expects it.
  consoleClean: [
    async ({ context, browser, allowConsole }, provide) => {
      const problems: ConsoleProblem[] = [];
      const expected: RegExp[] = [];
      await watchEveryContext(
        context,
        browser,
        async (c) => watchConsole(c, problems),
        () =>
          provide({
            expectConsole: (pattern) => void expected.push(pattern),
            consoleMessages: () => [...problems],
          }),
      );
      const allowed = [...allowConsole, ...expected];
      expect(
        problems.filter((p) => !allowed.some((re) => re.test(p.text))).map((p) => `${p.url} — ${p.text}`),
        "the browser logged errors, hydration warnings or uncaught exceptions",
      ).toEqual([]);
      expect(
        expected.filter((re) => !problems.some((p) => re.test(p.text))).map(String),
        "the test expected these console messages, and none came",
      ).toEqual([]);
    },
    { auto: true },
  ],
  expectConsole: async ({ consoleClean }, provide) => {
    await provide(consoleClean.expectConsole);
  },
});

export { expect };

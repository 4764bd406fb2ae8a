import fs from "node:fs";
import path from "node:path";
import AxeBuilder from "@axe-core/playwright";
import {
  expect,
  type APIRequestContext,
  type BrowserContext,
  test as base,
  type Page,
} from "@playwright/test";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "../../../src/composition/seed/demo-data";

export type Role = "admin" | "customer";

export const credentials = { admin: DEMO_ADMIN, customer: DEMO_CUSTOMER } as const;

/** A full-page screenshot in the test's output (and in SHOTS_DIR when set), to be looked at. */
export async function shot(page: Page, name: string) {
  await page.screenshot({ path: test.info().outputPath(name), fullPage: true });
  const dir = process.env.SHOTS_DIR;
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
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
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
  const watch = (page: Page) =>
    page.on("console", (msg) => {
      if (msg.text().includes("Content Security Policy")) violations.push(msg.text());
    });
  context.pages().forEach(watch);
  context.on("page", watch);
}

export const test = base.extend<{ loginAs: (role: Role) => Promise<void>; cspClean: void }>({
  loginAs: async ({ page }, provide) => {
    await provide((role) => signInAs(page, credentials[role]));
  },
  // Every test is a CSP test: a blocked script, style, font or frame in any page of the test (its own
  // context and any it opens) fails it. Chrome reports a violation as a console message and a DOM event.
  cspClean: [
    async ({ context, browser }, provide) => {
      const violations: string[] = [];
      await watchCsp(context, violations);
      const newContext = browser.newContext.bind(browser);
      browser.newContext = async (...args) => {
        const created = await newContext(...args);
        await watchCsp(created, violations);
        return created;
      };
      try {
        await provide();
      } finally {
        browser.newContext = newContext;
      }
      expect(violations, "the page reported Content-Security-Policy violations").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };

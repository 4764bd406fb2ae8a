import AxeBuilder from "@axe-core/playwright";
import { expect, test as base, type Page } from "@playwright/test";
import { DEMO_ADMIN, DEMO_CUSTOMER } from "../../../src/server/seed/demo-data";

export type Role = "admin" | "customer";

const credentials = { admin: DEMO_ADMIN, customer: DEMO_CUSTOMER } as const;

/** Every page a test visits must pass axe with no serious or critical violations. */
export async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === "serious" || v.impact === "critical");
  expect(
    serious.map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(" ")).join(", ")})`),
    "axe found serious accessibility violations",
  ).toEqual([]);
}

export const test = base.extend<{ loginAs: (role: Role) => Promise<void> }>({
  loginAs: async ({ page }, provide) => {
    await provide(async (role) => {
      // Signs in through the real auth endpoint; the session cookie lands in the page's context.
      const { email, password } = credentials[role];
      const res = await page.request.post("/api/auth/sign-in/email", {
        data: { email, password },
        headers: {
          origin: new URL(page.url() === "about:blank" ? (test.info().project.use.baseURL ?? "") : page.url())
            .origin,
        },
      });
      expect(res.status(), await res.text()).toBe(200);
    });
  },
});

export { expect };

import type { Page } from "@playwright/test";
import { addDays } from "../../../src/lib/dates";
import { createUser, credentials, expect, expectAccessible, shot, test } from "../support/fixtures";

// The owner's charts: pick a week (custom dates, in the business zone), read the summaries against the
// week before, open a chart's table, move through a chart with the keyboard; the heat map scrolls on a
// phone. Desktop and a 390 px phone, axe on every state. The bookings are made in a week far in the
// future that no other spec uses (January: GMT, local date = UTC date), so the figures are known
// exactly. Recharts loads on this page and on no public page.

/** Every script the page loaded, fetched back as text. */
async function scriptsOf(page: Page): Promise<string> {
  const urls = await page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((e) => e.name)
      .filter((n) => n.endsWith(".js") || n.includes(".js?")),
  );
  const bodies = await Promise.all(urls.map(async (u) => (await page.request.get(u)).text()));
  return bodies.join("\n");
}

for (const [width, team] of [
  [1280, "Van A"],
  [390, "Van B"],
] as const) {
  test(`analytics at ${width}px: a week's charts and summaries, a table fallback, the keyboard`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    // A Monday of its own, decades ahead, four weeks from any other run's (its week before stays empty).
    const monday = addDays(
      "2061-01-03",
      (Math.floor(Date.now() / 60_000) % 3000) * 56 + (width === 390 ? 28 : 0),
    );
    const sunday = addDays(monday, 6);
    const customer = await createUser(request, { name: `Analytics Customer ${width}` });
    const book = async (status: string, date: string, hour: number) => {
      const res = await request.post("/api/test/bookings", {
        data: {
          status,
          customerEmail: customer.email,
          teamName: team,
          startsAt: `${date}T${String(hour).padStart(2, "0")}:00:00.000Z`,
        },
      });
      expect(res.status()).toBe(200);
    };
    await book("completed", monday, 9);
    await book("confirmed", addDays(monday, 2), 9);
    await book("cancelled", addDays(monday, 3), 14);

    const ctx = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    expect((await ctx.request.post("/api/test/session", { data: credentials.admin })).status()).toBe(200);
    const page = await ctx.newPage();
    await page.goto("/admin/analytics");
    await expect(page.getByRole("heading", { level: 1, name: "Analytics" })).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page);

    // The week.
    const form = page.getByRole("form", { name: "Analytics dates" });
    await form.getByLabel("Period").selectOption("custom");
    await form.getByLabel("First date").fill(monday);
    await form.getByLabel("Last date").fill(sunday);
    await form.getByRole("button", { name: "Show charts" }).click();
    await expect(page).toHaveURL(new RegExp(`range=custom&from=${monday}&to=${sunday}`));
    await expect(page.getByText(/^Custom dates: .* against the previous 7 days/)).toBeVisible();

    // The summaries, computed on the server: nothing the week before (never Infinity%).
    const revenue = page.getByRole("region", { name: "Booked by day" });
    await expect(revenue.getByText("Booked £170.00; no booked value in the previous 7 days.")).toBeVisible();
    const rates = page.getByRole("region", { name: /^Cancellations, no-shows/ });
    await expect(
      rates.getByText("Cancellation rate 33.3% (1 of 3 bookings); no bookings in the previous 7 days."),
    ).toBeVisible();
    await expect(page.getByRole("region", { name: "Busiest days and hours" })).toContainText(
      "The busiest time is",
    );

    // The chart is drawn; its table is behind "Show as table".
    const chart = revenue.getByRole("application", { name: "Booked", exact: true });
    await expect(chart).toBeVisible();
    await expect(revenue.getByRole("table")).toBeHidden();
    await revenue.getByText("Show as table").click();
    const table = revenue.getByRole("table", { name: "Jobs and booked value by day" });
    await expect(table).toBeVisible();
    const day = new Intl.DateTimeFormat("en-GB", {
      weekday: "short",
      day: "numeric",
      month: "short",
      timeZone: "UTC",
    })
      .format(new Date(`${monday}T12:00:00Z`))
      .replace(",", "");
    await expect(table.getByRole("row").filter({ hasText: day })).toContainText("£85.00");
    await expect(table.getByRole("row").filter({ hasText: "Total" })).toContainText("£170.00");
    await expectAccessible(page);

    // The keyboard: the chart takes focus and the arrow keys show a point's figures.
    await chart.focus();
    await expect(chart).toBeFocused();
    await page.keyboard.press("ArrowRight");
    await expect(revenue.locator(".recharts-tooltip-wrapper")).toContainText("This period");

    // The heat map is a table of its own; on a phone it scrolls sideways inside its region.
    const heat = page.getByRole("region", { name: "Jobs by weekday and starting hour (scrolls sideways)" });
    await expect(heat.getByRole("table")).toBeVisible();
    if (width === 390) {
      const sizes = await heat.evaluate((el) => [el.scrollWidth, el.clientWidth]);
      expect(sizes[0]).toBeGreaterThan(sizes[1] ?? 0);
      const pageWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(pageWidth).toBeLessThanOrEqual(390);
    }
    await shot(page, `analytics-${width}.png`);

    // Recharts is on this page's scripts and on no public page's.
    expect(await scriptsOf(page)).toContain("recharts-surface");
    const home = await ctx.newPage();
    await home.goto("/");
    await home.waitForLoadState("networkidle");
    expect(await scriptsOf(home)).not.toContain("recharts-surface");
    await home.goto("/book");
    await home.waitForLoadState("networkidle");
    expect(await scriptsOf(home)).not.toContain("recharts-surface");
    await ctx.close();
  });
}

import { chromium } from "@playwright/test";
const base = process.env.BASE ?? "http://127.0.0.1:3500";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium" });
for (const width of [1280, 390]) {
  const ctx = await browser.newContext({ viewport: { width, height: 900 } });
  const page = await ctx.newPage();
  await page.goto(`${base}/auth/login`);
  await page.getByLabel("Email").fill("admin@forecourt.test");
  await page.getByLabel("Password").fill("Forecourt-admin-2026");
  await page.getByRole("button", { name: /sign in/i }).click();
  await page.waitForURL(/\/admin/);
  await page.goto(`${base}/admin/settings?tab=rules`);
  await page.getByRole("tab", { name: "Booking rules" }).click();
  await page.getByText("Several vehicles in one visit").waitFor();
  await page.screenshot({ path: `/tmp/shots/settings-rules-${width}.png`, fullPage: true });
  await ctx.close();
}
await browser.close();

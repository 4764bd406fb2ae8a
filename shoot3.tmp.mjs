import { chromium } from "@playwright/test";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium", args: ["--no-sandbox", "--headless"] });
for (const [label, viewport] of [["desk", { width: 1366, height: 900 }], ["m", { width: 390, height: 844 }]]) {
  const ctx = await browser.newContext({ viewport, baseURL: "http://127.0.0.1:3100" });
  const page = await ctx.newPage();
  await page.goto("/");
  await page.screenshot({ path: `/tmp/shots/b0home-${label}.png` });
  await page.goto("/book");
  await page.screenshot({ path: `/tmp/shots/b1service-${label}.png`, fullPage: true });
  await page.goto("/book?service=full-valet");
  await page.screenshot({ path: `/tmp/shots/b2vehicle-${label}.png`, fullPage: true });
  console.log(label, page.url());
  await ctx.close();
}
await browser.close();

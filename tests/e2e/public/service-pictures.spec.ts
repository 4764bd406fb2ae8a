import { expect, expectAccessible, test } from "../support/fixtures";

// Issue 27 item 16: the demo's services have pictures (committed SVG illustrations stored as their
// photos), on the home page's cards and the wizard's first step, sized before they load, and the home
// page's service grid uses a desktop's width.

const PACKAGES = 8;

test("the home page's service cards have pictures and fill the desktop width", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  const services = page.getByRole("region", { name: "Services and prices" });
  const pictures = services.locator("img");
  await expect(pictures).toHaveCount(PACKAGES);
  for (const [i, img] of (await pictures.all()).entries()) {
    // Sized before the file arrives (no layout shift). The first row's two show in the first screenful
    // (on a phone, the top of the first is the largest paint): they load with the page, the first
    // before the others; the rest lazily.
    await expect(img).toHaveAttribute("width", "640");
    await expect(img).toHaveAttribute("height", "360");
    await expect(img).toHaveAttribute("loading", i < 2 ? "eager" : "lazy");
    if (i === 0) await expect(img).toHaveAttribute("fetchpriority", "high");
    else await expect(img).not.toHaveAttribute("fetchpriority", /./);
  }
  const src = await pictures.first().getAttribute("src");
  const file = await page.request.get(src ?? "");
  expect(file.status()).toBe(200);
  expect(file.headers()["content-type"]).toBe("image/svg+xml");
  // Opened on its own, an SVG is a document: the site's policy lets no inline script run in it.
  expect(file.headers()["content-security-policy"]).toMatch(/script-src 'self' 'nonce-/);
  // Scrolled into view, every picture is drawn (decoded at its 16:9 size).
  await pictures.last().scrollIntoViewIfNeeded();
  await expect
    .poll(() => pictures.evaluateAll((imgs) => imgs.every((i) => (i as HTMLImageElement).naturalWidth > 0)))
    .toBe(true);

  // Two categories side by side: the Wash and Valet cards share one row that reaches the right edge.
  const card = (name: string) => services.getByRole("listitem").filter({ hasText: name }).first();
  const wash = await card("Exterior Wash").boundingBox();
  const fullValet = await card("Full Valet").boundingBox();
  const region = await services.getByRole("heading", { name: "Services and prices" }).boundingBox();
  const content = await page.locator("#services").evaluate((h) => {
    const r = (h.parentElement as HTMLElement).getBoundingClientRect();
    const pad = parseFloat(getComputedStyle(h.parentElement as HTMLElement).paddingRight);
    return r.right - pad;
  });
  expect(wash && fullValet && region).toBeTruthy();
  expect(Math.abs((wash?.y ?? 0) - (fullValet?.y ?? 1))).toBeLessThan(2);
  expect((fullValet?.x ?? 0) + (fullValet?.width ?? 0)).toBeGreaterThan(content - 2);
  await expectAccessible(page);
});

test("on a phone the cards stack, each with its picture full width", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  const services = page.getByRole("region", { name: "Services and prices" });
  await expect(services.locator("img")).toHaveCount(PACKAGES);
  const first = await services.locator("img").first().boundingBox();
  const list = await services.getByRole("list").first().boundingBox();
  expect(Math.abs((first?.width ?? 0) - (list?.width ?? 0))).toBeLessThan(4);
  // 16:9, whatever the width.
  expect(Math.abs((first?.width ?? 0) / (first?.height ?? 1) - 16 / 9)).toBeLessThan(0.05);
  await expectAccessible(page);
});

for (const width of [1280, 390]) {
  test(`the wizard's first step shows each package's picture (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/book");
    const cards = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: /^Choose / }) });
    await expect(cards).toHaveCount(PACKAGES);
    const pictures = cards.locator("img");
    await expect(pictures).toHaveCount(PACKAGES);
    // The first screenful's pictures load at once; the rest when scrolled to.
    await expect(pictures.nth(0)).toHaveAttribute("loading", "eager");
    await expect(pictures.nth(PACKAGES - 1)).toHaveAttribute("loading", "lazy");
    await expect(pictures.nth(0)).toHaveAttribute("width", "640");
    await expect
      .poll(() => pictures.nth(0).evaluate((i) => (i as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await expectAccessible(page);
  });
}

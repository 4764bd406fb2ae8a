import { expect, expectAccessible, test } from "../support/fixtures";

test("the home page shows the business and its services with from-prices", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Shine Street Detailing" })).toBeVisible();
  const services = page.getByRole("region", { name: "Services and prices" });
  await expect(services.getByRole("heading", { name: "Valet" })).toBeVisible();
  await expect(services.getByText("Full Valet", { exact: true })).toBeVisible();
  await expect(services.getByText("from £85.00")).toBeVisible();
  await expect(services.getByText("Pet Hair Removal")).toBeVisible();
  await expectAccessible(page);
});

test("the skip link moves focus to the main content", async ({ page }) => {
  await page.goto("/");
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#main$/);
});

test("the postcode checker answers covered, not covered and invalid, without JavaScript", async ({
  browser,
}) => {
  const ctx = await browser.newContext({ javaScriptEnabled: false });
  const page = await ctx.newPage();
  const check = async (value: string) => {
    await page.goto("/");
    await page.getByLabel("Your postcode").fill(value);
    await page.getByRole("button", { name: "Check" }).click();
  };
  await check("se10 9ab");
  await expect(
    page.getByText("Good news — we cover SE10 9AB (Greenwich & Lewisham). A travel fee of £7.50 applies."),
  ).toBeVisible();
  await check("sw98ab");
  await expect(
    page.getByText("Good news — we cover SW9 8AB (Brixton & Stockwell). No travel fee."),
  ).toBeVisible();
  // The covered postcode goes with the visitor into the wizard: from the answer and from every service.
  await expect(page.getByRole("link", { name: "Book in SW9 8AB" })).toHaveAttribute(
    "href",
    "/book?postcode=SW9%208AB",
  );
  const serviceBook = page.locator('a[aria-label^="Book "]').first(); // a service card's Book button
  await expect(serviceBook).toHaveAttribute("href", /^\/book\?service=[a-z0-9-]+&postcode=SW9%208AB$/);
  await check("N1 9GU");
  await expect(page.getByText("Sorry — we don't cover N1 9GU yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: /^Call us on / })).toHaveAttribute("href", /^tel:\+?[0-9]+$/);
  await check("hello");
  await expect(page.getByText("Enter a full UK postcode, like SW9 8AB.")).toBeVisible();
  await expect(page.getByLabel("Your postcode")).toHaveAttribute("aria-invalid", "true");
  await ctx.close();
});

test("the postcode answers are accessible", async ({ page }) => {
  for (const value of ["hello", "N1 9GU", "SE10 9AB"]) {
    await page.goto(`/?postcode=${encodeURIComponent(value)}#postcode`);
    await expect(page.locator("#postcode-result p")).toBeVisible();
    await expectAccessible(page);
  }
});

// A browser asks for /favicon.ico whatever the page's <link rel="icon"> says; a 404 there is logged as a
// console error on whichever page was open (the console guard found it).
test("the site answers /favicon.ico with an icon", async ({ request }) => {
  const res = await request.get("/favicon.ico");
  expect(res.status()).toBe(200);
  expect(res.headers()["content-type"]).toMatch(/image\/(x-icon|vnd\.microsoft\.icon)/);
  expect((await res.body()).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
});

import { expect, expectAccessible, test } from "../support/fixtures";

test("the home page shows the business and its services with from-prices", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: "Shine Street Detailing" })).toBeVisible();
  const services = page.getByRole("region", { name: "Services and prices" });
  await expect(services.getByRole("heading", { name: "Valet" })).toBeVisible();
  await expect(services.getByText("Full Valet")).toBeVisible();
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

import { expect, expectAccessible, PAGE_NOT_FOUND, test } from "../support/fixtures";

const unknownPaths = [
  "/no-such-page",
  "/booking/nothing-here",
  "/admin/services/not-an-id/deeper",
  "/dashboard/bookings/x/y",
  "/.env",
  "/api-docs",
];

for (const path of unknownPaths) {
  test(`unknown path ${path} answers 404 with the not-found page`, async ({ page, expectConsole }) => {
    expectConsole(PAGE_NOT_FOUND);
    const response = await page.goto(path);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not be found.");
    await expect(page.getByRole("link", { name: "Go to the home page" })).toBeVisible();
  });
}

test("the not-found page is accessible and leads home", async ({ page, expectConsole }) => {
  expectConsole(PAGE_NOT_FOUND);
  await page.goto("/definitely-missing");
  await expectAccessible(page);
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

import { expect, expectAccessible, test } from "../support/fixtures";

test("a visitor opening the back office is sent to sign in, with the page to come back to", async ({
  page,
}) => {
  const response = await page.request.get("/admin/help", { maxRedirects: 0 });
  expect(response.status()).toBe(307);
  expect(response.headers().location).toBe("/auth/login?next=%2Fadmin%2Fhelp");
});

test("a customer opening the back office gets the 404 page", async ({ page, loginAs }) => {
  await loginAs("customer");
  const response = await page.goto("/admin/help");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not be found.");
});

test("an admin sees the live system status", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/admin/help");
  await expect(page.getByRole("heading", { level: 1, name: "Help & status" })).toBeVisible();
  const status = page.getByRole("region", { name: "System status" });
  for (const name of ["Database", "Background jobs", "Email transport", "Payments"]) {
    await expect(status.getByText(`${name} — working`)).toBeAttached();
  }
  await expect(status.getByText(/Test mode: no real money is taken/)).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Help & status" }),
  ).toHaveAttribute("aria-current", "page");
  await expectAccessible(page);
});

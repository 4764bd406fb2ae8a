import { expect, expectAccessible, test } from "../support/fixtures";

test.describe.configure({ mode: "serial" });

test("the policy pages show the numbers from the settings, and follow them when they change", async ({
  page,
  request,
}) => {
  await page.goto("/booking-policies");
  await expect(page.getByRole("heading", { level: 1, name: "Booking policies" })).toBeVisible();
  const glance = page.getByRole("definition");
  await expect(glance.filter({ hasText: "Up to 24 hours before" }).first()).toBeVisible();
  await expect(page.getByText("50% of the total")).toBeVisible();
  await expect(page.getByText("20% deposit online")).toBeVisible();
  await expectAccessible(page);

  const res = await request.post("/api/test/settings", {
    data: {
      freeCancellationHours: 48,
      lateCancellationFeePercent: 35,
      depositPercent: 25,
      rescheduleCutoffHours: 12,
    },
  });
  expect(res.ok()).toBe(true);

  await page.reload();
  await expect(page.getByText("Up to 2 days before").first()).toBeVisible();
  await expect(page.getByText("35% of the total")).toBeVisible();
  await expect(page.getByText("25% deposit online")).toBeVisible();
  await expect(page.getByText("Up to 12 hours before", { exact: true })).toBeVisible();

  await page.goto("/terms-of-service");
  await expect(page.getByRole("heading", { level: 1, name: "Terms of service" })).toBeVisible();
  await expect(page.getByText(/Cancel free of charge up to 2 days before your appointment/)).toBeVisible();
  await expect(page.getByText(/a fee of 35% of the booking total/)).toBeVisible();
  await expectAccessible(page);

  // Restore the defaults for the other specs.
  await request.post("/api/test/settings", {
    data: {
      freeCancellationHours: 24,
      lateCancellationFeePercent: 50,
      depositPercent: 20,
      rescheduleCutoffHours: 24,
    },
  });
});

test("the privacy policy names the business and how to reach it", async ({ page }) => {
  await page.goto("/privacy-policy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy policy" })).toBeVisible();
  await expect(page.getByText(/Shine Street Detailing Ltd/).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "hello@shinestreet.example" }).first()).toBeVisible();
  await expectAccessible(page);
});

test("the footer links reach every policy page", async ({ page }) => {
  await page.goto("/");
  const legal = page.getByRole("navigation", { name: "Legal" });
  for (const name of ["Booking policies", "Privacy policy", "Terms of service"]) {
    await legal.getByRole("link", { name }).click();
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  }
});

import { expect, expectAccessible, shot, test } from "../support/fixtures";
import { guestToReview } from "../support/wizard";

// Issue 15: the business settings screen. The admin changes the free cancellation window and the policy
// page and the wizard's last step say so at once; bad input gets a message under its field and saves
// nothing; the zone and currency explain their effect before saving. Every tab at both widths.

const DEFAULTS = { freeCancellationHours: 24, paymentMode: "full", depositPercent: 20 };

test.afterAll(async ({ request }) => {
  // One demo database serves the whole suite (one worker): put back what this spec changed.
  const res = await request.post("/api/test/settings", { data: DEFAULTS });
  expect(res.ok()).toBe(true);
});

test("the admin changes the free cancellation window; the policy page and the wizard follow", async ({
  page,
  loginAs,
}) => {
  test.slow(); // every tab at two widths, then a guest's trip through the wizard
  await loginAs("admin");
  await page.goto("/admin/settings?tab=rules");
  await expect(page.getByRole("heading", { level: 1, name: "Business settings" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Business settings" }),
  ).toHaveAttribute("aria-current", "page");
  const rules = page.getByRole("tabpanel", { name: "Booking rules" });
  const window = rules.getByLabel("Free cancellation window (hours)");

  // Bad input: a message under the field, and nothing saved.
  await window.fill("lots");
  await rules.getByLabel("Slot interval (minutes)").fill("7");
  await rules.getByRole("button", { name: "Save booking rules" }).click();
  await expect(rules.getByText("Enter the free cancellation window as a whole number from 0 to 720 hours.")).toBeVisible();
  await expect(rules.getByText(/Use an interval that fits an hour evenly/)).toBeVisible();
  await expect(window).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page);
  await page.goto("/booking-policies");
  await expect(page.getByText(/Cancel free of charge up to 24 hours before your appointment/)).toBeVisible();

  // A good value: the sentence customers will read changes as it is typed, then it is saved.
  await page.goto("/admin/settings?tab=rules");
  await window.fill("48");
  await expect(
    rules.getByRole("complementary", { name: "What customers will read" }).getByText(/up to 2 days before your appointment/),
  ).toBeVisible();
  await rules.getByRole("button", { name: "Save booking rules" }).click();
  await expect(rules.getByText("Booking rules saved.")).toBeVisible();
  await page.reload();
  await expect(rules.getByLabel("Free cancellation window (hours)")).toHaveValue("48");

  await page.goto("/booking-policies");
  await expect(page.getByText(/Cancel free of charge up to 2 days before your appointment/)).toBeVisible();
  await page.context().clearCookies();
  await guestToReview(page);
  await expect(page.getByText(/Cancel free of charge up to 2 days before your appointment/)).toBeVisible();
});

test("each settings tab, at desktop and phone widths", async ({ page, loginAs }) => {
  test.slow();
  await loginAs("admin");
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/settings");
    for (const tab of ["Business", "Booking rules", "Payments", "Service area", "Notifications", "Policy texts"]) {
      await page.getByRole("tab", { name: tab }).click();
      await expect(page.getByRole("tabpanel", { name: tab })).toBeVisible();
      await expectAccessible(page);
      await shot(page, `settings-${tab.toLowerCase().replace(/\s+/g, "-")}-${width}.png`);
    }
  }
});

test("the zone and currency say what changing them does; payments show the provider", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/admin/settings");
  const business = page.getByRole("tabpanel", { name: "Business" });
  await business.getByLabel("Time zone").selectOption("Europe/Paris");
  await expect(business.getByText(/Existing bookings keep their exact moment/)).toBeVisible();
  await business.getByLabel("Currency").selectOption("EUR");
  await expect(business.getByText(/Prices are not converted: a price of 50 becomes 50 EUR/)).toBeVisible();
  // Not saved: going away and back shows the business as it was.
  await page.reload();
  await expect(business.getByLabel("Time zone")).toHaveValue("Europe/London");

  await page.getByRole("tab", { name: "Payments" }).click();
  const payments = page.getByRole("tabpanel", { name: "Payments" });
  await expect(payments.getByText("Test mode", { exact: true })).toBeVisible();
  await payments.getByLabel("Customers pay").selectOption("deposit");
  await payments.getByLabel("Deposit (%)").fill("25");
  await expect(payments.getByText(/You pay a deposit of 25% of the total online/)).toBeVisible();
  await payments.getByRole("button", { name: "Save payment settings" }).click();
  await expect(payments.getByText("Payment settings saved.")).toBeVisible();
  await page.goto("/booking-policies");
  await expect(page.getByText(/You pay a deposit of 25% of the total online/)).toBeVisible();

  await page.goto("/admin/settings?tab=policies");
  const policies = page.getByRole("tabpanel", { name: "Policy texts" });
  await policies.getByLabel("Booking policy — introduction").fill("We **love** clean cars.\n\n- Water on site helps");
  await expect(policies.getByRole("region", { name: "Preview" }).first().locator("strong")).toHaveText("love");
});

import type { Page } from "@playwright/test";
import { expect, expectAccessible, test, uniqueEmail } from "../support/fixtures";

// A guest books when a deposit is taken online: the review says what is due now, the booking holds the
// time while the test provider's checkout is paid, and the payment lands on the booking.

test.describe.configure({ mode: "serial" });

const VIEWPORTS = [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const;

test.beforeAll(async ({ request }) => {
  const res = await request.post("/api/test/settings", {
    data: { paymentMode: "deposit", depositPercent: 20 },
  });
  expect(res.ok()).toBe(true);
});

/** Service → review as a guest, checking each page on the way. */
async function guestToReview(page: Page) {
  await page.goto("/book");
  await expect(page.getByRole("heading", { level: 1, name: "Choose a service" })).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Choose Wash & Vac" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your vehicle" })).toBeVisible();
  await page.getByRole("radio", { name: /^Small/ }).check();
  await page.getByLabel("Make", { exact: true }).fill("Ford");
  await page.getByLabel("Model", { exact: true }).fill("Fiesta");
  await page.getByLabel("Registration").fill("ab12 cde");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Any extras?" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Where should we come?" })).toBeVisible();
  await page.getByLabel("Postcode").fill("SW9 8AB");
  await page.getByLabel("Address line 1").fill("3 Station Road");
  await page.getByLabel("Town or city").fill("London");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Choose a date and time" })).toBeVisible();
  await expectAccessible(page);
  await page
    .getByRole("region", { name: /^Times on/ })
    .getByRole("link")
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
  await page.getByLabel("Your name").fill("Pat Payer");
  await page.getByLabel("Email address").fill(uniqueEmail("guest-pays"));
  await page.getByLabel("Phone number").fill("07700 900456");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check and book" })).toBeVisible();
}

for (const [label, viewport] of VIEWPORTS) {
  test.describe(label, () => {
    test.use({ viewport });

    test(`a guest pays the deposit with the test provider (${label})`, async ({ page }) => {
      await guestToReview(page);
      // Wash & Vac, small: £35.00; the deposit is 20%, rounded up to the penny.
      await expect(
        page.getByText(
          "Due now: a deposit of £7.00 (20%), paid online by card. The remaining £28.00 is paid on the day.",
        ),
      ).toBeVisible();
      await expect(page.getByText(/your time is held for 30 minutes while you pay/)).toBeVisible();
      await expectAccessible(page);
      await page.getByRole("checkbox", { name: "I accept the booking policies" }).check();
      await page.getByRole("button", { name: "Book and pay £7.00" }).click();

      await expect(page).toHaveURL(/\/pay\/test/);
      await expect(page.getByText(/test mode/i).first()).toBeVisible();
      await expect(page.getByText("£7.00").first()).toBeVisible();
      await page.getByRole("button", { name: /^Pay/ }).click();

      await expect(page).toHaveURL(/\/booking\/(payment-complete|success)\?ref=FC-[A-Z0-9]{6}&token=/);
      const ref = new URL(page.url()).searchParams.get("ref") ?? "";
      await expect(page.getByText(ref).first()).toBeVisible();
      await expectAccessible(page);
    });
  });
}

import type { Page } from "@playwright/test";
import { expect, expectAccessible, uniqueEmail } from "./fixtures";

// Walking the booking wizard, shared by the specs that need a booking's last step.

/** Service → review as a guest, checking each page on the way. */
export async function guestToReview(page: Page, name = "Pat Payer") {
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
  await page.getByLabel("Your name").fill(name);
  const email = uniqueEmail("guest-pays");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Phone number").fill("07700 900456");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check and book" })).toBeVisible();
  return { email, start: new URL(page.url()).searchParams.get("start") ?? "" };
}

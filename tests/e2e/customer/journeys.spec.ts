import type { Page } from "@playwright/test";
import { createUser, expect, expectAccessible, shot, signInAs, test } from "../support/fixtures";
import { linkIn, mailCount, waitForMail } from "../support/mail";
import { guestToReview } from "../support/wizard";

// Issue 13's journeys, end to end at desktop and on a phone: a guest books and pays, sets a password
// from the emailed link and finds the booking in their area; a customer adds a second vehicle and
// address, makes them the defaults and books with them; Book again brings the last choices back.

test.describe.configure({ mode: "serial" });

const VIEWPORTS = [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const;

test.afterAll(async ({ request }) => {
  await request.post("/api/test/settings", { data: { paymentMode: "deposit", depositPercent: 20 } });
});

async function settings(page: Page, data: Record<string, unknown>) {
  expect((await page.request.post("/api/test/settings", { data })).ok()).toBe(true);
}

async function addVehicle(page: Page, v: { make: string; model: string; reg: string; sizeIndex: number }) {
  const items = page.getByRole("list", { name: "Saved vehicles" }).getByRole("listitem");
  const before = await items.count();
  await page.getByRole("button", { name: "Add a vehicle" }).click();
  const dialog = page.getByRole("dialog", { name: "Add a vehicle" });
  await dialog.getByLabel("Make").fill(v.make);
  await dialog.getByLabel("Model").fill(v.model);
  await dialog.getByLabel("Registration").fill(v.reg);
  await dialog.getByLabel("Size").selectOption({ index: v.sizeIndex });
  await dialog.getByRole("button", { name: "Save vehicle" }).click();
  await expect(dialog).toBeHidden();
  await expect(items).toHaveCount(before + 1);
}

async function addAddress(page: Page, a: { label: string; line1: string; postcode: string }) {
  const items = page.getByRole("list", { name: "Saved addresses" }).getByRole("listitem");
  const before = await items.count();
  await page.getByRole("button", { name: "Add an address" }).click();
  const dialog = page.getByRole("dialog", { name: "Add an address" });
  await dialog.getByLabel("Name for this address").fill(a.label);
  await dialog.getByLabel("Address line 1").fill(a.line1);
  await dialog.getByLabel("Town or city").fill("London");
  await dialog.getByLabel("Postcode").fill(a.postcode);
  await dialog.getByRole("button", { name: "Save address" }).click();
  await expect(dialog).toBeHidden();
  await expect(items).toHaveCount(before + 1);
}

/** Unique per run and width: registrations are unique per owner, but the tests should read apart. */
const regFor = (prefix: string) => `${prefix}${Date.now().toString(36).slice(-3).toUpperCase()}`;

for (const [label, viewport] of VIEWPORTS) {
  test.describe(label, () => {
    test.use({ viewport });

    test(`a guest books, sets a password from the email and finds the booking (${label})`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      await settings(page, { paymentMode: "deposit", depositPercent: 20 });
      const before = mailCount();
      const { email } = await guestToReview(page, "Jo Journey");
      await page.getByRole("checkbox", { name: "I accept the booking policies" }).check();
      await page.getByRole("button", { name: "Book and pay £7.00" }).click();
      await expect(page).toHaveURL(/\/pay\/test/);
      await page.getByRole("button", { name: /^Pay/ }).click();
      await expect(page).toHaveURL(/\/booking\/(payment-complete|success)\?ref=FC-[A-Z0-9]{6}&token=/);
      const ref = new URL(page.url()).searchParams.get("ref") ?? "";

      // A new email address: an account without a password was made; its set-up link is a section of
      // the one confirmation email (no separate set-up, receipt or "complete your booking" email).
      const mail = await waitForMail(email, /^Booking confirmed/, { after: before });
      expect(mail.text).toContain("Choose a password to see, move or cancel your bookings online.");
      await page.goto(linkIn(mail, "/auth/setup-password"));
      await expect(page.getByRole("heading", { name: "Choose your password" })).toBeVisible();
      await expectAccessible(page);
      await page.getByLabel("Password", { exact: true }).fill("Gleaming-Alloys-2031");
      await page.getByLabel("Confirm password").fill("Gleaming-Alloys-2031");
      await page.getByRole("button", { name: "Save password and continue" }).click();

      // Signed in, in their own area, with the booking they just made.
      await expect(page).toHaveURL(/\/dashboard$/);
      await expect(page.getByRole("heading", { level: 1, name: "Hello, Jo" })).toBeVisible();
      const next = page.getByRole("region", { name: /^Your next booking/ });
      await expect(next).toContainText("Wash & Vac");
      await expect(next).toContainText("3 Station Road");
      await expect(next).toContainText("Deposit paid");
      // The vehicle and address they booked with are kept on the account (issue 27 #6).
      const glance = page.getByRole("region", { name: "At a glance" });
      await expect(glance.getByRole("link", { name: /^1\s*Vehicles$/ })).toBeVisible();
      await expect(glance.getByRole("link", { name: /^1\s*Addresses$/ })).toBeVisible();
      await expectAccessible(page);
      await shot(page, `guest-dashboard-${label}.png`);
      await page.getByRole("link", { name: `Open booking ${ref}` }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Booking ${ref}` })).toBeVisible();
      await expect(page.getByRole("region", { name: `Booking ${ref}` })).toContainText("Ford Fiesta");
      await expectAccessible(page);

      await page.goto("/dashboard/vehicles");
      const saved = page.getByRole("list", { name: "Saved vehicles" }).getByRole("listitem");
      await expect(saved).toHaveCount(1);
      await expect(saved.first()).toContainText("Ford Fiesta");
      await expect(saved.first()).toContainText("AB12CDE");
      await expectAccessible(page);
      await shot(page, `guest-vehicles-${label}.png`);
      await page.goto("/dashboard/addresses");
      const places = page.getByRole("list", { name: "Saved addresses" }).getByRole("listitem");
      await expect(places).toHaveCount(1);
      await expect(places.first()).toContainText("3 Station Road");
      await expect(places.first()).toContainText("SW9 8AB");
      await expectAccessible(page);
      await shot(page, `guest-addresses-${label}.png`);
    });

    test(`a customer's new default vehicle and address are chosen for them, and Book again brings them back (${label})`, async ({
      page,
      request,
    }) => {
      test.setTimeout(90_000);
      await settings(page, { paymentMode: "on_the_day" });
      const c = await createUser(request, { name: "Dana Defaults" });
      await page.goto("/");
      await signInAs(page, c);

      // A first vehicle and address (each the default as the first), then a second of each made default.
      await page.goto("/dashboard/vehicles");
      const reg = regFor("DD");
      await addVehicle(page, { make: "Ford", model: "Focus", reg: `${reg}A`, sizeIndex: 1 });
      await addVehicle(page, { make: "Tesla", model: "Model 3", reg: `${reg}B`, sizeIndex: 2 });
      const vehicles = page.getByRole("list", { name: "Saved vehicles" });
      await vehicles.getByRole("button", { name: "Make default (Tesla Model 3)" }).click();
      await expect(vehicles.getByRole("listitem").first()).toContainText("Tesla Model 3");
      await expect(vehicles.getByRole("listitem").first()).toContainText("Default");

      await page.goto("/dashboard/addresses");
      await addAddress(page, { label: "Home", line1: "2 Oak Road", postcode: "SW9 8AB" });
      await addAddress(page, { label: "Studio", line1: "5 Mill Lane", postcode: "se10 9nf" });
      const addresses = page.getByRole("list", { name: "Saved addresses" });
      await addresses.getByRole("button", { name: "Make default (Studio)" }).click();
      await expect(addresses.getByRole("listitem").first()).toContainText("Studio");
      await expect(addresses.getByRole("listitem").first()).toContainText("Default");

      // The wizard has the defaults chosen already.
      await page.goto("/book?service=exterior-wash");
      await expect(page.getByRole("heading", { level: 1, name: "Your vehicle" })).toBeVisible();
      const yourVehicles = page.getByRole("list", { name: "Your vehicles" });
      const tesla = yourVehicles.getByRole("link", { name: /Tesla Model 3/ });
      await expect(tesla).toHaveAttribute("aria-current", "true");
      await expect(tesla).toContainText("Chosen — continue");
      await expect(yourVehicles.getByRole("link", { name: /Ford Focus/ })).not.toHaveAttribute(
        "aria-current",
        "true",
      );
      await expectAccessible(page);
      await tesla.click();
      await expect(page.getByRole("heading", { level: 1, name: "Any extras?" })).toBeVisible();
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Where should we come?" })).toBeVisible();
      const studio = page.getByRole("list", { name: "Your addresses" }).getByRole("link", { name: /Studio/ });
      await expect(studio).toHaveAttribute("aria-current", "true");
      await expectAccessible(page);
      await studio.click();
      await expect(page.getByRole("heading", { level: 1, name: "Choose a date and time" })).toBeVisible();
      await page
        .getByRole("region", { name: /^Times on/ })
        .getByRole("link")
        .first()
        .click();
      await expect(page.getByRole("heading", { level: 1, name: "Check and book" })).toBeVisible();
      const review = page.getByRole("form", { name: "Review and book" });
      await expect(review.getByText(`Tesla Model 3 — ${reg}B (Medium)`)).toBeVisible();
      await expect(review.getByText("Studio, 5 Mill Lane, London, SE10 9NF")).toBeVisible();
      await page.getByRole("checkbox", { name: "I accept the booking policies" }).check();
      await page.getByRole("button", { name: "Confirm booking" }).click();
      await expect(page).toHaveURL(/\/booking\/success\?ref=FC-[A-Z0-9]{6}&token=/);
      const ref = new URL(page.url()).searchParams.get("ref") ?? "";

      // The booking keeps what it was made with.
      await page.goto("/dashboard/bookings");
      await page.getByRole("list", { name: "Upcoming bookings" }).getByRole("link").first().click();
      const booked = page.getByRole("region", { name: `Booking ${ref}` });
      await expect(booked).toContainText(`Tesla Model 3`);
      await expect(booked).toContainText("5 Mill Lane");
      await expect(booked).toContainText("SE10 9NF");

      // Book again, from the overview: the same service, vehicle and address, ready for a time.
      await page.goto("/dashboard");
      await page.getByRole("link", { name: "Book again" }).click();
      await expect(page.getByRole("heading", { level: 1, name: "Choose a date and time" })).toBeVisible();
      const url = new URL(page.url());
      expect(url.searchParams.get("service")).toBe("exterior-wash");
      expect(url.searchParams.get("vehicle")).toMatch(/^[0-9a-f-]{36}$/);
      expect(url.searchParams.get("address")).toMatch(/^[0-9a-f-]{36}$/);
      const summary = page.getByText(`Tesla Model 3 (${reg}B)`).filter({ visible: true });
      if (label === "phone") await page.getByText("Your booking").filter({ visible: true }).first().click();
      await expect(summary.first()).toBeVisible();
      await expect(page.getByText("Studio, SE10 9NF").filter({ visible: true }).first()).toBeVisible();
      await expectAccessible(page);
      // The earlier steps hold those choices: a step back shows each one chosen.
      url.searchParams.set("step", "vehicle");
      await page.goto(`${url.pathname}${url.search}`);
      await expect(
        page.getByRole("list", { name: "Your vehicles" }).getByRole("link", { name: /Tesla Model 3/ }),
      ).toHaveAttribute("aria-current", "true");
    });
  });
}

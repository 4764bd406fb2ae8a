import type { Browser, Page } from "@playwright/test";
import { localToInstant } from "../../../src/lib/dates";
import { credentials, expect, expectAccessible, test, uniqueEmail, shot } from "../support/fixtures";
import { linkIn, mailCount, waitForMail } from "../support/mail";
import { workingDayFrom } from "../support/days";

// Move with override on /admin/bookings/{id}, and a phone booking at /admin/bookings/new for a new
// customer who pays through the emailed payment link with the test provider — at desktop and phone widths,
// with axe, and screenshots of every screen built (in SHOTS_DIR).

const TZ = "Europe/London";

const weekdayFrom = (offset: number): string => workingDayFrom(offset, 1);

async function adminContext(browser: Browser, baseURL: string | undefined, width: number) {
  const ctx = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  const res = await ctx.request.post("/api/test/session", { data: credentials.admin });
  expect(res.status()).toBe(200);
  return { ctx, page: await ctx.newPage() };
}

async function makeBooking(page: Page, date: string, minutes: number, teamName = "Van B") {
  const res = await page.request.post("/api/test/bookings", {
    data: {
      status: "confirmed",
      customerEmail: credentials.customer.email,
      teamName,
      startsAt: localToInstant(date, minutes, TZ)?.toISOString(),
    },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data as { id: string; reference: string };
}

for (const [width, offset] of [
  [1280, 33],
  [390, 36],
] as const) {
  test(`at ${width}px: a move with override, and an override onto another booking refused by name`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const day = weekdayFrom(offset);
    const a = await adminContext(browser, baseURL, width);
    const booking = await makeBooking(a.page, day, 10 * 60);
    const other = await makeBooking(a.page, day, 14 * 60);
    await a.page.goto(`/admin/bookings/${booking.id}`);
    const section = a.page.getByRole("region", { name: "Time and team" });
    await expect(section).toContainText("with Van B");
    await section.getByRole("button", { name: "Move to another time" }).click();
    const dialog = a.page.getByRole("dialog", { name: `Move ${booking.reference}` });
    await expect(dialog).toContainText("emailed the new time with an updated calendar file");
    await expect(dialog.getByRole("group", { name: /^Free times on/ })).toBeVisible();
    await expectAccessible(a.page);
    await shot(a.page, `move-picker-${width}.png`, { fullPage: width === 390 });

    // Override: onto the other booking first — refused, naming it; nothing changes.
    await dialog.getByRole("checkbox", { name: "Override availability" }).check();
    await expect(dialog.getByText(/Overriding ignores working hours/)).toBeVisible();
    await dialog.getByLabel("Date", { exact: true }).fill(day);
    await dialog.getByLabel(/^Start time/).fill("14:30");
    await dialog.getByLabel("Team", { exact: true }).selectOption({ label: "Van B" });
    await dialog.getByRole("button", { name: "Move and email the customer" }).click();
    await expect(dialog.getByText(/Give the reason for overriding/).first()).toBeVisible();
    await dialog.getByLabel(/^Reason/).fill("Customer can only do the evening.");
    await dialog.getByRole("button", { name: "Move and email the customer" }).click();
    await expect(dialog.getByText(`booking ${other.reference}`).first()).toBeVisible();
    await expectAccessible(a.page);
    await shot(a.page, `move-override-refused-${width}.png`, { fullPage: width === 390 });

    // Then outside the working hours, where nothing is in the way: moved.
    await dialog.getByLabel(/^Start time/).fill("19:30");
    await dialog.getByRole("button", { name: "Move and email the customer" }).click();
    await expect(dialog).toBeHidden();
    const timeline = a.page.getByRole("region", { name: "Timeline" });
    await expect(timeline).toContainText(/Moved: .* → .*19:30 (GMT|BST).*availability overridden/);
    await expect(timeline).toContainText("Customer can only do the evening.");
    await expect(a.page.getByRole("region", { name: "Job" })).toContainText(/19:30 (GMT|BST)/);
    await expect(a.page.getByRole("region", { name: "Emails" })).toContainText(/Booking moved|has moved to/);
    await expectAccessible(a.page);
    await shot(a.page, `booking-moved-${width}.png`);
    const mail = await waitForMail(
      credentials.customer.email,
      new RegExp(`^Your booking ${booking.reference} has moved`),
    );
    // The calendar file rides along, base64-encoded, with its SEQUENCE raised.
    const ics =
      /Content-Type: text\/calendar[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail.raw)?.[1] ?? "";
    expect(Buffer.from(ics.replace(/\s/g, ""), "base64").toString("utf8")).toContain("SEQUENCE:1");
    await a.ctx.close();
  });
}

// At 1280 px only (issue 30, ADR 0049): the phone booking form at 390 px, with every field's message and
// axe, is phone-booking-field-errors; paying through the emailed link at 390 px is book-guest-pays (phone);
// the use case is proven on both databases by admin-phone-booking.
for (const [width, offset] of [[1280, 38]] as const) {
  test(`at ${width}px: a phone booking for a new customer, paid through the emailed link (test provider)`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const mailsBefore = mailCount();
    const a = await adminContext(browser, baseURL, width);
    await a.page.goto("/admin/bookings");
    await a.page.getByRole("link", { name: "New booking" }).click();
    await expect(a.page).toHaveURL("/admin/bookings/new");
    await expect(a.page.getByRole("heading", { level: 1, name: "New booking" })).toBeVisible();
    const form = a.page.getByRole("form", { name: "New phone booking" });

    // Bad input first: field messages, nothing made.
    await form.getByRole("radio", { name: "New customer" }).check();
    await form.getByRole("button", { name: "Make the booking" }).click();
    await expect(form.getByText("Enter your name.").first()).toBeVisible();
    await expect(form.getByText("Enter the registration.").first()).toBeVisible();
    await expectAccessible(a.page);

    const email = uniqueEmail("phone");
    await form.getByLabel("Name", { exact: true }).fill("Robin Caller");
    await form.getByLabel("Phone", { exact: true }).fill("07700 900321");
    await form.getByLabel("Email", { exact: true }).fill(email);
    await form.getByLabel("Make").fill("Honda");
    await form.getByLabel("Model").fill("Jazz");
    await form.getByLabel("Registration").fill("RC21 XYZ");
    await form.getByLabel("Service", { exact: true }).selectOption({ label: "Wash: Wash & Vac" });
    await form.getByLabel("Vehicle size").selectOption({ label: "Small" });
    await form.getByLabel("Postcode").fill("SW9 8AB");
    await form.getByLabel("Address line 1").fill("7 Phone Street");
    await form.getByLabel("Town or city").fill("London");
    const price = a.page.getByRole("group", { name: "Price" });
    await expect(price).toContainText("£35.00");

    await form.getByLabel("Day", { exact: true }).fill(weekdayFrom(offset));
    const times = form.getByRole("group", { name: /^Free times on/ });
    await expect(times).toBeVisible();
    await times.locator("label").first().click();
    await expect(form.getByText(/^Chosen: /)).toBeVisible();
    await expect(form.getByRole("radio", { name: "Send a payment link" })).toBeChecked();
    await expectAccessible(a.page);
    await shot(a.page, `phone-booking-${width}.png`);

    await form.getByRole("button", { name: "Make the booking" }).click();
    await expect(a.page).toHaveURL(/\/admin\/bookings\/[0-9a-f-]{36}$/);
    await expect(a.page.locator("h1").locator("xpath=..")).toContainText("Awaiting payment");
    await expect(a.page.getByText("Booked by the business").first()).toBeVisible();
    const bookingUrl = a.page.url();

    // The customer's usual "complete your booking" email; its link opens the page with the Pay button.
    const mail = await waitForMail(email, /^Complete your booking FC-[A-Z0-9]{6}/, { after: mailsBefore });
    const customer = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const page = await customer.newPage();
    await page.goto(linkIn(mail, "/booking/"));
    await page.getByRole("button", { name: /^Pay £7\.00/ }).click();
    await expect(page).toHaveURL(/\/pay\/test/);
    await page.getByRole("button", { name: /^Pay/ }).click();
    await expect(page).toHaveURL(/\/booking\/(payment-complete|success)\?ref=FC-[A-Z0-9]{6}&token=/);
    await waitForMail(email, /^Booking confirmed/, { after: mailsBefore });
    await customer.close();

    await a.page.goto(bookingUrl);
    await expect(a.page.locator("h1").locator("xpath=..")).toContainText("Confirmed");
    await expectAccessible(a.page);
    await shot(a.page, `phone-booking-paid-${width}.png`);
    await a.ctx.close();
  });
}

test("reassign team: the other team's state is shown, the change is on the timeline (390px)", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const day = weekdayFrom(47);
  const a = await adminContext(browser, baseURL, 390);
  const booking = await makeBooking(a.page, day, 13 * 60);
  await a.page.goto(`/admin/bookings/${booking.id}`);
  await a.page
    .getByRole("region", { name: "Time and team" })
    .getByRole("button", { name: "Reassign team" })
    .click();
  const dialog = a.page.getByRole("dialog", { name: `Reassign ${booking.reference}` });
  await expect(dialog).toContainText("The customer is not emailed.");
  await expect(dialog.getByRole("radio", { name: /Van A/ })).toBeChecked();
  await expectAccessible(a.page);
  await shot(a.page, `reassign-390.png`, { fullPage: false });
  await dialog.getByRole("button", { name: "Reassign team" }).click();
  await expect(dialog).toBeHidden();
  await expect(a.page.getByRole("region", { name: "Timeline" })).toContainText("Team changed: Van B → Van A");
  await expect(a.page.getByRole("region", { name: "Job" })).toContainText("Van A");
  await a.ctx.close();
});

import type { APIRequestContext, Page } from "@playwright/test";
import { createUser, credentials, expect, expectAccessible, shot, signInAs, test } from "../support/fixtures";
import { linkIn, waitForMail } from "../support/mail";

// Issue 17's weather day (ADR 0036), from the admin's click to a customer's accepted move: the admin marks
// a date's morning unworkable for one team, previews the booking it catches, confirms; the customer gets
// the email with the held times, sees the offer on their booking page, opens a time's link signed out
// (opening it changes nothing) and confirms it in one click; the admin's status list says who answered.
// Desktop and 390 px, axe on every page.

const DAY = 86_400_000;

/**
 * A local date far enough ahead that no other flow books it (London is on GMT in winter: UTC). Other specs
 * book 3–33 days ahead (weekdays from 20–31) and 47–86; these stay between, inside the 60-day horizon.
 */
function dateAhead(days: number): string {
  return new Date(Date.now() + days * DAY).toISOString().slice(0, 10);
}

async function bookOn(request: APIRequestContext, email: string, date: string) {
  for (const hour of [9, 10, 11])
    for (const teamName of ["Van A"]) {
      const made = await request.post("/api/test/bookings", {
        data: { status: "confirmed", customerEmail: email, teamName, startsAt: `${date}T${hour}:00:00.000Z` },
      });
      if (made.ok()) return ((await made.json()) as { data: { id: string; reference: string } }).data;
    }
  throw new Error("no free time for the test booking");
}

/** A customer with a booking on `date`, and the admin signed in at desktop width on the weather days page. */
async function setUp(page: Page, request: APIRequestContext, name: string, date: string) {
  const customer = await createUser(request, { name });
  const booking = await bookOn(request, customer.email, date);
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, credentials.admin);
  await page.goto("/admin/schedule/weather");
  await expect(page.getByRole("heading", { level: 1, name: "Weather days" })).toBeVisible();
  const form = page.getByRole("form", { name: "Mark weather day" });
  await form.getByLabel("Date").fill(date);
  return { customer, booking, form };
}

test("the admin marks a weather day and a customer accepts a held time in one click", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  // The admin, desktop: the form, the preview (nothing written yet), the confirmation.
  const { customer, booking, form } = await setUp(page, request, "Wren Weather", dateAhead(38));
  await form.getByRole("textbox", { name: /^From/ }).fill("08:00");
  await form.getByRole("textbox", { name: /^To/ }).fill("13:00");
  await form.getByRole("checkbox", { name: "Van A" }).check();
  await form.getByLabel("Message to customers").fill("Storm warning: we can't work outdoors safely.");
  await expectAccessible(page);
  await shot(page, "weather-form-1280.png");
  await form.getByRole("button", { name: "Preview affected bookings" }).click();
  await expect(page.getByText(booking.reference)).toBeVisible();
  await expectAccessible(page);
  await shot(page, "weather-preview-1280.png");
  await page.getByRole("button", { name: /^Confirm: close it and email \d+ customers?$/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Weather day marked" })).toBeVisible();
  const status = page.getByRole("region", { name: /Van A/ }).first();
  await expect(status.getByRole("listitem").filter({ hasText: booking.reference })).toContainText(
    "Waiting for an answer",
  );
  await expectAccessible(page);
  await shot(page, "weather-status-waiting-1280.png");

  // The email: the held times, each a link to the answer page.
  const mail = await waitForMail(customer.email, /^The weather: choose a new time/, { timeoutMs: 60_000 });
  expect(mail.text).toContain("Storm warning: we can't work outdoors safely.");
  const link = new URL(linkIn(mail, "choice="));

  // The customer's booking page shows the offer too (phone width).
  const ctx = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const mine = await ctx.newPage();
  await signInAs(mine, customer);
  await mine.goto(`/dashboard/bookings/${booking.id}`);
  const panel = mine.getByRole("region", { name: "The weather: choose a new time" });
  await expect(panel).toContainText("We hold these times for you");
  await expectAccessible(mine);
  await shot(mine, "weather-my-booking-390.png");
  await ctx.close();

  // Signed out, phone: the link opens a page (nothing changes yet); one click confirms.
  const anon = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const answer = await anon.newPage();
  await answer.goto(`${link.pathname}${link.search}`);
  await expect(
    answer.getByRole("heading", { level: 1, name: "The weather: choose a new time" }),
  ).toBeVisible();
  await expectAccessible(answer);
  await shot(answer, "weather-answer-390.png");
  await page.reload();
  await expect(
    page
      .getByRole("region", { name: /Van A/ })
      .first()
      .getByRole("listitem")
      .filter({ hasText: booking.reference }),
  ).toContainText("Waiting for an answer");
  const chosen = answer
    .getByRole("form")
    .filter({ has: answer.getByRole("button", { name: "Confirm this time" }) });
  const label = (await chosen.locator("span").first().textContent())?.trim() ?? "";
  await chosen.getByRole("button", { name: "Confirm this time" }).click();
  await expect(
    // The one-click notice, or the page re-rendered after the move: either says the new time.
    answer.getByRole("status").filter({ hasText: `your booking is now ${label}` }),
  ).toBeVisible();
  await shot(answer, "weather-answer-done-390.png");
  await answer.setViewportSize({ width: 1280, height: 900 });
  await answer.goto(`${link.pathname}${link.search}`);
  await expect(answer.getByText("You chose a new time")).toBeVisible();
  await expectAccessible(answer);
  await shot(answer, "weather-answer-again-1280.png");
  await anon.close();

  // The admin sees the answer, at both widths; the booking moved (its timeline says so).
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/admin/schedule/weather");
    await expect(
      page
        .getByRole("region", { name: /Van A/ })
        .first()
        .getByRole("listitem")
        .filter({ hasText: booking.reference }),
    ).toContainText("Accepted a new time");
    await expectAccessible(page);
    await shot(page, `weather-status-answered-${width}.png`);
  }
  await page.setViewportSize({ width: 390, height: 900 });
  await page
    .getByRole("form", { name: "Mark weather day" })
    .getByRole("button", { name: "Preview affected bookings" })
    .click();
  await expect(page.getByText(/No booking in this period|will be offered/)).toBeVisible();
  await expectAccessible(page);
  await shot(page, "weather-preview-390.png");
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/bookings/${booking.id}`);
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText(
    "Weather day: new times offered",
  );
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText(label.split(",")[0] ?? "");
});

test("the weather clears: the admin lifts the day, the held times go and the customer is told the booking stands", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { customer, booking, form } = await setUp(page, request, "Sky Clearing", dateAhead(41));
  await form.getByRole("checkbox", { name: "Van A" }).check();
  await form.getByRole("button", { name: "Preview affected bookings" }).click();
  await expect(page.getByText(booking.reference)).toBeVisible();
  await page.getByRole("button", { name: /^Confirm: close it and email \d+ customers?$/ }).click();
  await expect(page.getByRole("status").filter({ hasText: "Weather day marked" })).toBeVisible();
  const offer = await waitForMail(customer.email, /^The weather: choose a new time/, { timeoutMs: 60_000 });
  const link = new URL(linkIn(offer, "choice="));

  // Lift it: the dialog says what will happen; the section then says it was lifted.
  const day = page.getByRole("region", { name: /Van A/ }).filter({ hasText: booking.reference });
  await day.getByRole("button", { name: "Lift weather day" }).click();
  const dialog = page.getByRole("alertdialog", { name: /^Lift the weather day of / });
  await expect(dialog).toContainText("New bookings can land in this period again.");
  await expect(dialog).toContainText("1 customer whose booking didn't move is emailed");
  await expectAccessible(page);
  await shot(page, "weather-lift-dialog-1280.png");
  await dialog.getByRole("button", { name: "Lift weather day" }).click();
  await expect(day).toContainText(/Lifted .*: 1 kept their time · 0 moved/);
  await expect(day.getByRole("listitem").filter({ hasText: booking.reference })).toContainText(
    "Lifted: the booking stands",
  );
  await expect(day.getByRole("button", { name: "Lift weather day" })).toHaveCount(0);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page);
    await shot(page, `weather-lifted-${width}.png`);
  }

  // The customer: the good-news email, and the offer's link now says the booking stands (signed out).
  const news = await waitForMail(customer.email, /^Good news: your booking .* goes ahead as planned$/, {
    timeoutMs: 60_000,
  });
  expect(news.text).toContain(booking.reference);
  const anon = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const answer = await anon.newPage();
  await answer.goto(`${link.pathname}${link.search}`);
  await expect(answer.getByRole("heading", { level: 1, name: "The weather has cleared" })).toBeVisible();
  await expect(answer.getByRole("button", { name: "Confirm this time" })).toHaveCount(0);
  await expectAccessible(answer);
  await shot(answer, "weather-answer-lifted-390.png");
  await anon.close();

  // Signed in, their booking page: the offer is gone, and the panel says why (not "you withdrew").
  const ctx = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
  const mine = await ctx.newPage();
  await signInAs(mine, customer);
  await mine.goto(`/dashboard/bookings/${booking.id}`);
  await expect(mine.getByRole("region", { name: "The weather: choose a new time" })).toHaveCount(0);
  await expect(mine.getByRole("region", { name: "Change the time" })).toContainText(
    "The weather cleared: your booking goes ahead at its time.",
  );
  await expectAccessible(mine);
  await shot(mine, "weather-my-booking-lifted-390.png");
  await ctx.close();

  // The booking's timeline says so.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`/admin/bookings/${booking.id}`);
  await expect(page.getByRole("region", { name: "Timeline" })).toContainText("Weather day lifted");
});

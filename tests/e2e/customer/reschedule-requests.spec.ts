import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { localToInstant } from "../../../src/lib/dates";
import { createUser, credentials, expect, expectAccessible, signInAs, test, shot } from "../support/fixtures";
import { waitForMail } from "../support/mail";
import { workingDayFrom } from "../support/days";

// Reschedule requests end to end (issue 14), at desktop and phone widths with axe and screenshots (in
// SHOTS_DIR): the customer asks for a new time on their booking page, the business approves it
// on /admin/reschedule-requests, the customer's page shows the moved booking live and the moved email
// carries the calendar file with the same UID and a raised SEQUENCE; a decline with its reason; a
// counter-offer the customer accepts.

const TZ = "Europe/London";

const weekdayFrom = (offset: number): string => workingDayFrom(offset, 1);

async function contextFor(browser: Browser, baseURL: string | undefined, width: number) {
  const ctx = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  return { ctx, page: await ctx.newPage() };
}

/** A fresh customer with a confirmed booking on `day` at 10:00, and both sides signed in. */
async function setUp(
  browser: Browser,
  request: APIRequestContext,
  baseURL: string | undefined,
  width: number,
  day: string,
) {
  const who = await createUser(request, { name: `Robin Resched ${width}` });
  const admin = await contextFor(browser, baseURL, width);
  await signInAs(admin.page, credentials.admin);
  const res = await admin.page.request.post("/api/test/bookings", {
    data: {
      status: "confirmed",
      customerEmail: who.email,
      teamName: "Van A",
      startsAt: localToInstant(day, 10 * 60, TZ)?.toISOString(),
    },
  });
  expect(res.status()).toBe(200);
  const booking = (await res.json()).data as { id: string; reference: string };
  const customer = await contextFor(browser, baseURL, width);
  await signInAs(customer.page, who);
  return { who, admin, customer, booking };
}

/** Asks for a new time on the customer's booking page; returns the chosen time's label ("13:00 GMT"). */
async function requestNewTime(page: Page, day: string, reason: string, shotName?: string): Promise<string> {
  const panel = page.getByRole("region", { name: "Change the time" });
  await panel.getByRole("button", { name: "Request a new time" }).click();
  const dialog = page.getByRole("dialog", { name: "Request a new time" });
  await dialog.getByLabel("Day", { exact: true }).fill(day);
  const times = dialog.getByRole("group", { name: /^Free times on/ });
  await expect(times).toBeVisible();
  const slot = times.locator("label").nth(4);
  const label = (await slot.innerText()).trim();
  await slot.click();
  await expect(dialog.getByRole("status")).toContainText(`Chosen: ${label}`);
  await dialog.getByLabel(/^Why/).fill(reason);
  if (shotName) {
    await expectAccessible(page);
    await shot(page, shotName, { fullPage: false });
  }
  await dialog.getByRole("button", { name: "Send the request" }).click();
  await expect(dialog).toBeHidden();
  await expect(panel).toContainText(`You asked to move it to`);
  await expect(panel).toContainText(label);
  return label;
}

function icsOf(raw: string): string {
  const b64 = /Content-Type: text\/calendar[\s\S]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw)?.[1] ?? "";
  return Buffer.from(b64.replace(/\s/g, ""), "base64").toString("utf8");
}

for (const [width, offset] of [
  [1280, 21],
  [390, 24],
] as const) {
  test(`at ${width}px: the customer asks, the business approves, the booking moves live with its calendar file`, async ({
    browser,
    request,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const day = weekdayFrom(offset);
    const next = weekdayFrom(offset + 1);
    const { who, admin, customer, booking } = await setUp(browser, request, baseURL, width, day);
    const page = customer.page;

    await page.goto(`/dashboard/bookings/${booking.id}`);
    // The calendar file before: its UID and SEQUENCE.
    const calendarHref = await page.getByRole("link", { name: "Add to calendar" }).getAttribute("href");
    const before = await (await page.request.get(calendarHref ?? "")).text();
    const uid = /UID:(.+)/.exec(before)?.[1]?.trim();
    const seq = Number(/SEQUENCE:(\d+)/.exec(before)?.[1]);
    expect(uid).toBeTruthy();

    await expectAccessible(page);
    const label = await requestNewTime(page, next, "Work trip moved.", `customer-picker-${width}.png`);
    await expectAccessible(page);
    await shot(page, `customer-pending-${width}.png`);
    // The business hears of it (the demo's notification address).
    await waitForMail(
      "bookings@shinestreet.example",
      new RegExp(`^Reschedule request for ${booking.reference}`),
    );

    // The business: the queue, with its count in the navigation.
    await admin.page.goto("/admin/reschedule-requests");
    const card = admin.page.getByRole("article", { name: `Request for ${booking.reference}` });
    await expect(card).toContainText(who.name);
    await expect(card).toContainText(label);
    await expect(card).toContainText("Work trip moved.");
    await expect(card).toContainText("Held until");
    if (width === 1280)
      await expect(
        admin.page
          .getByRole("navigation", { name: "Admin" })
          .getByRole("link", { name: /Reschedule requests \d+/ }),
      ).toBeVisible();
    await expectAccessible(admin.page);
    await shot(admin.page, `admin-queue-${width}.png`);
    await card.getByRole("button", { name: "Approve" }).click();
    const confirm = admin.page.getByRole("alertdialog", {
      name: `Move ${booking.reference} to the requested time?`,
    });
    await expect(confirm).toContainText(label);
    await confirm.getByRole("button", { name: "Approve and move" }).click();
    await expect(card).toBeHidden();

    // The customer's page, still open, shows the move live.
    const panel = page.getByRole("region", { name: "Change the time" });
    await expect(panel).toContainText("We approved your request", { timeout: 10_000 });
    await expect(panel).toContainText(label);
    await expectAccessible(page);
    await shot(page, `customer-approved-${width}.png`);

    const mail = await waitForMail(
      who.email,
      new RegExp(`^Request approved: your booking ${booking.reference} has moved`),
    );
    const ics = icsOf(mail.raw);
    expect(ics).toContain(`UID:${uid}`);
    expect(Number(/SEQUENCE:(\d+)/.exec(ics)?.[1])).toBe(seq + 1);

    // The overview lists the answer.
    await page.goto("/dashboard");
    await expect(page.getByRole("region", { name: "Needs you" })).toContainText(
      `Booking ${booking.reference}: Moved to`,
    );
    await admin.ctx.close();
    await customer.ctx.close();
  });
}

test("at 390px: a decline with its reason reaches the customer, and the booking stays", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const day = weekdayFrom(27);
  const { who, admin, customer, booking } = await setUp(browser, request, baseURL, 390, day);
  await customer.page.goto(`/dashboard/bookings/${booking.id}`);
  await requestNewTime(customer.page, weekdayFrom(28), "Car at the garage.");

  await admin.page.goto(`/admin/bookings/${booking.id}`);
  const section = admin.page.getByRole("region", { name: "Reschedule requests" });
  await section.getByRole("button", { name: "Decline" }).click();
  const dialog = admin.page.getByRole("dialog", { name: `Decline the request for ${booking.reference}` });
  await dialog.getByRole("button", { name: "Decline and email the customer" }).click();
  await expect(dialog.getByText("Tell the customer why").first()).toBeVisible();
  await expectAccessible(admin.page);
  await dialog.getByLabel(/^Reason/).fill("Both vans are fully booked that day.");
  await shot(admin.page, `admin-decline-390.png`, { fullPage: false });
  await dialog.getByRole("button", { name: "Decline and email the customer" }).click();
  await expect(dialog).toBeHidden();
  await expect(section).toContainText("Declined");

  const panel = customer.page.getByRole("region", { name: "Change the time" });
  await expect(panel).toContainText("Our reason: “Both vans are fully booked that day.”", {
    timeout: 10_000,
  });
  await expect(panel.getByRole("button", { name: "Request a new time" })).toBeVisible();
  await expectAccessible(customer.page);
  await shot(customer.page, `customer-declined-390.png`);
  const mail = await waitForMail(who.email, new RegExp(`^We can't move your booking ${booking.reference}`));
  expect(mail.text).toContain("Both vans are fully booked that day.");
  await admin.ctx.close();
  await customer.ctx.close();
});

test("at 1280px: the business offers another time and the customer accepts it", async ({
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const day = weekdayFrom(30);
  const { who, admin, customer, booking } = await setUp(browser, request, baseURL, 1280, day);
  await customer.page.goto(`/dashboard/bookings/${booking.id}`);
  const asked = await requestNewTime(customer.page, weekdayFrom(31), "Afternoons are easier.");

  await admin.page.goto("/admin/reschedule-requests");
  const card = admin.page.getByRole("article", { name: `Request for ${booking.reference}` });
  await card.getByRole("button", { name: "Offer another time" }).click();
  const dialog = admin.page.getByRole("dialog", { name: `Offer another time for ${booking.reference}` });
  const times = dialog.getByRole("group", { name: /^Free times on/ });
  await expect(times).toBeVisible();
  await expect(dialog.getByRole("checkbox", { name: "Override availability" })).toHaveCount(0);
  // Another time than the one asked for (the same time on another team is refused: approve it instead).
  await times.locator("li").filter({ hasNotText: asked }).last().locator("label").first().click();
  const chosen = (await dialog.getByRole("status").innerText()).replace(/^Chosen: /, "");
  const offered = /^(\d{2}:\d{2} \w+)/.exec(chosen)?.[1] ?? "";
  expect(offered).not.toBe(asked);
  await dialog.getByLabel("Message to the customer").fill("The afternoon is gone; we can do this instead.");
  await expectAccessible(admin.page);
  await shot(admin.page, `admin-offer-1280.png`, { fullPage: false });
  await dialog.getByRole("button", { name: "Hold this time and offer it" }).click();
  await expect(dialog).toBeHidden();
  await expect(card).toContainText("Waiting for the customer");

  const panel = customer.page.getByRole("region", { name: "Change the time" });
  await expect(panel).toContainText("offer", { timeout: 10_000 });
  await expect(panel).toContainText(offered);
  await expectAccessible(customer.page);
  await shot(customer.page, `customer-offer-1280.png`);
  await waitForMail(who.email, new RegExp(`^Another time for your booking ${booking.reference}`));
  await panel.getByRole("button", { name: "Accept the new time" }).click();
  const confirm = customer.page.getByRole("alertdialog", { name: "Move your booking to the offered time?" });
  await confirm.getByRole("button", { name: "Accept and move" }).click();
  await expect(panel).toContainText("You accepted the time we offered");
  await expect(panel).toContainText(offered);
  await shot(customer.page, `customer-offer-accepted-1280.png`);
  const mail = await waitForMail(who.email, new RegExp(`^Your booking ${booking.reference} has moved`));
  expect(icsOf(mail.raw)).toContain("SEQUENCE:1");
  await admin.ctx.close();
  await customer.ctx.close();
});

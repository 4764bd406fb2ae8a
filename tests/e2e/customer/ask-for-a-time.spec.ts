import type { Browser, Page } from "@playwright/test";
import { createUser, credentials, expect, expectAccessible, shot, signInAs, test } from "../support/fixtures";
import { linkIn, mailCount, waitForMail } from "../support/mail";
import { workingDayFrom } from "../support/days";

// "Ask for a time" end to end (issue 40 §3, ADR 0057), at desktop and phone widths with axe and screenshots:
// a large car's Ceramic Coating (10 h of work) runs over two of the demo's days (ADR 0056); none of the
// times shown suit the customer, so they ask for a time: they sign in, name the days that suit (a request
// with no days is refused with a field error first), and see the confirmation; the business proposes a
// time from the request's page — a visit over two days, held as a booking waiting for payment — and the
// customer pays from the email: the request is booked.

test.describe.configure({ mode: "serial" });

/** A day of its own per width, clear of the days the other specs book (see support/days.ts users). */
const DAYS = { 1280: [36, 37], 390: [38, 39] } as const;

async function contextFor(browser: Browser, baseURL: string | undefined, width: number) {
  const ctx = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  return { ctx, page: await ctx.newPage() };
}

/** The wizard, as a guest, up to the date step of a large car's coating. */
async function toTimeStep(page: Page, reg: string) {
  await page.goto("/book");
  await page.getByRole("link", { name: "Choose Ceramic Coating" }).click();
  await page.getByRole("radio", { name: /^Large/ }).check();
  await page.getByLabel("Make", { exact: true }).fill("Volvo");
  await page.getByLabel("Model", { exact: true }).fill("XC90");
  await page.getByLabel("Registration").fill(reg);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Any extras?" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Postcode").fill("SE5 9NR");
  await page.getByLabel("Address line 1").fill("20 Grove Lane");
  await page.getByLabel("Town or city").fill("London");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Choose a date and time" })).toBeVisible();
}

for (const width of [1280, 390] as const) {
  test(`at ${width}px: the customer asks for a time, the business proposes one, the customer pays from the email`, async ({
    browser,
    baseURL,
    page,
    request,
  }) => {
    test.setTimeout(180_000);
    await page.setViewportSize({ width, height: 900 });
    const [day, second] = DAYS[width].map((n) => workingDayFrom(n, 1)) as [string, string];
    const who = await createUser(request, { name: `Asha Asks ${width}` });

    // None of the times shown suit: the date step offers Ask for a time below them.
    await toTimeStep(page, width === 1280 ? "AT26 DSK" : "AT26 PHN");
    await expect(page.getByText("None of these suit you?")).toBeVisible();
    await expectAccessible(page);
    await shot(page, `ask-time-step-${width}.png`);
    await page.getByRole("link", { name: "Ask for a time" }).click();

    // A visitor signs in first; the details typed in the wizard stay in this tab.
    await expect(page.getByRole("heading", { level: 1, name: "Ask for a time" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Sign in to ask for a time" })).toBeVisible();
    await expectAccessible(page);
    await shot(page, `ask-sign-in-${width}.png`);
    await signInAs(page, who);
    await page.reload();
    await expect(
      page.getByText(/This visit takes 10 h of work\. Tell us the days that suit you/),
    ).toBeVisible();
    const form = page.getByRole("form", { name: "Ask for a time" });

    // No days: a field error, nothing sent.
    const mailsBefore = mailCount();
    await form.getByRole("button", { name: "Send my request" }).click();
    await expect(form.getByText("Choose at least one day that suits you.").first()).toBeVisible();
    await expectAccessible(page);
    await shot(page, `ask-form-error-${width}.png`);

    await form.getByLabel("Day 1").fill(day);
    await form.getByRole("button", { name: "Add another day" }).click();
    await form.getByLabel("Day 2").fill(second);
    await form.getByLabel("Part of the day").nth(1).selectOption("morning");
    await form.getByLabel("Anything we should know").fill("The car is on the drive.");
    await expectAccessible(page);
    await shot(page, `ask-form-${width}.png`);
    await form.getByRole("button", { name: "Send my request" }).click();
    await expect(page).toHaveURL(/\/dashboard\/bookings\/requests\/[0-9a-f-]{36}\?sent=1$/);
    const requestUrl = new URL(page.url()).pathname;
    await expect(page.getByText(/we've got your request/i)).toBeVisible();
    await expect(page.getByText("Waiting for a time")).toBeVisible();
    await expectAccessible(page);
    await shot(page, `ask-sent-${width}.png`);
    await waitForMail(who.email, /^We've got your request for a time/, { after: mailsBefore });
    await waitForMail("bookings@shinestreet.example", new RegExp(`^${who.name} asks for a time`), {
      after: mailsBefore,
    });
    // Their bookings list shows the open request.
    await page.goto("/dashboard/bookings");
    await expect(page.getByRole("region", { name: "Your requests for a time" })).toContainText(
      "Ceramic Coating",
    );

    // The business: the queue, the request, a proposal over two days.
    const admin = await contextFor(browser, baseURL, width);
    await signInAs(admin.page, credentials.admin);
    await admin.page.goto("/admin/time-requests");
    const row = admin.page.getByRole("link", { name: new RegExp(`${who.name} — Ceramic Coating`) });
    await expect(row).toBeVisible();
    await expectAccessible(admin.page);
    await shot(admin.page, `admin-time-requests-${width}.png`);
    await row.click();
    await expect(
      admin.page.getByRole("heading", { level: 1, name: `${who.name} asks for a time` }),
    ).toBeVisible();
    await expect(admin.page.getByText("The car is on the drive.")).toBeVisible();
    await expectAccessible(admin.page);
    await shot(admin.page, `admin-time-request-${width}.png`);
    await admin.page.getByRole("button", { name: "Propose a time" }).click();
    const dialog = admin.page.getByRole("dialog", { name: `Propose a time to ${who.name}` });
    await dialog.getByLabel("Day", { exact: true }).fill(day);
    const times = dialog.getByRole("group", { name: /^Free times on/ });
    await expect(times).toBeVisible();
    await times.locator("label").first().click();
    await dialog.getByLabel("Message to the customer").fill("We'll bring the big van.");
    await expectAccessible(admin.page);
    await shot(admin.page, `admin-propose-${width}.png`, { fullPage: false });
    await dialog.getByRole("button", { name: "Hold this time and email it" }).click();
    await expect(dialog).toBeHidden();
    await expect(admin.page.getByText(/held until .+ for the customer to pay\./)).toBeVisible();
    await shot(admin.page, `admin-proposed-${width}.png`);

    // The customer pays from the email: the request is booked.
    const mail = await waitForMail(who.email, /^We can do .+ — accept and pay$/, { after: mailsBefore });
    await page.goto(linkIn(mail, "/booking/"));
    await page.getByRole("button", { name: /^Pay £/ }).click();
    await expect(page).toHaveURL(/\/pay\/test/);
    await page.getByRole("button", { name: /^Pay/ }).click();
    await expect(page).toHaveURL(/\/booking\/(payment-complete|success)\?ref=FC-[A-Z0-9]{6}&token=/);
    await page.goto(requestUrl);
    await expect(page.getByText("Booked", { exact: true }).first()).toBeVisible();
    await expectAccessible(page);
    await shot(page, `ask-booked-${width}.png`);
    await admin.page.goto(`/admin/time-requests?status=booked`);
    await expect(admin.page.getByRole("link", { name: new RegExp(who.name) })).toBeVisible();
    await admin.ctx.close();
  });
}

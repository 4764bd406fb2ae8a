import type { Browser, Page } from "@playwright/test";
import { localToInstant } from "../../../src/lib/dates";
import { credentials, expect, expectAccessible, test, shot } from "../support/fixtures";
import { mailCount, waitForMail } from "../support/mail";
import { workingDayFrom } from "../support/days";

// The money on the admin's booking page: record a payment taken in cash, cancel with the refund the
// policy gives (changed by the admin) through the test provider, send a payment link for a balance and
// pay it through the test provider, resend an email. Each test books its own weekday, well after the
// other admin specs' days.

const TZ = "Europe/London";

const weekdayFrom = (offset: number): string => workingDayFrom(offset, 1);

async function adminContext(browser: Browser, baseURL: string | undefined, width: number) {
  const ctx = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  const res = await ctx.request.post("/api/test/session", { data: credentials.admin });
  expect(res.status()).toBe(200);
  return { ctx, page: await ctx.newPage() };
}

async function makeBooking(page: Page, status: string, date: string, minutes: number, paidMinor = 0) {
  const startsAt = localToInstant(date, minutes, TZ);
  const res = await page.request.post("/api/test/bookings", {
    data: {
      status,
      customerEmail: credentials.customer.email,
      teamName: "Van B",
      startsAt: startsAt?.toISOString(),
      paidMinor,
    },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data as { id: string; reference: string };
}

const header = (page: Page) => page.locator("h1").locator("xpath=..");
const money = (page: Page) => page.getByRole("region", { name: "Payments and refunds" });

for (const [width, offset] of [
  [1280, 61],
  [390, 68],
] as const) {
  test(`at ${width}px: record a cash payment, then cancel another booking with a changed refund`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(90_000);
    const day = weekdayFrom(offset);
    const a = await adminContext(browser, baseURL, width);

    // Record a payment: a confirmed job of £85.00, nothing paid yet.
    const job = await makeBooking(a.page, "confirmed", day, 9 * 60);
    await a.page.goto(`/admin/bookings/${job.id}`);
    await expect(money(a.page)).toContainText("Due: £85.00");
    await money(a.page).getByRole("button", { name: "Record a payment" }).click();
    const record = a.page.getByRole("dialog", { name: `Record a payment for ${job.reference}` });
    await expect(record).toContainText("emailed a receipt");
    await record.getByLabel("How they paid").selectOption("card");
    await record.getByRole("button", { name: "Record payment and email receipt" }).click();
    await expect(
      record.getByText("Give the card terminal's receipt or transaction number.").first(),
    ).toBeVisible();
    await expectAccessible(a.page);
    await shot(a.page, `record-payment-${width}.png`, { fullPage: false });
    await record.getByLabel("How they paid").selectOption("cash");
    await record.getByLabel("Amount (£)").fill("90.00");
    await record.getByRole("button", { name: "Record payment and email receipt" }).click();
    await expect(record.getByText(/more than the £85\.00 due/).first()).toBeVisible();
    await record.getByLabel("Amount (£)").fill("85.00");
    await record.getByRole("button", { name: "Record payment and email receipt" }).click();
    await expect(header(a.page)).toContainText("Paid", { timeout: 5_000 });
    await expect(money(a.page)).toContainText("Cash (recorded)");
    await expect(a.page.getByRole("region", { name: "Timeline" })).toContainText("Payment £85.00 recorded");
    await expect(a.page.getByRole("region", { name: "Emails" })).toContainText(
      /Payment receipt|Receipt for your payment/,
    );
    await expectAccessible(a.page);
    await shot(a.page, `booking-paid-${width}.png`);

    // Cancel with refund: paid £85.00 online (test provider), three weeks ahead: the policy refunds it all.
    const paid = await makeBooking(a.page, "confirmed", day, 14 * 60, 8500);
    await a.page.goto(`/admin/bookings/${paid.id}`);
    await a.page.getByRole("button", { name: "Cancel booking" }).click();
    const cancel = a.page.getByRole("dialog", { name: `Cancel ${paid.reference}?` });
    await expect(cancel).toContainText("The policy refund is £85.00");
    await expect(cancel.getByLabel("Refund (£)")).toHaveValue("85.00");
    await cancel.getByLabel("Reason (the customer sees it)").fill("The van is off the road.");
    await cancel.getByLabel("Refund (£)").fill("90.00");
    await cancel.getByRole("button", { name: "Cancel, refund and email" }).click();
    await expect(cancel.getByText(/At most £85\.00 can be refunded/).first()).toBeVisible();
    await cancel.getByLabel("Refund (£)").fill("60.00");
    await expectAccessible(a.page);
    await shot(a.page, `cancel-with-refund-${width}.png`, { fullPage: false });
    await cancel.getByRole("button", { name: "Cancel, refund and email" }).click();
    await expect(header(a.page)).toContainText("Cancelled", { timeout: 5_000 });
    await expect(money(a.page)).toContainText("Test provider");
    await expect(money(a.page)).toContainText("£60.00");
    await expect(money(a.page)).toContainText("Refunded");
    await expect(money(a.page)).toContainText("Can be refunded: £25.00");
    const timeline = a.page.getByRole("region", { name: "Timeline" });
    await expect(timeline).toContainText("Confirmed → Cancelled");
    await expect(timeline).toContainText("Refund £60.00 succeeded");
    await expect(timeline).toContainText("Business told: A booking was cancelled");
    await waitForMail(credentials.customer.email, new RegExp(`^Your booking ${paid.reference} is cancelled`));
    await shot(a.page, `cancelled-refunded-${width}.png`);
    await a.ctx.close();
  });
}

test("send a payment link for a balance, the customer pays it through the test provider; resend an email", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const day = weekdayFrom(75);
  const a = await adminContext(browser, baseURL, 1280);
  const job = await makeBooking(a.page, "confirmed", day, 10 * 60, 2500);
  await a.page.goto(`/admin/bookings/${job.id}`);
  const before = mailCount();
  await money(a.page).getByRole("button", { name: "Send a payment link" }).click();
  const confirm = a.page.getByRole("alertdialog", { name: /a link to pay £60\.00\?/ });
  await expect(confirm).toContainText("the balance of £60.00");
  await expectAccessible(a.page);
  await confirm.getByRole("button", { name: "Send the link" }).click();
  await expect(a.page.getByRole("region", { name: "Timeline" })).toContainText(
    "Payment link sent for £60.00",
  );
  const mail = await waitForMail(credentials.customer.email, /^Pay £60\.00 for your booking/, {
    after: before,
  });
  const link = /https?:\/\/\S+\/booking\/pay\?ref=[A-Z0-9-]+&token=[\w-]+/.exec(mail.text)?.[0];
  expect(link).toBeTruthy();

  // The customer, from the email (not signed in): pays the balance through the test provider.
  for (const width of [390, 1280]) {
    const guest = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const page = await guest.newPage();
    await page.goto(new URL(link ?? "").pathname + new URL(link ?? "").search);
    await expect(
      page.getByRole("heading", { level: 1, name: `Pay £60.00 for booking ${job.reference}` }),
    ).toBeVisible();
    await expectAccessible(page);
    await shot(page, `pay-balance-${width}.png`);
    if (width === 1280) {
      await page.getByRole("button", { name: "Pay £60.00" }).click();
      await expect(page).toHaveURL(/\/pay\/test/);
      await page.getByRole("button", { name: /^Pay/ }).click();
      await expect(page).toHaveURL(/\/booking\/payment-complete\?ref=/);
      await expect(page.getByText(job.reference).first()).toBeVisible();
    }
    await guest.close();
  }

  // The receipt has gone out (the emails list shows each email's subject once it is sent).
  await waitForMail(credentials.customer.email, /^Receipt for your payment of £60\.00/, { after: before });
  await a.page.reload();
  await expect(header(a.page)).toContainText("Confirmed");
  await expect(header(a.page)).toContainText("Paid");
  await expect(money(a.page)).toContainText("Due: £0.00");
  await expect(a.page.getByRole("region", { name: "Timeline" })).toContainText("Payment £60.00 succeeded");
  await expect(a.page.getByRole("region", { name: "Timeline" })).toContainText(
    "Business told: A payment was received",
  );

  // Resend the receipt: a fresh copy goes out.
  const emails = a.page.getByRole("region", { name: "Emails" });
  const receipt = emails.getByRole("listitem").filter({ hasText: /Receipt for your payment of £60\.00/ });
  const resendBefore = mailCount();
  await receipt.getByRole("button", { name: "Resend" }).click();
  await receipt.getByRole("button", { name: "Send the copy" }).click();
  await expect(a.page.getByRole("region", { name: "Timeline" })).toContainText(
    "Email sent again: Payment receipt",
  );
  await waitForMail(credentials.customer.email, /^Receipt for your payment of £60\.00/, {
    after: resendBefore,
  });

  // Refund part of it: through the test provider, the customer told.
  await money(a.page).getByRole("button", { name: "Refund" }).click();
  const refund = a.page.getByRole("dialog", { name: `Refund ${job.reference}` });
  await expect(refund).toContainText("Up to £85.00 can be refunded");
  await refund.getByLabel("Amount to refund (£)").fill("10.00");
  await refund.getByLabel("Reason (kept on the timeline)").fill("Goodwill: we were late.");
  await expectAccessible(a.page);
  await refund.getByRole("button", { name: "Refund now" }).click();
  await expect(money(a.page)).toContainText("Can be refunded: £75.00", { timeout: 5_000 });
  await expect(a.page.getByRole("region", { name: "Timeline" })).toContainText("Refund £10.00 succeeded");
  await waitForMail(
    credentials.customer.email,
    new RegExp(`^A goodwill refund of £10\\.00 for your booking ${job.reference}`),
  );
  await a.ctx.close();
});

import { readFile } from "node:fs/promises";
import type { Browser, Page } from "@playwright/test";
import { localToInstant } from "../../../src/lib/dates";
import { createUser, expect, expectAccessible, signInAs, test, shot } from "../support/fixtures";
import { parseCsv } from "../support/csv";
import { workingDayFrom } from "../support/days";

// One money truth (issue 26, ADR 0040): the owner's screens, the CSV, the customer's page and the receipt
// tell the same money. A fully paid £140 job with a £30 goodwill refund owes nothing anywhere; a cancelled,
// refunded booking shows the same figures in the table, its CSV row, its page, the customer's page and its
// receipt. Each test has its own customer (their owed figure is theirs alone), its own team and weekday.

const TZ = "Europe/London";

const weekdayFrom = (offset: number): string => workingDayFrom(offset);

async function context(browser: Browser, baseURL: string | undefined, width: number) {
  const ctx = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  return { ctx, page: await ctx.newPage() };
}

async function makeBooking(
  page: Page,
  input: {
    status: string;
    email: string;
    date: string;
    minutes: number;
    totalMinor: number;
    paidMinor: number;
    /** The test's own inactive team: outside the demo's history, so the time is always free (ADR 0043). */
    team: string;
  },
) {
  const startsAt = localToInstant(input.date, input.minutes, TZ);
  const res = await page.request.post("/api/test/bookings", {
    data: {
      status: input.status,
      customerEmail: input.email,
      teamName: input.team,
      ownTeam: true,
      startsAt: startsAt?.toISOString(),
      totalMinor: input.totalMinor,
      paidMinor: input.paidMinor,
    },
  });
  expect(res.status()).toBe(200);
  return (await res.json()).data as { id: string; reference: string };
}

const money = (page: Page) => page.getByRole("region", { name: "Payments and refunds" });

/** The bookings table filtered to one reference, and its CSV row as a header → value map. */
async function tableAndCsv(page: Page, reference: string) {
  await page.goto(`/admin/bookings?q=${reference}`);
  const row = page.getByRole("table").getByRole("row").filter({ hasText: reference });
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  const bytes = await readFile(await (await download).path());
  const [header, ...records] = parseCsv(bytes.subarray(3).toString("utf8"));
  const record = records.find((r) => r[0] === reference);
  expect(record, `the CSV has ${reference}`).toBeTruthy();
  return { row, csv: Object.fromEntries((header ?? []).map((h, i) => [h, record?.[i] ?? ""])) };
}

// At 1280 px only (issue 30, ADR 0049): the money on every page is the same rule at any width (proven on
// both databases by money-everywhere, money-refund-reasons and money-migration); the customer's money
// pages at 390 px are in customer/my-bookings and cancel.
for (const [width, offset] of [[1280, 83]] as const) {
  test(`at ${width}px: a £30 goodwill refund on a paid £140 job leaves nothing due anywhere`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const admin = await context(browser, baseURL, width);
    await admin.page.request.post("/api/test/session", {
      data: { email: "admin@forecourt.test", password: "Forecourt-admin-2026" },
    });
    const customer = await createUser(admin.page.request, { name: "Goodwill Customer" });
    const job = await makeBooking(admin.page, {
      status: "completed",
      email: customer.email,
      // Before the demo's six months of history, whose finished jobs keep their time (ADR 0043).
      date: weekdayFrom(-(offset + 120)),
      minutes: 9 * 60,
      totalMinor: 14000,
      paidMinor: 14000,
      team: `E2E goodwill ${width}`,
    });

    await admin.page.goto(`/admin/bookings/${job.id}`);
    await money(admin.page).getByRole("button", { name: "Refund" }).click();
    const refund = admin.page.getByRole("dialog", { name: `Refund ${job.reference}` });
    await refund.getByLabel("Why the money goes back").selectOption("goodwill");
    await refund.getByLabel("Amount to refund (£)").fill("30.00");
    await refund.getByLabel("Reason (kept on the timeline)").fill("We were late.");
    await expectAccessible(admin.page);
    await refund.getByRole("button", { name: "Refund now" }).click();
    await expect(admin.page.getByRole("region", { name: "Timeline" })).toContainText("Refund £30.00", {
      timeout: 10_000,
    });
    await admin.page.reload();
    await expect(money(admin.page)).toContainText("Due: £0.00");
    await expect(money(admin.page)).toContainText("£110.00");
    await expect(money(admin.page).getByRole("button", { name: "Send a payment link" })).toHaveCount(0);
    await expectAccessible(admin.page);
    await shot(admin.page, `goodwill-admin-${width}.png`);

    // The table and its CSV.
    const { row, csv } = await tableAndCsv(admin.page, job.reference);
    if (width >= 768) await expect(row).toContainText("£0.00");
    expect(csv.Due).toBe("0.00");

    // The customers list: nothing owed.
    await admin.page.goto(`/admin/customers?q=${encodeURIComponent(customer.email)}`);
    const listed = admin.page.getByRole("row").filter({ hasText: customer.email });
    await expect(listed).toContainText("£110.00"); // lifetime value: net paid
    await expect(listed).not.toContainText("£30.00");
    await admin.ctx.close();

    // The customer's booking page and receipt: nothing to pay, the goodwill refund shown.
    const me = await context(browser, baseURL, width);
    await signInAs(me.page, customer);
    await me.page.goto(`/dashboard/bookings/${job.id}`);
    await expect(me.page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(me.page.getByText(/still to pay/)).toHaveCount(0);
    await expect(me.page.getByRole("button", { name: /^Pay / })).toHaveCount(0);
    await expect(me.page.getByRole("link", { name: /^Pay / })).toHaveCount(0);
    await expectAccessible(me.page);
    await shot(me.page, `goodwill-customer-${width}.png`);
    await me.page.goto(`/dashboard/bookings/${job.id}/receipt`);
    await expect(me.page.getByText("£30.00").first()).toBeVisible();
    await expect(me.page.getByText("Left to pay")).toHaveCount(0);
    await expectAccessible(me.page);
    await shot(me.page, `goodwill-receipt-${width}.png`);
    await me.ctx.close();
  });

  test(`at ${width}px: a cancelled, refunded booking shows the same money everywhere`, async ({
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const admin = await context(browser, baseURL, width);
    await admin.page.request.post("/api/test/session", {
      data: { email: "admin@forecourt.test", password: "Forecourt-admin-2026" },
    });
    const customer = await createUser(admin.page.request, { name: "Cancelled Customer" });
    const job = await makeBooking(admin.page, {
      status: "confirmed",
      email: customer.email,
      date: weekdayFrom(offset),
      minutes: 15 * 60,
      totalMinor: 7000,
      paidMinor: 7000,
      team: `E2E cancelled ${width}`,
    });
    await admin.page.goto(`/admin/bookings/${job.id}`);
    await admin.page.getByRole("button", { name: "Cancel booking" }).click();
    const cancel = admin.page.getByRole("dialog", { name: `Cancel ${job.reference}?` });
    await expect(cancel.getByLabel("Refund (£)")).toHaveValue("70.00");
    await cancel.getByLabel("Reason (the customer sees it)").fill("The van is off the road.");
    await cancel.getByRole("button", { name: "Cancel, refund and email" }).click();
    await expect(admin.page.locator("h1").locator("xpath=..")).toContainText("Cancelled", {
      timeout: 10_000,
    });
    await admin.page.reload();
    await expect(money(admin.page)).toContainText("Due: £0.00");
    await expect(money(admin.page)).toContainText("Can be refunded: £0.00");
    await shot(admin.page, `cancelled-admin-${width}.png`);

    const { row, csv } = await tableAndCsv(admin.page, job.reference);
    if (width >= 768) {
      await expect(row).toContainText("Cancelled");
      await expect(row).toContainText("£0.00"); // its Due cell (the total is £70.00)
    }
    expect(csv.Due).toBe("0.00");
    await admin.ctx.close();

    const me = await context(browser, baseURL, width);
    await signInAs(me.page, customer);
    await me.page.goto(`/dashboard/bookings/${job.id}`);
    await expect(me.page.getByText(/still to pay/)).toHaveCount(0);
    await expect(me.page.getByRole("button", { name: /^Pay / })).toHaveCount(0);
    await me.page.goto(`/dashboard/bookings/${job.id}/receipt`);
    await expect(me.page.getByText("Cancelled").first()).toBeVisible();
    await expect(me.page.getByText(/fee kept/i).first()).toBeVisible();
    await expect(me.page.getByText("£70.00").first()).toBeVisible();
    await expect(me.page.getByText("Left to pay")).toHaveCount(0);
    await expectAccessible(me.page);
    await shot(me.page, `cancelled-receipt-${width}.png`);
    await me.ctx.close();
  });
}

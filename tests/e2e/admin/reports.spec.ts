import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { addDays } from "../../../src/lib/dates";
import { parseCsv } from "../support/csv";
import { createUser, credentials, expect, expectAccessible, shot, test } from "../support/fixtures";

// The owner's reports: pick a range (custom dates, in the business zone), read the revenue, bookings and
// customers reports, download a report's CSV and find the same figures in it; a bad range gets field
// messages. Desktop and a 390 px phone, axe on every state. The bookings are made on a day far in the
// future that no other spec uses, so the figures are known exactly.

async function download(page: Page, name: RegExp): Promise<string[][]> {
  const pending = page.waitForEvent("download");
  await page.getByRole("link", { name }).click();
  const bytes = await readFile(await (await pending).path());
  expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
  return parseCsv(bytes.subarray(3).toString("utf8"));
}

for (const [width, team] of [
  [1280, "Van A"],
  [390, "Van B"],
] as const) {
  test(`reports at ${width}px: a custom range, the revenue, bookings and customers reports, a CSV parsed back`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    // A day of its own, decades ahead (GMT in January: local date = UTC date).
    const day = addDays("2045-01-02", (Math.floor(Date.now() / 60_000) % 2000) * 2 + (width === 390 ? 1 : 0));
    const customer = await createUser(request, { name: `Report Customer ${width}` });
    const book = async (status: string, hour: number, paidMinor?: number) => {
      const res = await request.post("/api/test/bookings", {
        data: {
          status,
          customerEmail: customer.email,
          teamName: team,
          startsAt: `${day}T${String(hour).padStart(2, "0")}:00:00.000Z`,
          paidMinor,
        },
      });
      expect(res.status()).toBe(200);
      return (await res.json()).data as { id: string; reference: string };
    };
    const done = await book("completed", 9, 8500);
    await book("cancelled", 14);

    const ctx = await browser.newContext({
      baseURL,
      viewport: { width, height: 900 },
      acceptDownloads: true,
    });
    expect((await ctx.request.post("/api/test/session", { data: credentials.admin })).status()).toBe(200);
    const page = await ctx.newPage();
    await page.goto("/admin/reports");
    await expect(page.getByRole("heading", { level: 1, name: "Reports" })).toBeVisible({ timeout: 20_000 });
    await expectAccessible(page);

    // A bad custom range: the message sits with its field.
    const form = page.getByRole("form", { name: "Report dates" });
    await form.getByLabel("Period").selectOption("custom");
    await form.getByLabel("First date").fill(day);
    await form.getByLabel("Last date").fill(addDays(day, -1));
    await form.getByRole("button", { name: "Show reports" }).click();
    await expect(form.getByLabel("Last date")).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("The last date must be on or after the first.")).toBeVisible();
    await expect(page.getByRole("alert").filter({ hasText: "Fix the dates" })).toHaveText(
      "Fix the dates to see the reports.",
    );
    await expectAccessible(page);
    await shot(page, `reports-bad-range-${width}.png`);

    // The day alone.
    await form.getByLabel("Last date").fill(day);
    await form.getByRole("button", { name: "Show reports" }).click();
    await expect(page).toHaveURL(new RegExp(`range=custom&from=${day}&to=${day}`));
    await expect(page.getByText(/^Custom dates: /)).toBeVisible();

    // Revenue: the completed job is booked (the cancelled one is not).
    const byDay = page.getByRole("table", { name: "Revenue by day" });
    const row = byDay.getByRole("row").filter({ hasText: day });
    await expect(row).toContainText("£85.00");
    await expect(byDay.getByRole("row").filter({ hasText: "Total" })).toContainText("£85.00");
    // Months read as words ("Jan 2046"), not "2046-01".
    const month = new Intl.DateTimeFormat("en-GB", {
      month: "short",
      year: "numeric",
      timeZone: "UTC",
    }).format(new Date(`${day}T12:00:00Z`));
    await expect(
      page.getByRole("table", { name: "Revenue by month" }).getByRole("row").filter({ hasText: month }),
    ).toContainText("£85.00");
    await expectAccessible(page);
    await shot(page, `reports-revenue-${width}.png`);

    // Its CSV holds what the table shows.
    const [header, ...records] = await download(page, /Download CSV: Revenue by day/);
    expect(header).toEqual([
      "Date",
      "Jobs",
      "Booked",
      "Deposits",
      "Balances",
      "Paid in full",
      "Collected",
      "Refunded",
      "Net collected",
    ]);
    expect(records.find((r) => r[0] === day)?.slice(0, 3)).toEqual([day, "1", "85.00"]);
    expect(records.at(-1)?.slice(0, 3)).toEqual(["Total", "1", "85.00"]);

    // Bookings by status: one completed, one cancelled, nothing kept on it.
    // The tabs are links: each opens its own URL, and the server reads only that tab's reports.
    const tabs = page.getByRole("navigation", { name: "Reports" });
    await tabs.getByRole("link", { name: "Bookings" }).click();
    await expect(page).toHaveURL(/tab=bookings/);
    await expect(page).toHaveURL(new RegExp(`range=custom&from=${day}&to=${day}`));
    await expect(page.getByRole("table", { name: "Revenue by day" })).toHaveCount(0);
    const statuses = page.getByRole("table", { name: "Bookings by status" });
    await expect(statuses.getByRole("row").filter({ hasText: "Completed" })).toContainText("£85.00");
    await expect(statuses.getByRole("row").filter({ hasText: "Cancelled" })).toContainText("1");
    await expect(statuses.getByRole("row").filter({ hasText: "Total" })).toContainText("£170.00");
    await expectAccessible(page);
    await shot(page, `reports-bookings-${width}.png`);
    const statusCsv = await download(page, /Download CSV: Bookings by status/);
    expect(statusCsv.map((r) => r.slice(0, 2))).toEqual([
      ["Status", "Bookings"],
      ["Completed", "1"],
      ["Cancelled", "1"],
      ["Total", "2"],
    ]);

    // Customers: a new customer, at the top by value.
    await tabs.getByRole("link", { name: "Customers" }).click();
    await expect(page.getByRole("table", { name: "Top customers by value" })).toContainText(customer.name);
    await expect(
      page
        .getByRole("table", { name: "New and returning customers" })
        .getByRole("row")
        .filter({ hasText: "New" }),
    ).toContainText("1");
    await expectAccessible(page);
    await shot(page, `reports-customers-${width}.png`);

    // The tab is in the URL: a reload opens it again.
    await expect(page).toHaveURL(/tab=customers/);
    await expect(tabs.getByRole("link", { name: "Customers" })).toHaveAttribute("aria-current", "page");

    // Today's ledger holds the payment (settled when it was made), with its booking.
    await page.goto("/admin/reports?range=today&tab=ledger");
    await expect(tabs.getByRole("link", { name: "Payments & refunds" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expectAccessible(page);
    await shot(page, `reports-ledger-${width}.png`);
    const ledger = await download(page, /Download CSV: Payments and refunds/);
    expect(ledger[0]?.slice(0, 4)).toEqual(["Settled", "Type", "Kind", "Booking"]);
    const entry = ledger.find((r) => r[3] === done.reference);
    expect(entry?.slice(1, 5)).toEqual(["Payment", "Full", done.reference, customer.name]);
    expect(entry?.at(-1)).toBe("85.00");
    expect(ledger.at(-1)?.[0]).toBe("Total");
    await ctx.close();
  });
}

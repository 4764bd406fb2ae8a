import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { parseCsv } from "../support/csv";
import { credentials, expect, expectAccessible, test, shot } from "../support/fixtures";

// The admin's bookings table: the filters, search and sort live in the URL (reload and back keep them),
// and the CSV download holds exactly the rows the filtered table shows.

const table = (page: Page) => page.getByRole("table", { name: "Bookings" });
const referenceLinks = (page: Page) => table(page).getByRole("link", { name: /^[A-Z]{2}-[0-9A-Z]+$/ });
const references = (page: Page) => referenceLinks(page).allInnerTexts();
/** The references once the page shows `count` of them: a navigation's rows are read after they render. */
async function referencesWhenShown(page: Page, count: number) {
  await expect(referenceLinks(page)).toHaveCount(count);
  return references(page);
}

// At 1280 px only (issue 30, ADR 0049): filters, search, sort and the CSV are one rule at any width
// (integration: admin-bookings, admin-bookings-order); the table on a phone, with its sort form, is in
// account-and-phone-views.
for (const width of [1280]) {
  test(`bookings table at ${width}px: filters, search and sort in the URL, CSV matches`, async ({
    page,
    loginAs,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    await loginAs("admin");
    await page.goto("/admin/bookings");
    await expect(page.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();
    await expect(page.getByText(/Page 1 of \d+ · \d+ bookings/)).toBeVisible();
    await expectAccessible(page);
    await shot(page, `admin-bookings-${width}.png`);

    // A filter goes into the URL; every row shown has that status. Narrowed to the demo customer's
    // bookings so that they fit one page (the demo business has many more confirmed jobs): sorting
    // then reorders the same rows instead of showing another page's.
    const filters = page.getByRole("search", { name: "Filter bookings" });
    await filters.getByLabel("Status").selectOption("confirmed");
    await filters.getByLabel("Search").fill(credentials.customer.name);
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/[?&]status=confirmed/);
    await expect(page.getByText(/Page 1 of 1 · \d+ bookings?/)).toBeVisible();
    // The filtered page has rendered before its rows are read.
    await expect(filters.getByLabel("Status")).toHaveValue("confirmed");
    await expect(referenceLinks(page).first()).toBeVisible();
    const confirmed = await references(page);
    expect(confirmed.length).toBeGreaterThan(0);
    await expect(table(page).getByText("Confirmed", { exact: true })).toHaveCount(confirmed.length);

    // Sorting keeps the filter; reload keeps both; back returns to the unsorted filter.
    if (width >= 768) {
      await table(page).getByRole("link", { name: "Charge" }).click();
    } else {
      // Phones show rows as cards without the header row: the sort is a shared link.
      const q = encodeURIComponent(credentials.customer.name);
      await page.goto(`/admin/bookings?status=confirmed&q=${q}&sort=charge&dir=asc`);
    }
    await expect(page).toHaveURL(/sort=charge/);
    await expect(page).toHaveURL(/status=confirmed/);
    const sorted = await referencesWhenShown(page, confirmed.length);
    expect([...sorted].sort()).toEqual([...confirmed].sort());
    await page.reload();
    await expect(filters.getByLabel("Status")).toHaveValue("confirmed");
    expect(await referencesWhenShown(page, confirmed.length)).toEqual(sorted);
    if (width >= 768)
      await expect(page.getByRole("columnheader", { name: "Charge" })).toHaveAttribute(
        "aria-sort",
        "ascending",
      );
    await page.goBack();
    await expect(page).not.toHaveURL(/sort=/);
    await expect(page).toHaveURL(/status=confirmed/);

    // Search by the demo customer's name; a search with no match says so.
    await filters.getByLabel("Search").fill(credentials.customer.name);
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(filters.getByLabel("Search")).toHaveValue(credentials.customer.name);
    await expect(referenceLinks(page).first()).toBeVisible();
    const shown = await references(page);
    expect(shown.length).toBeGreaterThan(0);

    // The CSV of the same filters holds the same bookings, with the zone and the currency.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const file = await (await download).path();
    const bytes = await readFile(file);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...records] = parseCsv(bytes.subarray(3).toString("utf8"));
    expect(header?.slice(0, 4)).toEqual(["Reference", "Starts", "Ends", "Time zone"]);
    expect(records.map((r) => r[0]).sort()).toEqual([...shown].sort());
    for (const r of records) {
      expect(r[3]).toBe("Europe/London");
      expect(r[1]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} (GMT|BST)$/);
      expect(r[4]).toBe(credentials.customer.name);
      expect(r[12]).toBe("Confirmed");
      expect(r[15]).toBe("GBP");
      expect(r[16]).toMatch(/^\d+\.\d{2}$/);
    }

    await filters.getByLabel("Search").fill("no booking has this");
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByText("No bookings match", { exact: true })).toBeVisible();
    await expectAccessible(page);
    await shot(page, `admin-bookings-empty-${width}.png`, { fullPage: false });

    // A hand-edited link with junk is shown, not refused; paging past the end shows the last page.
    await page.goto("/admin/bookings?status=bogus&from=2026-02-30&sort=nope&page=999");
    await expect(page.getByRole("heading", { level: 1, name: "Bookings" })).toBeVisible();
    await expect(page.getByText(/Page (\d+) of \1 · \d+ bookings/)).toBeVisible();
  });
}

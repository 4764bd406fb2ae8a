import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { addDays, isoWeekday, localDateOf, localToInstant } from "../../../src/lib/dates";
import { createUser, credentials, expect, expectAccessible, test, shot } from "../support/fixtures";

const TZ = "Europe/London";

// The admin's customers: the list's search and filters live in the URL and the CSV download holds exactly
// the customers the filtered table shows; the profile deactivates a customer, who is signed out at once,
// can't sign in again and is told to contact the business; the upcoming booking the admin ticked is
// cancelled, the other kept.

/** RFC 4180 records (quoted fields may hold commas, quotes and line breaks). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i++;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ",") {
      row.push(cell);
      cell = "";
    } else if (!quoted && c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else {
      cell += c;
    }
  }
  return rows;
}

const table = (page: Page) => page.getByRole("table", { name: "Customers" });

/** A weekday at least `daysAhead` days from now, inside the demo's opening hours, so no later spec that
 *  edits the hours finds it stranded; the next hour or day is tried when other specs took the time. */
function weekdayStarts(daysAhead: number): string[] {
  const starts: string[] = [];
  let day = addDays(localDateOf(new Date(), TZ), daysAhead);
  while (starts.length < 12) {
    if (isoWeekday(day) <= 5)
      for (const hour of [9, 10, 11, 12, 13, 14])
        starts.push((localToInstant(day, hour * 60, TZ) ?? new Date()).toISOString());
    day = addDays(day, 1);
  }
  return starts;
}

async function bookingFor(page: Page, email: string, daysAhead: number, team: string) {
  let res = null;
  for (const startsAt of weekdayStarts(daysAhead)) {
    res = await page.request.post("/api/test/bookings", {
      data: { status: "confirmed", customerEmail: email, teamName: team, startsAt },
    });
    if (res.ok()) break;
  }
  if (!res) throw new Error("no start time to try");
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()).data as { id: string; reference: string };
}

for (const width of [1280, 390]) {
  test(`customers list at ${width}px: search and filters in the URL, CSV parsed back`, async ({
    page,
    loginAs,
  }) => {
    test.slow(); // two accessibility scans, a download and a reload
    await page.setViewportSize({ width, height: 900 });
    await page.goto("/");
    await loginAs("admin");
    if (width >= 1024) {
      // From the admin navigation (on phones it sits behind the menu button: the page is opened directly).
      await page.goto("/admin");
      await page.getByRole("navigation").getByRole("link", { name: "Customers" }).first().click();
    } else await page.goto("/admin/customers");
    await expect(page).toHaveURL(/\/admin\/customers$/);
    await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
    await expect(page.getByText(/\d+ customers?$/).first()).toBeVisible();
    await expectAccessible(page);
    await shot(page, `admin-customers-${width}.png`);

    // Search by the demo customer's name: they are in the table, and the search stays in the URL.
    const filters = page.getByRole("search", { name: "Filter customers" });
    await filters.getByLabel("Search").fill(credentials.customer.name);
    await filters.getByLabel("Upcoming booking").selectOption("yes");
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page).toHaveURL(/[?&]q=/);
    await expect(page).toHaveURL(/[?&]upcoming=yes/);
    await expect(table(page).getByRole("link", { name: credentials.customer.name })).toBeVisible();
    await page.reload();
    await expect(filters.getByLabel("Search")).toHaveValue(credentials.customer.name);
    const shown = await table(page).locator("tbody").getByRole("link").allInnerTexts();
    expect(shown.length).toBeGreaterThan(0);

    // The CSV of the same filters: the same customers, with the business zone and currency.
    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const bytes = await readFile(await (await download).path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const [header, ...records] = parseCsv(bytes.subarray(3).toString("utf8"));
    expect(header).toEqual([
      "Name",
      "Email",
      "Phone",
      "Bookings",
      "Last booking",
      "Next booking",
      "Time zone",
      "Currency",
      "Lifetime value",
      "Owed",
      "Marketing consent",
      "Deactivated",
      "Joined",
    ]);
    expect(records.map((r) => r[0]).sort()).toEqual([...shown].sort());
    const demo = records.find((r) => r[1] === credentials.customer.email);
    expect(demo?.[5]).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2} (GMT|BST)$/);
    expect(demo?.[6]).toBe("Europe/London");
    expect(demo?.[7]).toBe("GBP");
    expect(demo?.[8]).toMatch(/^-?\d+\.\d{2}$/);

    // Nobody matches: the page says so (and offers the whole list).
    await filters.getByLabel("Search").fill("nobody is called this");
    await filters.getByRole("button", { name: "Filter" }).click();
    await expect(page.getByText("No customers match", { exact: true })).toBeVisible();
    await expectAccessible(page);

    // A hand-edited link with junk is shown, not refused.
    await page.goto("/admin/customers?owed=maybe&sort=nope&page=999");
    await expect(page.getByRole("heading", { level: 1, name: "Customers" })).toBeVisible();
  });

  test(`customer profile at ${width}px: deactivate — signed out, sign-in refused, ticked booking cancelled`, async ({
    page,
    browser,
    request,
    loginAs,
    baseURL,
    expectConsole,
  }) => {
    test.slow(); // two people, two pages, a dialog and a sign-in
    // The deactivated customer's sign-in is refused.
    expectConsole(/status of 403 \(Forbidden\) \(from http:\/\/[^/]+\/api\/account\/login\)$/);
    await page.setViewportSize({ width, height: 900 });
    const who = await createUser(request, { name: `Dee Activate ${width}` });
    // The customer is signed in elsewhere.
    const theirs = await browser.newContext({ baseURL });
    const theirPage = await theirs.newPage();
    expect((await theirPage.request.post("/api/test/session", { data: who })).status()).toBe(200);
    await theirPage.goto("/dashboard");
    await expect(theirPage).toHaveURL(/\/dashboard$/);

    await page.goto("/");
    await loginAs("admin");
    const keep = await bookingFor(page, who.email, width === 390 ? 44 : 40, "Van A");
    const cancel = await bookingFor(page, who.email, width === 390 ? 54 : 50, "Van B");

    await page.goto(`/admin/customers?q=${encodeURIComponent(who.email)}`);
    await table(page).getByRole("link", { name: who.name }).click();
    await expect(page.getByRole("heading", { level: 1, name: who.name })).toBeVisible();
    // Upcoming bookings first, each a link to its page.
    const bookings = page.getByRole("table", { name: "Bookings" });
    await expect(bookings.getByRole("link", { name: keep.reference })).toHaveAttribute(
      "href",
      `/admin/bookings/${keep.id}`,
    );
    await expect(page.getByRole("link", { name: "New booking for this customer" })).toHaveAttribute(
      "href",
      /\/admin\/bookings\/new\?customer=/,
    );
    await expectAccessible(page);
    await shot(page, `admin-customer-${width}.png`);

    // "New booking for this customer" opens the phone booking with them already chosen.
    await page.getByRole("link", { name: "New booking for this customer" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "New booking" })).toBeVisible();
    await expect(page.getByRole("radio", { name: new RegExp(who.name) })).toBeChecked();
    await expectAccessible(page);
    await page.goBack();
    await expect(page.getByRole("heading", { level: 1, name: who.name })).toBeVisible();

    await page.getByRole("button", { name: "Deactivate" }).click();
    const dialog = page.getByRole("dialog", { name: `Deactivate ${who.name}?` });
    await expect(dialog.getByText("Their 2 upcoming bookings")).toBeVisible();
    await dialog.getByLabel(new RegExp(`Cancel ${cancel.reference}`)).check();
    // Cancelling a booking needs a reason (the customer reads it): asked for by the field.
    await dialog.getByRole("button", { name: "Deactivate" }).click();
    await expect(
      dialog.getByText("Give a reason: the customer sees it on the cancelled bookings."),
    ).toBeVisible();
    await dialog.getByLabel("Reason").fill("We are closing your account as you asked.");
    await expectAccessible(page);
    await shot(page, `admin-customer-deactivate-${width}.png`, { fullPage: false });
    await dialog.getByRole("button", { name: "Deactivate" }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText("This customer is deactivated", { exact: false })).toBeVisible();
    await expect(page.getByRole("button", { name: "Reactivate" })).toBeVisible();
    await shot(page, `admin-customer-deactivated-${width}.png`);
    const rows = page.getByRole("table", { name: "Bookings" }).getByRole("row");
    await expect(rows.filter({ hasText: cancel.reference })).toContainText("Cancelled");
    await expect(rows.filter({ hasText: keep.reference })).toContainText("Confirmed");

    // Their session ended at once: the next page asks them to sign in; signing in is refused.
    await theirPage.goto("/dashboard");
    await expect(theirPage).toHaveURL(/\/auth\/login/);
    const login = theirPage.getByRole("form", { name: "Sign in" });
    await login.getByLabel("Email address").fill(who.email);
    await login.getByLabel("Password").fill(who.password);
    await login.getByRole("button", { name: "Sign in" }).click();
    await expect(theirPage.getByRole("alert").filter({ hasText: /deactivated.*contact us/i })).toBeVisible();
    await expect(theirPage).toHaveURL(/\/auth\/login/);
    await theirs.close();
  });
}

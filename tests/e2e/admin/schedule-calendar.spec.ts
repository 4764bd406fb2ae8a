import type { Browser } from "@playwright/test";
import { addDays, formatLongDate, isoWeekday, localToInstant } from "../../../src/lib/dates";
import { credentials, expect, expectAccessible, test } from "../support/fixtures";
import { workingDayFrom } from "../support/days";

// The demo business is in Europe/London; its upcoming confirmed booking (Mini Valet + Pet Hair Removal,
// Van A, 09:00) is on the third weekday from the day it was seeded — this run's start.
const TZ = "Europe/London";
const weekdayFrom = (offset: number): string => workingDayFrom(offset);
const upcomingDay = weekdayFrom(3);
// Weekdays well after every demo booking, one per test, so the tests never meet each other's blocks.
const formDay = weekdayFrom(20);
const liveDay = weekdayFrom(24);
const dragDay = weekdayFrom(28);

const schedule = (view: "day" | "week" | "month", date: string) =>
  `/admin/schedule?view=${view}&date=${date}`;
const longDate = (date: string) => formatLongDate(localToInstant(date, 12 * 60, TZ) ?? new Date(), TZ);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function adminPage(browser: Browser, baseURL: string | undefined, path: string) {
  const ctx = await browser.newContext({ baseURL });
  const res = await ctx.request.post("/api/test/session", { data: credentials.admin });
  expect(res.status()).toBe(200);
  const page = await ctx.newPage();
  await page.goto(path);
  return { ctx, page };
}

test("the day view shows the demo's upcoming booking, and its details open and close", async ({
  page,
  loginAs,
}) => {
  await page.goto("/");
  await loginAs("admin");
  await page.goto("/admin/schedule");
  await expect(page.getByRole("heading", { level: 1, name: "Schedule" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Schedule", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByText(/Times in Europe\/London \((GMT|BST)( \/ (GMT|BST))?\)/)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "Live" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Day", exact: true })).toHaveAttribute("aria-current", "page");
  await expectAccessible(page);

  await page.goto(schedule("day", upcomingDay));
  await expect(page.getByRole("heading", { level: 2, name: longDate(upcomingDay) })).toBeVisible();
  const booking = page.getByRole("group", { name: "Van A" }).getByRole("button", { name: /Mini Valet/ });
  await expect(booking).toContainText("09:00–");
  await booking.click();
  const details = page.getByRole("dialog", { name: /FC-[A-Z0-9]{6} · Mini Valet/ });
  await expect(details).toBeVisible();
  await expect(details).toContainText("Booking · Confirmed");
  await expect(details).toContainText("Priya Shah");
  await expect(details).toContainText("Van A");
  await expect(details).toContainText(/09:00–\d\d:\d\d (GMT|BST)/);
  await expectAccessible(page);
  await page.keyboard.press("Escape");
  await expect(details).toBeHidden();

  // Keyboard: the item is a button; Enter opens it again.
  await booking.focus();
  await page.keyboard.press("Enter");
  await expect(details).toBeVisible();
  await details.getByRole("button", { name: "Close" }).click();
  await expect(details).toBeHidden();

  // Previous/next move by a day; the week view lists the same booking.
  await page.getByRole("link", { name: "Next day" }).click();
  await expect(page).toHaveURL(new RegExp(`date=${addDays(upcomingDay, 1)}`));
  await page.getByRole("link", { name: "Previous day" }).click();
  await page.getByRole("link", { name: "Week", exact: true }).click();
  await expect(page).toHaveURL(/view=week/);
  // In the upcoming day's cell (weeks start on Monday): the demo history may have another Mini Valet on
  // Van A later that week, depending on the weekday the run starts.
  const vanA = page.getByRole("row", { name: /Van A/ });
  await expect(
    vanA
      .getByRole("cell")
      .nth(isoWeekday(upcomingDay) - 1)
      .getByRole("button", { name: /Mini Valet/ }),
  ).toBeVisible();
  await expectAccessible(page);
});

test("a block made with the form appears; one over a booking is refused; deleting frees the time", async ({
  page,
  loginAs,
}) => {
  await page.goto("/");
  await loginAs("admin");
  await page.goto(schedule("day", formDay));
  const form = page.getByRole("form", { name: "Block time" });

  // Nothing filled in: every field says what it needs, nothing is created.
  await form.getByRole("button", { name: "Block time" }).click();
  await expect(form.getByText("Choose a team, or All teams.")).toBeVisible();
  await expect(form.getByText("Enter a start time, like 09:00.")).toBeVisible();

  await form.getByLabel("Team", { exact: true }).selectOption({ label: "Van B" });
  await form.getByLabel("Date", { exact: true }).fill(formDay);
  await form.getByLabel("From", { exact: true }).fill("10:00");
  await form.getByLabel("To", { exact: true }).fill("12:00");
  await form.getByLabel("Reason", { exact: true }).fill("Van B service");
  await form.getByRole("button", { name: "Block time" }).click();
  await expect(page.getByText("Block added for Van B: Van B service.")).toBeVisible();
  const block = page.getByRole("group", { name: "Van B" }).getByRole("button", { name: /Van B service/ });
  await expect(block).toContainText("10:00–12:00");
  await expectAccessible(page);

  // Over the demo's booking on Van A: refused, saying what is in the way.
  await form.getByLabel("Team", { exact: true }).selectOption({ label: "Van A" });
  await form.getByLabel("Date", { exact: true }).fill(upcomingDay);
  await form.getByLabel("From", { exact: true }).fill("09:30");
  await form.getByLabel("To", { exact: true }).fill("10:00");
  await form.getByLabel("Reason", { exact: true }).fill("Training");
  await form.getByRole("button", { name: "Block time" }).click();
  await expect(form.getByRole("alert")).toHaveText(
    /^Van A is booked then \(FC-[A-Z0-9]{6}, 09:00–\d\d:\d\d (GMT|BST)\)\. Choose another time or team\.$/,
  );
  // What was typed is kept.
  await expect(form.getByLabel("Reason", { exact: true })).toHaveValue("Training");

  // Delete the block from its details; the time is free again.
  await block.click();
  const details = page.getByRole("dialog", { name: "Van B service" });
  await expect(details).toContainText("Van B");
  await details.getByRole("button", { name: "Delete block" }).click();
  await details.getByRole("group").getByRole("button", { name: "Delete block" }).click();
  await expect(block).toHaveCount(0);

  await form.getByLabel("Team", { exact: true }).selectOption({ label: "Van B" });
  await form.getByLabel("Date", { exact: true }).fill(formDay);
  await form.getByLabel("From", { exact: true }).fill("10:00");
  await form.getByLabel("To", { exact: true }).fill("12:00");
  await form.getByLabel("Reason", { exact: true }).fill("Van B service again");
  await form.getByRole("button", { name: "Block time" }).click();
  await expect(page.getByText("Block added for Van B: Van B service again.")).toBeVisible();
  await expect(
    page.getByRole("group", { name: "Van B" }).getByRole("button", { name: /Van B service again/ }),
  ).toBeVisible();
});

test("the month view counts each day and links to it", async ({ page, loginAs }) => {
  await page.goto("/");
  await loginAs("admin");
  await page.goto(schedule("month", upcomingDay));
  await page.getByRole("link", { name: "Month", exact: true }).waitFor();
  await expect(page.getByRole("link", { name: "Month", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  const day = page.getByRole("link", {
    // The demo's history books that day too: the count is at least the demo customer's booking.
    name: new RegExp(`^${escape(longDate(upcomingDay))}.*\\b[1-9]\\d* bookings?\\b`),
  });
  await expect(day).toBeVisible();
  await expectAccessible(page);
  await day.click();
  await expect(page).toHaveURL(new RegExp(`view=day&date=${upcomingDay}`));
  await expect(
    page.getByRole("group", { name: "Van A" }).getByRole("button", { name: /Mini Valet/ }),
  ).toBeVisible();
});

test("live: a block made by another admin appears, and its deletion disappears, without reloading", async ({
  browser,
  baseURL,
}) => {
  const a = await adminPage(browser, baseURL, schedule("day", liveDay));
  await expect(a.page.getByRole("status").filter({ hasText: /^Live$/ })).toBeVisible();
  await a.page.evaluate(() => {
    (window as unknown as { __sameDocument: boolean }).__sameDocument = true;
  });

  const b = await adminPage(browser, baseURL, schedule("day", liveDay));
  const form = b.page.getByRole("form", { name: "Block time" });
  await form.getByLabel("Team", { exact: true }).selectOption({ label: "Van A" });
  await form.getByLabel("Date", { exact: true }).fill(liveDay);
  await form.getByLabel("From", { exact: true }).fill("13:00");
  await form.getByLabel("To", { exact: true }).fill("14:30");
  await form.getByLabel("Reason", { exact: true }).fill("Windscreen fitting");
  await form.getByRole("button", { name: "Block time" }).click();
  await expect(b.page.getByText("Block added for Van A: Windscreen fitting.")).toBeVisible();

  const seenByA = a.page
    .getByRole("group", { name: "Van A" })
    .getByRole("button", { name: /Windscreen fitting/ });
  await expect(seenByA).toBeVisible({ timeout: 5_000 });
  expect(
    await a.page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
  ).toBe(true);

  // A deletes it; B sees it go.
  await seenByA.click();
  const details = a.page.getByRole("dialog", { name: "Windscreen fitting" });
  await details.getByRole("button", { name: "Delete block" }).click();
  await details.getByRole("group").getByRole("button", { name: "Delete block" }).click();
  await expect(
    b.page.getByRole("group", { name: "Van A" }).getByRole("button", { name: /Windscreen fitting/ }),
  ).toHaveCount(0, { timeout: 5_000 });
  await a.ctx.close();
  await b.ctx.close();
});

test("dragging down a team's column pre-fills the block form", async ({ page, loginAs }) => {
  await page.goto("/");
  await loginAs("admin");
  await page.goto(schedule("day", dragDay));
  const column = page.getByRole("group", { name: "Van A" });
  const tick = page.getByTestId("time-axis").getByText("14:00", { exact: true });
  await column.evaluate((el) => el.scrollIntoView({ block: "start" }));
  await page.evaluate(() => window.scrollBy(0, 250));
  const box = await column.boundingBox();
  const at14 = await tick.boundingBox();
  if (!box || !at14) throw new Error("the Van A column is not on screen");
  // An hour is 48 px: from just below the 14:00 line to just above 16:00.
  const x = box.x + box.width / 2;
  const y14 = at14.y + at14.height / 2;
  await page.mouse.move(x, y14 + 2);
  await page.mouse.down();
  await page.mouse.move(x, y14 + 50, { steps: 4 });
  await page.mouse.move(x, y14 + 94, { steps: 4 });
  await page.mouse.up();

  const form = page.getByRole("form", { name: "Block time" });
  await expect(
    page.getByText("Selected on the calendar: Van A, 14:00–16:00. Add a reason to block it."),
  ).toBeVisible();
  await expect(form.getByLabel("From", { exact: true })).toHaveValue("14:00");
  await expect(form.getByLabel("To", { exact: true })).toHaveValue("16:00");
  await expect(form.getByLabel("Date", { exact: true })).toHaveValue(dragDay);
  await expect(form.getByLabel("Reason", { exact: true })).toBeFocused();
  await page.keyboard.type("Valeting demo");
  await form.getByRole("button", { name: "Block time" }).click();
  await expect(column.getByRole("button", { name: /Valeting demo/ })).toContainText("14:00–16:00");
});

test("on a 390 px phone the day view scrolls inside itself, not the page", async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await loginAs("admin");
  await page.goto(schedule("day", upcomingDay));
  await expect(
    page.getByRole("group", { name: "Van A" }).getByRole("button", { name: /Mini Valet/ }),
  ).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectAccessible(page);
});

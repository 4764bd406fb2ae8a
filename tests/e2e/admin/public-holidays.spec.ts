import { addDays, formatLongDate, isoWeekday, localDateOf } from "../../../src/lib/dates";
import { publicHolidays } from "../../../src/modules/holidays/domain/holidays";
import { dateAsInstant } from "../../../src/modules/availability/domain/time-ranges";
import { credentials, expect, expectAccessible, shot, signInAs, test } from "../support/fixtures";

// Issue 40 §4 (ADR 0055): the hours screen's public holidays. The demo closes England and Wales's bank
// holidays; the admin opens the next one on a working day anyway and closes it again, then changes the
// region (Scotland, none) and puts it back. Desktop and 390 px, axe on each.

const TZ = "Europe/London";
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The next England and Wales holiday on a day the demo works (Monday–Saturday). */
function nextWorkingHoliday() {
  const today = localDateOf(new Date(), TZ);
  const holiday = publicHolidays("GB-ENG", today, addDays(today, 364)).find((h) => isoWeekday(h.date) !== 7);
  if (!holiday) throw new Error("no holiday in the next year");
  return { ...holiday, words: formatLongDate(dateAsInstant(holiday.date, TZ), TZ) };
}

test("the admin opens a bank holiday anyway, closes it again and changes whose holidays close", async ({
  page,
}) => {
  const holiday = nextWorkingHoliday();
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, credentials.admin);
  await page.goto("/admin/schedule/hours");
  const section = page.getByRole("region", { name: "Public holidays" });
  await expect(section).toBeVisible();
  const region = section.getByLabel("Whose public holidays");
  const regionForm = section.getByRole("form", { name: "Public holidays region" });
  await expect(region).toHaveValue("GB-ENG");

  const list = section.getByRole("list", { name: "Public holidays, England and Wales" });
  const row = list.getByRole("listitem").filter({ hasText: holiday.words });
  await expect(row).toContainText(holiday.name);
  await expect(row).toContainText("Closed");
  await expectAccessible(page);

  const open = row.getByRole("button", { name: new RegExp(`^Open anyway ${escape(holiday.name)}`) });
  await open.click();
  await expect(row).toContainText(/Open \d\d:\d\d–\d\d:\d\d/);
  const close = row.getByRole("button", { name: new RegExp(`^Close again ${escape(holiday.name)}`) });
  await expect(close).toBeVisible();
  // The date now has its own hours, listed with the other dates.
  await expect(
    page.getByRole("region", { name: "Dates with different hours" }).getByText(holiday.words),
  ).toBeVisible();
  await shot(page, "public-holidays-1280.png");

  // Another spec's booking may sit on that day: closing lists it first, then "Close anyway".
  await close.click();
  const anyway = row.getByRole("button", { name: "Close anyway" });
  await expect(open.or(anyway)).toBeVisible({ timeout: 30_000 });
  if (await anyway.isVisible()) await anyway.click();
  await expect(open).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText("Closed");

  // Scotland: its own holidays (St Andrew's Day is always within the next 12 months).
  await region.selectOption({ label: "Scotland" });
  await section.getByRole("button", { name: "Save region" }).click();
  await expect(regionForm.getByRole("status")).toHaveText("Saved.");
  const scotland = section.getByRole("list", { name: "Public holidays, Scotland" });
  await expect(scotland).toContainText("St Andrew’s Day");
  await expect(scotland).not.toContainText("Easter Monday");

  await region.selectOption({ label: "None" });
  await section.getByRole("button", { name: "Save region" }).click();
  await expect(section.getByText("No public holidays are closed")).toBeVisible();
  await expect(section.getByRole("list")).toHaveCount(0);

  // Back to the demo's region.
  await region.selectOption({ label: "England and Wales" });
  await section.getByRole("button", { name: "Save region" }).click();
  await expect(list).toBeVisible();
  await expect(row).toContainText("Closed");
  await expectAccessible(page);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await expect(section.getByLabel("Whose public holidays")).toHaveValue("GB-ENG");
  await shot(page, "public-holidays-390.png");
  await expectAccessible(page);
});

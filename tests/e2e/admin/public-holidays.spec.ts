import { addDays, formatLongDate, isoWeekday, localDateOf } from "../../../src/lib/dates";
import { publicHolidays } from "../../../src/modules/holidays/domain/holidays";
import { dateAsInstant } from "../../../src/lib/time-ranges";
import type { APIRequestContext } from "@playwright/test";
import { createUser, credentials, expect, expectAccessible, shot, signInAs, test } from "../support/fixtures";

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

/** A booking on the holiday, as if made before it was closed (the test route writes it directly). */
async function bookOn(request: APIRequestContext, date: string) {
  const customer = await createUser(request, { name: "Holiday Booker" });
  for (const hour of [10, 11, 12, 14])
    for (const teamName of ["Van A", "Van B"]) {
      const made = await request.post("/api/test/bookings", {
        data: {
          status: "confirmed",
          customerEmail: customer.email,
          teamName,
          startsAt: `${date}T${hour}:00:00.000Z`,
          minutes: 60,
        },
      });
      if (made.ok()) return ((await made.json()) as { data: { reference: string } }).data;
    }
  throw new Error("no free time for the test booking");
}

// The suite's businesses keep no holidays (fixtures.ts): this spec's demo closes England and Wales's.
test.beforeAll(async ({ request }) => {
  expect((await request.post("/api/test/settings", { data: { holidayRegion: "GB-ENG" } })).ok()).toBe(true);
});
test.afterAll(async ({ request }) => {
  await request.post("/api/test/settings", { data: { holidayRegion: "none" } });
});

test("the admin opens a bank holiday anyway, closes it again and changes whose holidays close", async ({
  page,
  request,
}) => {
  const holiday = nextWorkingHoliday();
  const booking = await bookOn(request, holiday.date);
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
  // Time still held on the closed day is flagged, with a link to the booking.
  await expect(row).toContainText("1 booking is on this closed day");
  await expect(row.getByRole("link", { name: booking.reference })).toBeVisible();
  await shot(page, "public-holidays-closed-1280.png");
  await expectAccessible(page);

  const open = row.getByRole("button", { name: new RegExp(`^Open anyway ${escape(holiday.name)}`) });
  await open.click();
  await expect(row).toContainText(/Open \d\d:\d\d–\d\d:\d\d/);
  const close = row.getByRole("button", { name: new RegExp(`^Close again ${escape(holiday.name)}`) });
  await expect(close).toBeVisible();
  // The date now has its own hours, listed with the other dates.
  await expect(
    page
      .getByRole("region", { name: "Dates with different hours" })
      .getByRole("listitem")
      .filter({ hasText: holiday.words }),
  ).toContainText(holiday.name);
  await shot(page, "public-holidays-1280.png");

  await expect(row).not.toContainText("on this closed day");

  // Closing again would strand the booking: it is listed first, and closes on "Close anyway".
  await close.click();
  await expect(row.getByRole("group", { name: /1 upcoming booking would fall outside/ })).toContainText(
    booking.reference,
  );
  await row.getByRole("button", { name: "Close anyway" }).click();
  await expect(open).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText("Closed");
  await expect(row).toContainText("1 booking is on this closed day");

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

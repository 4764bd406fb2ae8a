import type { Page } from "@playwright/test";
import { addDays, isoWeekday, localDateOf } from "../../../src/lib/dates";
import { expect, expectAccessible, requestRefused, test, uniqueEmail } from "../support/fixtures";

// Someone else takes the chosen time while a guest is on the review step: the booking is refused with
// an explanation, and the date step shows a fresh list without that time — the guest's details kept.

test.describe.configure({ mode: "serial" });

const VIEWPORTS = [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const;

test.beforeAll(async ({ request }) => {
  expect((await request.post("/api/test/settings", { data: { paymentMode: "on_the_day" } })).ok()).toBe(true);
});
test.afterAll(async ({ request }) => {
  await request.post("/api/test/settings", { data: { paymentMode: "deposit" } });
});

/** To the review with a time on a quiet weekday about seven weeks ahead. */
async function toReviewOnAQuietDay(page: Page): Promise<{ start: string; time: string }> {
  await page.goto("/book?service=exterior-wash");
  await page.getByRole("radio", { name: /^Small/ }).check();
  await page.getByLabel("Make", { exact: true }).fill("Mini");
  await page.getByLabel("Model", { exact: true }).fill("Cooper");
  await page.getByLabel("Registration").fill("MN15 OPQ");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Any extras?" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Postcode").fill("SW4 0AA");
  await page.getByLabel("Address line 1").fill("9 Clapham Road");
  await page.getByLabel("Town or city").fill("London");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Choose a date and time" })).toBeVisible();
  // A quiet weekday well ahead: past the demo's seeded fortnight and the days other specs book into.
  let quiet = addDays(localDateOf(new Date(), "Europe/London"), 52);
  while (isoWeekday(quiet) > 5) quiet = addDays(quiet, 1);
  const url = new URL(page.url());
  url.searchParams.set("date", quiet);
  url.searchParams.delete("start");
  await page.goto(url.toString());
  const date = quiet;
  const day = page
    .getByRole("link", { name: /times? available/ })
    .and(page.locator(`[href*="date=${quiet}"]`));
  await day.click();
  // Wait for that day's list before reading it (the previous day's list is still on screen meanwhile).
  await expect(page).toHaveURL(new RegExp(`date=${date}`));
  const slot = page
    .getByRole("region", { name: /^Times on/ })
    .getByRole("link")
    .first();
  const time = (await slot.textContent())?.trim() ?? "";
  await slot.click();
  await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
  const start = new URL(page.url()).searchParams.get("start") ?? "";
  await page.getByLabel("Your name").fill("Robin Late");
  await page.getByLabel("Email address").fill(uniqueEmail("slot-taken"));
  await page.getByLabel("Phone number").fill("07700 900789");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check and book" })).toBeVisible();
  return { start, time };
}

for (const [label, viewport] of VIEWPORTS) {
  test.describe(label, () => {
    test.use({ viewport });

    test(`a time taken meanwhile is explained, with a fresh list (${label})`, async ({
      page,
      expectConsole,
    }) => {
      expectConsole(requestRefused(409, "/api/book"));
      const { start, time } = await toReviewOnAQuietDay(page);
      const run = new URL(page.url()).searchParams.get("run");

      // Another booking takes every van at that time.
      let taken = 0;
      for (let i = 0; i < 5; i++) {
        const res = await page.request.post("/api/test/reserve", { data: { start } });
        if (res.ok()) taken++;
        else {
          expect((await res.json()).reason).toBe("taken");
          break;
        }
      }
      expect(taken).toBeGreaterThan(0);

      await page.getByRole("checkbox", { name: "I accept the booking policies" }).check();
      await page.getByRole("button", { name: "Confirm booking" }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Choose a date and time" })).toBeVisible();
      await expect(page.getByText("That time was just taken. Please choose another")).toBeVisible();
      const times = page.getByRole("region", { name: /^Times on/ });
      await expect(times.getByRole("link", { name: time, exact: true })).toHaveCount(0);
      // The next attempt is a new run (the refused one made nothing).
      expect(new URL(page.url()).searchParams.get("run")).not.toBe(run);
      await expectAccessible(page);

      // Another time, and the details typed before are still there.
      await times.getByRole("link").first().click();
      await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
      await expect(page.getByLabel("Your name")).toHaveValue("Robin Late");
      await page.getByRole("button", { name: "Continue" }).click();
      await page.getByRole("checkbox", { name: "I accept the booking policies" }).check();
      await page.getByRole("button", { name: "Confirm booking" }).click();
      await expect(page).toHaveURL(/\/booking\/success\?ref=FC-/);
    });
  });
}

test("a time that went before the next step is explained on the date step", async ({ page }) => {
  const { start } = await toReviewOnAQuietDay(page);
  for (let i = 0; i < 5; i++) {
    const res = await page.request.post("/api/test/reserve", { data: { start } });
    if (!res.ok()) break;
  }
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Choose a date and time" })).toBeVisible();
  await expect(page.getByText(/is no longer available\. Please choose another/)).toBeVisible();
  await expectAccessible(page);
});

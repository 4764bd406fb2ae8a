import type { APIRequestContext, Browser } from "@playwright/test";
import { localToInstant } from "../../../src/lib/dates";
import { credentials, expect, expectAccessible, shot, test } from "../support/fixtures";
import { workingDayFrom } from "../support/days";

// Issue 27, items 1 and 2 (ADR 0043): a completed or missed job stays on the schedule calendar, styled as
// done; Start and Complete say when the job is; Start waits for its lead; a past job nobody started
// completes in one step; the owner frees the rest of a job that ended early, explicitly.

const TZ = "Europe/London";
const MIN = 60_000;

const weekdayFrom = (offset: number): string => workingDayFrom(offset, -1);

async function adminPage(browser: Browser, baseURL: string | undefined, width: number) {
  const ctx = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  const res = await ctx.request.post("/api/test/session", { data: credentials.admin });
  expect(res.status()).toBe(200);
  return { ctx, page: await ctx.newPage() };
}

/**
 * A booking in `status` at the first of `starts` its team has free (another spec may hold one). `own`: a team
 * of this spec's own (inactive, outside the demo's history), for jobs that must sit at a time around now.
 */
async function makeBooking(
  request: APIRequestContext,
  status: string,
  team: string,
  starts: Date[],
  options: { minutes?: number; own?: boolean } = {},
) {
  for (const startsAt of starts) {
    const res = await request.post("/api/test/bookings", {
      data: {
        status,
        customerEmail: credentials.customer.email,
        teamName: team,
        startsAt: startsAt.toISOString(),
        ...(options.minutes ? { minutes: options.minutes } : {}),
        ...(options.own ? { ownTeam: true } : {}),
      },
    });
    if (res.status() === 200) return (await res.json()).data as { id: string; reference: string };
  }
  throw new Error(`no free time for a ${status} booking on ${team}`);
}

const at = (date: string, minutes: number) => {
  const t = localToInstant(date, minutes, TZ);
  if (!t) throw new Error("no such local time");
  return t;
};
/** Whole minutes from now, then stepping `by` minutes at a time, `count` times. */
const around = (fromNow: number, by: number, count: number) =>
  Array.from(
    { length: count },
    (_, i) => new Date(Math.floor(Date.now() / MIN) * MIN + (fromNow + i * by) * MIN),
  );

for (const [width, offset, team] of [
  [1280, -12, "Van A"],
  [390, -19, "Van B"],
] as const) {
  const ownTeam = `E2E van ${width}`;
  test(`at ${width}px: completed and missed jobs stay on the day view, styled as done`, async ({
    browser,
    baseURL,
  }) => {
    const day = weekdayFrom(offset);
    const a = await adminPage(browser, baseURL, width);
    // After closing time, where the demo's history has no jobs: an hour each.
    const done = await makeBooking(
      a.page.request,
      "completed",
      team,
      [at(day, 18 * 60 + 15), at(day, 18 * 60 + 30)],
      { minutes: 60 },
    );
    const missed = await makeBooking(
      a.page.request,
      "no_show",
      team,
      [at(day, 19 * 60 + 45), at(day, 20 * 60)],
      { minutes: 60 },
    );
    await a.page.goto(`/admin/schedule?view=day&date=${day}`);
    await expect(a.page.getByText("Nothing is booked, held or blocked")).toHaveCount(0);
    const column = a.page.getByRole("group", { name: team });
    const doneItem = column
      .locator('[data-calendar-item][data-status="completed"]')
      .filter({ hasText: done.reference });
    await expect(doneItem).toContainText("Completed");
    await expect(
      column.locator('[data-calendar-item][data-status="no_show"]').filter({ hasText: missed.reference }),
    ).toContainText("Missed");
    await expect(a.page.getByRole("list", { name: "Key" })).toContainText("Done (completed or missed");
    await expectAccessible(a.page);
    await shot(a.page, `schedule-done-day-${width}.png`);
    await doneItem.click();
    const details = a.page.getByRole("dialog", { name: new RegExp(done.reference) });
    await expect(details).toContainText("Booking · Completed");
    await expectAccessible(a.page);
    await details.getByRole("button", { name: "Close" }).click();
    expect(missed.reference).toBeTruthy();

    // The week view shows them too.
    await a.page.goto(`/admin/schedule?view=week&date=${day}`);
    await expect(
      a.page.locator('[data-calendar-item][data-status="completed"]:visible').first(),
    ).toBeVisible();
    await expectAccessible(a.page);
    await shot(a.page, `schedule-done-week-${width}.png`);
    await a.ctx.close();
  });

  // Completing, starting and freeing time at 1280 px only (issue 30, ADR 0049): the same rules at any
  // width (schedule-truth on both databases); the day view at 390 px is the test above.
  if (width === 1280) {
    test(`at ${width}px: a past job nobody started completes in one step; Start within its lead says when`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const a = await adminPage(browser, baseURL, width);
      const day = weekdayFrom(offset + 2);
      const past = await makeBooking(
        a.page.request,
        "confirmed",
        ownTeam,
        [at(day, 11 * 60), at(day, 11 * 60 + 30)],
        { own: true },
      );
      await a.page.goto(`/admin/bookings/${past.id}`);
      await expect(a.page.getByRole("button", { name: "Start job" })).toBeVisible();
      await a.page.getByRole("button", { name: "Complete job" }).click();
      const complete = a.page.getByRole("dialog", { name: `Complete ${past.reference}?` });
      await expect(complete).toContainText(
        /This job was booked to start on .+ at 11:(00|30) (GMT|BST) \(\d+ days ago\)\./,
      );
      await expect(complete).toContainText(
        "Nobody started it: it is recorded as started and completed in one step.",
      );
      await expectAccessible(a.page);
      await shot(a.page, `complete-past-job-${width}.png`);
      await complete.getByRole("button", { name: "Complete job" }).click();
      await expect(a.page.locator("h1").locator("xpath=..")).toContainText("Completed");
      await expect(a.page.getByRole("region", { name: "Timeline" })).toContainText("Confirmed → In progress");
      // Its time is past: there is nothing to free.
      await expect(a.page.getByRole("button", { name: "Free the rest of its time" })).toHaveCount(0);

      // Starting soon: inside the lead, a plain confirmation that says when.
      const soon = await makeBooking(a.page.request, "confirmed", ownTeam, around(35, 5, 5), { own: true });
      await a.page.goto(`/admin/bookings/${soon.id}`);
      await expect(a.page.getByRole("button", { name: "Complete job" })).toHaveCount(0);
      await a.page.getByRole("button", { name: "Start job" }).click();
      const start = a.page.getByRole("alertdialog", { name: `Start ${soon.reference}?` });
      await expect(start).toContainText(
        /This job starts (today|tomorrow) at \d\d:\d\d (GMT|BST) \(in \d+ (h )?\d* ?min\)\./,
      );
      await expectAccessible(a.page);
      await shot(a.page, `start-within-lead-${width}.png`);
      await start.getByRole("button", { name: "Start job" }).click();
      await expect(a.page.locator("h1").locator("xpath=..")).toContainText("In progress");
      await a.ctx.close();
    });

    test(`at ${width}px: a job finished early keeps its time until the owner frees the rest`, async ({
      browser,
      baseURL,
    }) => {
      test.setTimeout(90_000);
      const a = await adminPage(browser, baseURL, width);
      // Started two and a half hours ago, booked for three: it ends before the other test's job starts.
      const job = await makeBooking(a.page.request, "in_progress", ownTeam, around(-150, -5, 5), {
        own: true,
      });
      await a.page.goto(`/admin/bookings/${job.id}`);
      await a.page.getByRole("button", { name: "Complete job" }).click();
      const complete = a.page.getByRole("dialog", { name: `Complete ${job.reference}?` });
      await expect(complete).toContainText("its booked time stays on the schedule");
      await complete.getByRole("button", { name: "Complete job" }).click();
      await expect(a.page.locator("h1").locator("xpath=..")).toContainText("Completed");

      await a.page.getByRole("button", { name: "Free the rest of its time" }).click();
      const free = a.page.getByRole("alertdialog", { name: `Free the rest of ${job.reference}'s time?` });
      await expect(free).toContainText(
        /becomes free for other bookings\. The time already worked stays taken/,
      );
      await expectAccessible(a.page);
      await shot(a.page, `free-rest-of-time-${width}.png`);
      await free.getByRole("button", { name: "Free the time" }).click();
      await expect(a.page.getByRole("region", { name: "Timeline" })).toContainText(
        "The rest of the job's time was freed for other bookings",
      );
      await expect(a.page.getByRole("button", { name: "Free the rest of its time" })).toHaveCount(0);
      await expectAccessible(a.page);
      await a.ctx.close();
    });
  }
}

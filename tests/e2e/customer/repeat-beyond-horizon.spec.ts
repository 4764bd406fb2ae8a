import { addDays, localToInstant } from "../../../src/lib/dates";
import { createUser, expect, expectAccessible, shot, signInAs, test } from "../support/fixtures";
import { workingDayFrom } from "../support/days";

// Issue 40 §5 / ADR 0052 (amended): a regular's series runs until they end it. Made while the business's
// booking horizon is 30 days, only the visits inside it are held; once the horizon is 60 days again the
// daily job holds the next one, and where both vans are taken at the usual time it offers the nearest free
// times on the booking page ("Choose a time"), where the regular books one. At 1280 and 390 px, with axe.

const TZ = "Europe/London";

const weekdayFrom = (offset: number): string => workingDayFrom(offset, 1);

for (const [label, viewport, offset, start] of [
  ["desktop", { width: 1280, height: 900 }, 3, 15],
  ["phone", { width: 390, height: 844 }, 4, 10],
] as const) {
  test(`the daily job holds a regular's later visit, or offers the nearest times (${label})`, async ({
    page,
    request,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const regular = await createUser(request, { name: `Horace Horizon ${label}` });
    const other = await createUser(request, { name: `Olive Other ${label}` });
    const book = (email: string, date: string, team: string, hour: number) =>
      request.post("/api/test/bookings", {
        data: {
          status: "confirmed",
          customerEmail: email,
          teamName: team,
          startsAt: localToInstant(date, hour * 60, TZ)?.toISOString(),
          totalMinor: 3500,
          minutes: 60,
        },
      });
    // The first free hour of a van that day (other specs of this app, and the demo's own diary, book
    // them too): the rest of the spec only needs the regular's time, whichever van has it.
    const hours = [...Array.from({ length: 17 - start }, (_, i) => start + i), 9, 10, 11, 12, 13, 14];
    // The days soon after today are the suite's busiest: the next weekdays will do as well (each visit
    // four weeks on is still past the 30-day horizon the series is made under).
    let first = weekdayFrom(offset);
    let hour: number = start;
    let made = await book(regular.email, first, "Van A", hour);
    for (const extra of [0, 1, 2])
      for (const van of ["Van A", "Van B"])
        for (const h of hours) {
          if (made.status() !== 404) break;
          first = weekdayFrom(offset + extra);
          hour = h;
          made = await book(regular.email, first, van, hour);
        }
    expect(made.status()).toBe(200);
    const booking = (await made.json()).data as { id: string; reference: string };
    expect((await request.post("/api/test/settings", { data: { horizonDays: 30 } })).status()).toBe(200);
    try {
      await signInAs(page, regular);
      await page.goto(`/dashboard/bookings/${booking.id}`);
      await expect(page.getByRole("status").getByText("Live")).toBeVisible();
      const repeat = page.getByRole("region", { name: "Repeat this booking" });
      await repeat.getByLabel("How often").selectOption("2");
      await repeat.getByLabel("Until I end it").check();
      await repeat.getByRole("button", { name: "Check the dates" }).click();
      const visits = repeat.getByRole("form", { name: "Visits to book" });
      await visits.getByRole("button", { name: /^Book \d visits? now, \d+ later$/ }).click();
      // Made (under the 30-day horizon) before the horizon goes back.
      await expect(page.getByRole("region", { name: "Repeat booking" })).toBeVisible();
    } finally {
      expect((await request.post("/api/test/settings", { data: { horizonDays: 60 } })).status()).toBe(200);
    }
    const series = page.getByRole("region", { name: "Repeat booking" });
    await expect(series).toContainText("until you end it");
    await expect(series).toContainText(/are held for you automatically/);

    // Both vans are taken at the usual time four weeks on; the horizon (60 days) now reaches it.
    const blocked = addDays(first, 28);
    // (A van already taken then is as good: 404 is its overlap guard refusing.)
    for (const van of ["Van A", "Van B"])
      expect([200, 404]).toContain((await book(other.email, blocked, van, hour)).status());
    const run = await request.post("/api/test/series-extend");
    expect(run.status()).toBe(200);
    await page.reload();
    await expect(page.getByRole("status").getByText("Live")).toBeVisible();
    const choose = page.getByRole("region", { name: "Visits to choose a time for" });
    await expect(choose).toBeVisible();
    await expect(choose).toContainText("isn't free");
    await expectAccessible(page);
    await shot(page, `repeat-choose-a-time-${label}.png`);
    const form = choose.getByRole("form").first();
    await form.getByRole("radio").first().check();
    await form.getByRole("button", { name: "Book this time" }).click();
    await expect(choose).toBeHidden();
    await expectAccessible(page);
    await shot(page, `repeat-chosen-${label}.png`);
  });
}

import { addDays, localToInstant } from "../../../src/lib/dates";
import { createUser, expect, expectAccessible, shot, signInAs, test } from "../support/fixtures";
import { workingDayFrom } from "../support/days";

// Issue 31 / ADR 0052: a regular makes their wash repeat every other week. The booking page checks each
// date at the same time (or offers the nearest free times, or a skip), books them all at once, and lists
// the visits; later the regular skips one visit by cancelling it, pauses the last two weeks (the visit reads
// Paused), then changes the series to every three weeks; the business finds it. Issue 40 §5: the preview
// reaches 12 months "until I end it", each date priced, and the policy page says how the visits are paid.
// At 1280 and 390 px, with axe on every page.

const TZ = "Europe/London";

/** A weekday `offset` days from today (the next one when it falls on a weekend). */
const weekdayFrom = (offset: number): string => workingDayFrom(offset, 1);

// Each width its own van and hour, so the two never want the same time.
for (const [label, viewport, offset, team, hour] of [
  ["desktop", { width: 1280, height: 900 }, 15, "Van A", 11],
  ["phone", { width: 390, height: 844 }, 16, "Van B", 13],
] as const) {
  test(`a regular sets a fortnightly wash and later skips one visit (${label})`, async ({
    page,
    request,
    loginAs,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(viewport);
    const regular = await createUser(request, { name: `Rita Regular ${label}` });
    const first = weekdayFrom(offset);
    const made = await request.post("/api/test/bookings", {
      data: {
        status: "confirmed",
        customerEmail: regular.email,
        teamName: team,
        startsAt: localToInstant(first, hour * 60, TZ)?.toISOString(),
        totalMinor: 3500,
        minutes: 60,
      },
    });
    expect(made.status()).toBe(200);
    const booking = (await made.json()).data as { id: string; reference: string };

    await signInAs(page, regular);
    await page.goto(`/dashboard/bookings/${booking.id}`);
    // Hydrated (its live updates connected) before the form is used.
    await expect(page.getByRole("status").getByText("Live")).toBeVisible();
    const repeat = page.getByRole("region", { name: "Repeat this booking" });
    await repeat.getByLabel("How often").selectOption("2");
    // Issue 40 §5: until ended, 12 months of dates — those beyond the booking horizon held automatically
    // later — each with its price, and how the visits are paid.
    await repeat.getByLabel("Until I end it").check();
    await repeat.getByRole("button", { name: "Check the dates" }).click();
    const visits = repeat.getByRole("form", { name: "Visits to book" });
    await expect(visits.getByRole("heading", { name: /^26 dates in the next 12 months/ })).toBeVisible();
    await expect(visits.getByText(/^Held automatically on /).first()).toBeVisible();
    await expect(visits).toContainText("£35.00 a visit.");
    await expect(visits).toContainText("paid on the day");
    await expectAccessible(page);
    await shot(page, `repeat-plan-12-months-${label}.png`);
    await repeat.getByLabel("Until I end it").uncheck();
    await repeat.getByLabel("Until", { exact: true }).fill(addDays(first, 42));
    await repeat.getByRole("button", { name: "Check the dates" }).click();
    await expect(visits.getByRole("heading", { name: /^3 dates until/ })).toBeVisible();
    // Each date at the same hour when free; where another job has it, the nearest free time.
    for (const group of await visits.getByRole("group").all()) {
      const checked = group.getByRole("radio", { checked: true });
      if ((await checked.getAttribute("value")) === "") {
        const times = group.getByRole("radio").filter({ hasNotText: "Skip" });
        if ((await times.count()) > 0) await times.first().check();
      }
    }
    await expectAccessible(page);
    await shot(page, `repeat-plan-${label}.png`);
    await visits.getByRole("button", { name: /^Book \d visits?$/ }).click();

    const series = page.getByRole("region", { name: "Repeat booking" });
    await expect(series).toBeVisible();
    await expect(series).toContainText("This visit repeats every 2 weeks");
    const links = series.getByRole("link");
    const booked = await links.count();
    expect(booked).toBeGreaterThanOrEqual(2);
    await expectAccessible(page);
    await shot(page, `repeat-series-${label}.png`);

    // Later: the regular skips the next visit by cancelling it; the rest stay booked.
    const next = links.first();
    const nextReference = (await next.locator("xpath=..").getByText(/^FC-/).textContent())?.trim() ?? "";
    await page.goto((await next.getAttribute("href")) ?? "");
    await expect(page.getByRole("heading", { level: 1, name: `Booking ${nextReference}` })).toBeVisible();
    await expect(page.getByRole("status").getByText("Live")).toBeVisible();
    const money = page.getByRole("region", { name: "Pay or cancel" });
    await money.getByRole("button", { name: "Cancel booking" }).click();
    const dialog = page.getByRole("alertdialog", { name: /^Cancel booking FC-/ });
    await dialog.getByRole("button", { name: "Yes, cancel the booking" }).click();
    await expect(dialog).toBeHidden();
    const after = page.getByRole("region", { name: "Repeat booking" });
    await expect(after.getByText("Cancelled")).toHaveCount(1);
    await expect(after.getByText("Confirmed")).toHaveCount(booked);
    await expectAccessible(page);
    await shot(page, `repeat-skipped-${label}.png`);

    // A holiday: the visits of the last two weeks are paused; the series goes on.
    await after.getByRole("button", { name: "Pause" }).click();
    const pause = page.getByRole("dialog", { name: "Pause the repeat booking" });
    await pause.getByLabel("From").fill(addDays(first, 29));
    await pause.getByLabel("Until").fill(addDays(first, 60));
    await expectAccessible(page);
    await shot(page, `repeat-pause-${label}.png`, { fullPage: false });
    await pause.getByRole("button", { name: "Pause these visits" }).click();
    // Pausing cancels each visit in the range through the bookings' transitions: on a loaded CI machine
    // that took longer than the default 5 s once.
    await expect(pause).toBeHidden({ timeout: 15_000 });
    // The paused visit reads Paused, not Cancelled (issue 40 §5).
    await expect(after.getByText("Paused", { exact: true })).toHaveCount(1);
    await expect(after.getByText("Cancelled")).toHaveCount(1);
    await expect(after.getByText("Confirmed")).toHaveCount(booked - 1);
    await shot(page, `repeat-paused-${label}.png`);

    // Later still: from the first visit on, every three weeks instead; the page goes to its new booking.
    await page.goto(`/dashboard/bookings/${booking.id}`);
    await expect(page.getByRole("status").getByText("Live")).toBeVisible();
    await page
      .getByRole("region", { name: "Repeat booking" })
      .getByRole("button", { name: "Change" })
      .click();
    const change = page.getByRole("dialog", { name: "Change from this visit" });
    await change.getByLabel("How often").selectOption("3");
    // The phone's first visit is at 13:00, which the business's day doesn't offer: 14:00 from now on.
    if (label === "phone") await change.getByLabel("Time").fill("14:00");
    await change.getByLabel("Until", { exact: true }).fill(addDays(first, 42));
    await expectAccessible(page);
    await shot(page, `repeat-change-${label}.png`, { fullPage: false });
    await change.getByRole("button", { name: "Change the visits" }).click();
    await expect(page.getByRole("region", { name: "Repeat booking" })).toContainText(
      "This visit repeats every 3 weeks",
    );

    // The business finds the series in the bookings table's filter and on the customer's page.
    await loginAs("admin");
    await page.goto(`/admin/bookings?repeat=repeat&q=${encodeURIComponent(regular.email)}`);
    // The first visit, the ones booked, and the three of the changed rule (the visits they replaced stay,
    // cancelled).
    await expect(page.getByRole("link", { name: /^FC-/ })).toHaveCount(booked + 4);
    await page.goto(`/admin/customers?q=${encodeURIComponent(regular.email)}`);
    await page.getByRole("link", { name: regular.name }).first().click();
    const onProfile = page.getByRole("region", { name: "Repeat bookings" });
    // The three visits of the new rule.
    await expect(onProfile).toContainText("Full Valet: every 3 weeks");
    await expect(onProfile).toContainText("3 visits to come");
    await expectAccessible(page);
    await shot(page, `repeat-customer-${label}.png`);

    // The public policy says how a repeat booking's visits are paid.
    await page.goto("/booking-policies");
    await expect(page.getByRole("main")).toContainText(/repeat booking.*paid on the day/i);
    await expectAccessible(page);
    await shot(page, `booking-policies-${label}.png`);
  });
}

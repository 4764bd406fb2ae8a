import type { APIRequestContext, BrowserContext, Page } from "@playwright/test";
import { createUser, credentials, expect, expectAccessible, signInAs, test } from "../support/fixtures";
import { jobToday } from "../support/crew";
import { linkIn, waitForMail } from "../support/mail";

// Issue 41 §7: the technician's phone keeps their day for when there is no signal — and only while it is
// theirs. Deactivated by the office while the day is open, the copy goes at once (the live stream's
// session-ended); another person signing in on that browser clears it (the copy is the technician's, and
// the other areas of the app say so); a session that ended while the phone was away clears it on the
// first answer that asks them to sign in. Each time, offline, the day no longer opens: no customer's
// name, phone or address stays readable.

const PHONE = { width: 390, height: 844 };

// Offline, the browser may say that the live stream can't connect, and its own offline page (where the
// day no longer opens) that the site's icon can't load — whether it does depends on timing.
// (One pattern: Playwright reads a second element of the array as the option's settings.)
test.use({
  allowConsole: [/ERR_INTERNET_DISCONNECTED \(from http:\/\/[^/]+\/(api\/events\)$|favicon\.ico)/],
});

/** A job today on the test's own van, `minutes` from now, for a named customer. */
async function cachedJobToday(request: APIRequestContext, team: string, minutes: number) {
  const customer = await createUser(request, { name: "Cathy Cached" });
  return jobToday(request, customer.email, team, minutes);
}

const hasCopy = (page: Page) => page.evaluate(async () => Boolean(await caches.match("/staff")));

/** The day, loaded once with the worker ready, so that the phone keeps a copy. */
async function loadDayAndKeepIt(page: Page, reference?: string) {
  await page.goto("/staff");
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
  if (reference) await expect(page.getByRole("listitem", { name: new RegExp(reference) })).toBeVisible();
  await expect.poll(() => hasCopy(page)).toBe(true);
}

/** Offline, the day does not open any more (no copy to answer with); back online afterwards. */
async function dayGoneOffline(ctx: BrowserContext, page: Page, reference?: string) {
  await ctx.setOffline(true);
  await page.goto("/staff").catch(() => null);
  await expect(page.getByRole("heading", { name: /^Hello/ })).toHaveCount(0);
  if (reference) await expect(page.getByText(reference)).toHaveCount(0);
  await ctx.setOffline(false);
}

test("the phone's copy of the day goes when the technician is deactivated, and when someone else signs in", async ({
  browser,
  baseURL,
  request,
  expectConsole,
}) => {
  test.setTimeout(180_000);
  // The upload refused for want of a session (step 3) is logged by the browser.
  expectConsole(/status of 401/);
  const team = `Van C${Date.now() % 100_000}`;
  const job = await cachedJobToday(request, team, 120);

  // The office invites a technician to that van; they choose a password on the phone.
  const office = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const admin = await office.newPage();
  await signInAs(admin, credentials.admin);
  await admin.goto("/admin/settings?tab=team");
  const form = admin.getByRole("form", { name: "Invite a technician" });
  const email = `dee-${Date.now()}@example.test`;
  await form.getByLabel("Their name").fill("Dee Cached");
  await form.getByLabel("Their email").fill(email);
  await form.getByRole("checkbox", { name: new RegExp(team) }).check();
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(admin.getByText("Invitation sent.")).toBeVisible();
  const phone = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await phone.newPage();
  await page.goto(linkIn(await waitForMail(email, /Your jobs at/), "/auth/setup-password"));
  await page.getByLabel("Password", { exact: true }).fill("Vans-And-Valets-2026");
  await page.getByLabel("Confirm password").fill("Vans-And-Valets-2026");
  await page.getByRole("button", { name: "Save password and continue" }).click();
  await expect(page).toHaveURL(/\/staff$/);
  await loadDayAndKeepIt(page, job.reference);

  // 1. Deactivated while the day is open on the phone: the copy goes at once, no reload.
  await admin.reload();
  const member = admin.getByRole("list", { name: "Team members" }).getByRole("listitem").filter({
    hasText: "Dee Cached",
  });
  await member.getByRole("button", { name: "Deactivate" }).click();
  await admin.getByRole("alertdialog").getByRole("button", { name: "Yes, deactivate" }).click();
  await expect(admin.getByText("Dee Cached was deactivated.")).toBeVisible();
  await expect.poll(() => hasCopy(page), { timeout: 15_000 }).toBe(false);
  await dayGoneOffline(phone, page, job.reference);

  // 2. Another person signs in on that browser: the copy of the technician before them goes.
  await signInAs(page, credentials.staff);
  await loadDayAndKeepIt(page);
  await signInAs(page, credentials.customer);
  await page.goto("/dashboard");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect.poll(() => hasCopy(page)).toBe(false);
  await dayGoneOffline(phone, page);

  // 3. The session ended while the phone was away: the first answer asking to sign in — here a photo
  // upload from the day answered 401 — clears the copy, before any other page is opened.
  await signInAs(page, credentials.staff);
  await loadDayAndKeepIt(page);
  await phone.clearCookies();
  const upload = await page.evaluate(
    async () =>
      (
        await fetch("/api/staff/jobs/00000000-0000-4000-8000-000000000000/photos", {
          method: "POST",
          body: new FormData(),
        })
      ).status,
  );
  expect(upload).toBe(401);
  await expect.poll(() => hasCopy(page)).toBe(false);
  await dayGoneOffline(phone, page);
  await page.goto("/auth/login");
  await expectAccessible(page);

  await Promise.all([phone.close(), office.close()]);
});

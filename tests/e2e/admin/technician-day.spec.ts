import type { Browser, Page } from "@playwright/test";
import { createUser, credentials, expect, expectAccessible, shot, signInAs, test } from "../support/fixtures";
import { jobToday, photo } from "../support/crew";
import { linkIn, waitForMail } from "../support/mail";

// Issue 32's technician (ADR 0053), on a phone (390 px), axe on every screen: the admin invites them from
// Settings → Team members with their van; they choose a password from the email and land on their day;
// they start a job, add a before photo, take the cash, add an after photo and complete it; the customer
// then sees the photos on their booking. A job the office reassigns to another van disappears from the
// open list; after one load the list still shows offline, with the buttons disabled and saying why.
// The jobs are on the test's own team (made by the test route, not taking bookings): today, at any time.

const PHONE = { width: 390, height: 844 };

async function invite(browser: Browser, baseURL: string | undefined, team: string, email: string) {
  const ctx = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const page = await ctx.newPage();
  await signInAs(page, credentials.admin);
  await page.goto("/admin/settings?tab=team");
  const form = page.getByRole("form", { name: "Invite a technician" });
  await expect(form).toBeVisible();
  // Nothing chosen: a field message, nothing sent.
  await form.getByLabel("Their name").fill("Tess Tanaka");
  await form.getByLabel("Their email").fill(email);
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(form.getByText("Choose at least one team they work in.")).toBeVisible();
  await form.getByRole("checkbox", { name: new RegExp(team) }).check();
  await form.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByText("Invitation sent.")).toBeVisible();
  await expect(page.getByRole("list", { name: "Team members" })).toContainText("Tess Tanaka");
  await expectAccessible(page);
  await shot(page, "team-members-1280.png");
  return { ctx, page };
}

async function choosePassword(page: Page) {
  await page.getByLabel("Password", { exact: true }).fill("Vans-And-Valets-2026");
  await page.getByLabel("Confirm password").fill("Vans-And-Valets-2026");
  await page.getByRole("button", { name: "Save password and continue" }).click();
  await expect(page).toHaveURL(/\/staff$/);
}

async function cardOf(page: Page, reference: string) {
  const card = page.getByRole("listitem", { name: new RegExp(reference) });
  await expect(card).toBeVisible();
  return card;
}

test("a technician from an invite starts and completes a job with photos and cash; the customer sees the photos", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const team = `Van T${Date.now() % 100_000}`;
  const customer = await createUser(request, { name: "Cara Client" });
  // The job first: it makes the test's team, which the invitation then offers.
  const job = await jobToday(request, customer.email, team, 20);
  const email = `tess-${Date.now()}@example.test`;
  const admin = await invite(browser, baseURL, team, email);

  // The technician's phone: the link from the email, a password, their day.
  const mail = await waitForMail(email, /Your jobs at/);
  const tech = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await tech.newPage();
  await page.goto(linkIn(mail, "/auth/setup-password"));
  await choosePassword(page);
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
  const card = await cardOf(page, job.reference);
  await expect(card).toContainText("Cara Client");
  await expect(card.getByRole("link", { name: "Open in Maps" })).toHaveAttribute("href", /maps/);
  await expect(card).toContainText("To collect");
  await expectAccessible(page);
  await shot(page, "staff-day-390.png");

  // Start (20 minutes early is within the lead: no reason asked), a before photo, the cash, an after photo.
  await card.getByRole("button", { name: "Start job" }).click();
  await expect(card.getByText("In progress")).toBeVisible();
  await card
    .getByLabel("Add a before photo")
    .setInputFiles({ name: "before.jpg", mimeType: "image/jpeg", buffer: await photo("#777777") });
  await expect(card.getByRole("img", { name: /^Before photo of/ })).toBeVisible();
  await card.getByText(/^Record payment \(/).click();
  await card.getByRole("radio", { name: "Cash" }).check();
  await card.getByRole("button", { name: "Record payment" }).click();
  await expect(card).toContainText("Nothing — paid");
  await card
    .getByLabel("Add an after photo")
    .setInputFiles({ name: "after.jpg", mimeType: "image/jpeg", buffer: await photo("#2255aa") });
  await expect(card.getByRole("img", { name: /^After photo of/ })).toBeVisible();
  await card.getByLabel("Job notes").fill("Tar spots on the sills removed.");
  await card.getByRole("button", { name: "Save notes" }).click();
  await expect(page.getByText("Notes saved.")).toBeVisible();
  // Completing asks first and says what happens; the job's booked time is still ahead, so it asks why.
  await card.getByRole("button", { name: "Complete job…" }).click();
  const confirm = page.getByRole("dialog", { name: `Complete ${job.reference}?` });
  await expect(confirm).toContainText("This can't be undone.");
  await expect(confirm).toContainText(
    "Cara Client is emailed that the job is done, with a link to its 2 photos.",
  );
  await expect(confirm).toContainText("Nothing is left to pay.");
  await confirm.getByLabel("Why complete it before its booked time?").fill("Customer had to leave early.");
  await expectAccessible(page);
  await shot(page, "staff-complete-confirm-390.png");
  await confirm.getByRole("button", { name: "Complete job", exact: true }).click();
  await expect(confirm).toBeHidden();
  await expect(card.getByText("Completed")).toBeVisible();
  await expectAccessible(page);
  await shot(page, "staff-job-done-390.png");

  // The customer's booking page shows the photos; another customer's session gets no photo.
  const mine = await browser.newContext({ baseURL, viewport: PHONE });
  const cPage = await mine.newPage();
  await signInAs(cPage, customer);
  await cPage.goto(`/dashboard/bookings/${job.id}`);
  await expect(cPage.getByRole("img", { name: /^Before photo of/ })).toBeVisible();
  await expect(cPage.getByRole("img", { name: /^After photo of/ })).toBeVisible();
  const after = cPage.getByRole("img", { name: /^After photo of/ });
  // The photo itself loads for its customer (served with their session), not only its frame.
  await after.scrollIntoViewIfNeeded();
  await expect.poll(() => after.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  const src = await after.getAttribute("src");
  await expectAccessible(cPage);
  await shot(cPage, "customer-photos-390.png");
  const other = await browser.newContext({ baseURL });
  const oPage = await other.newPage();
  await signInAs(oPage, await createUser(request, { name: "Otto Other" }));
  expect((await oPage.request.get(src ?? "/")).status()).toBe(404);

  await Promise.all([mine.close(), other.close(), tech.close(), admin.ctx.close()]);
});

test("a job the office reassigns disappears from the open list; offline the list stays, the buttons say why", async ({
  browser,
  baseURL,
  request,
  expectConsole,
}) => {
  test.setTimeout(150_000);
  const team = `Van R${Date.now() % 100_000}`;
  const customer = await createUser(request, { name: "Rhys Regular" });
  const stays = await jobToday(request, customer.email, team, 90);
  const moves = await jobToday(request, customer.email, team, 200);
  const email = `ravi-${Date.now()}@example.test`;
  const admin = await invite(browser, baseURL, team, email);
  const mail = await waitForMail(email, /Your jobs at/);
  const tech = await browser.newContext({ baseURL, viewport: PHONE });
  const page = await tech.newPage();
  await page.goto(linkIn(mail, "/auth/setup-password"));
  await choosePassword(page);
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
  await cardOf(page, moves.reference);

  // The office reassigns it to Van A (busy or not: overriding with a reason).
  await admin.page.goto(`/admin/bookings/${moves.id}`);
  await admin.page
    .getByRole("region", { name: "Time and team" })
    .getByRole("button", { name: "Reassign team" })
    .click();
  const dialog = admin.page.getByRole("dialog", { name: `Reassign ${moves.reference}` });
  await dialog.getByRole("radio", { name: /Van A/ }).check();
  const reason = dialog.getByLabel("Reason (required to override)");
  if (await reason.isVisible()) await reason.fill("Tess is off sick; Van A covers it.");
  await dialog.getByRole("button", { name: "Reassign team" }).click();
  await expect(dialog).toBeHidden();
  // No reload on the phone: the list reads itself again.
  await expect(page.getByRole("listitem", { name: new RegExp(moves.reference) })).toHaveCount(0, {
    timeout: 15_000,
  });
  await cardOf(page, stays.reference);

  // Offline after one load: the list from the phone, the buttons disabled with the reason.
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect(page.getByText("Live", { exact: true })).toBeVisible();
  // The phone keeps a copy of the day (the worker's cache, read as the page would).
  await expect.poll(() => page.evaluate(async () => Boolean(await caches.match("/staff")))).toBe(true);
  // Offline, the live stream can't connect: the browser says so, and that is expected.
  expectConsole(/ERR_INTERNET_DISCONNECTED \(from http:\/\/[^/]+\/api\/events\)$/);
  await tech.setOffline(true);
  await page.reload();
  const card = await cardOf(page, stays.reference);
  await expect(page.getByText(/You're offline\. This is your list/)).toBeVisible();
  await expect(card.getByRole("button", { name: "Start job" })).toBeDisabled();
  await expect(card.getByText(/need a connection/)).toBeVisible();
  await expectAccessible(page);
  await shot(page, "staff-offline-390.png");
  await tech.setOffline(false);
  // Signing out takes the copy off the phone: offline, the day no longer opens.
  await page.reload();
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page).not.toHaveURL(/\/staff$/);
  await expect.poll(() => page.evaluate(async () => Boolean(await caches.match("/staff")))).toBe(false);
  await Promise.all([tech.close(), admin.ctx.close()]);
});

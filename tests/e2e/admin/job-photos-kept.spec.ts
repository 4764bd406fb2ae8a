import { createUser, credentials, expect, expectAccessible, shot, signInAs, test } from "../support/fixtures";
import { jobToday, photo } from "../support/crew";
import { linkIn, waitForMail } from "../support/mail";

// Issue 41 §7: job photos are kept. The technician removes a photo they took while the job is open — it
// leaves their day and the customer's page, and nothing is deleted; once the job is completed they have
// no Remove any more. The admin's booking page lists the removed photo, marked with who removed it, and
// puts it back; the customer sees it again.

const PHONE = { width: 390, height: 844 };

test("a technician removes their photo of an open job; the admin sees it kept and puts it back", async ({
  browser,
  baseURL,
  request,
}) => {
  test.setTimeout(180_000);
  const team = `Van K${Date.now() % 100_000}`;
  const customer = await createUser(request, { name: "Kit Keeper" });
  const job = await jobToday(request, customer.email, team, 20);

  const office = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  const admin = await office.newPage();
  await signInAs(admin, credentials.admin);
  await admin.goto("/admin/settings?tab=team");
  const form = admin.getByRole("form", { name: "Invite a technician" });
  const email = `pia-${Date.now()}@example.test`;
  await form.getByLabel("Their name").fill("Pia Photo");
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
  const card = page.getByRole("listitem", { name: new RegExp(job.reference) });
  await card.getByRole("button", { name: "Start job" }).click();
  await expect(card.getByText("In progress")).toBeVisible();
  await card
    .getByLabel("Add a before photo")
    .setInputFiles({ name: "before.jpg", mimeType: "image/jpeg", buffer: await photo("#777777") });
  await expect(card.getByRole("img", { name: /^Before photo of/ })).toBeVisible();
  await card
    .getByLabel("Add an after photo")
    .setInputFiles({ name: "after.jpg", mimeType: "image/jpeg", buffer: await photo("#2255aa") });
  await expect(card.getByRole("img", { name: /^After photo of/ })).toBeVisible();
  await expect(card.getByRole("button", { name: "Remove" })).toHaveCount(2);
  await expectAccessible(page);
  await shot(page, "staff-photos-removable-390.png");

  // Remove the before photo: it leaves the day (kept for the office, as the dialog says).
  await card.getByRole("button", { name: "Remove" }).first().click();
  const confirm = page.getByRole("alertdialog", { name: "Remove this photo?" });
  await expect(confirm).toContainText("The office keeps it for a while and can put it back.");
  await confirm.getByRole("button", { name: "Yes, remove it" }).click();
  await expect(card.getByRole("img", { name: /^Before photo of/ })).toHaveCount(0);
  // Completing asks first (it can't be undone).
  await card.getByRole("button", { name: "Complete job…" }).click();
  const completing = page.getByRole("dialog", { name: `Complete ${job.reference}?` });
  // Its booked start is still ahead: completing now needs a reason.
  await completing
    .getByLabel("Why complete it before its booked time?")
    .fill("Done while the customer waited.");
  await completing.getByRole("button", { name: "Complete job", exact: true }).click();
  await expect(card.getByText("Completed")).toBeVisible();
  // A finished job's photos are kept: no Remove for the technician any more.
  await expect(card.getByRole("img", { name: /^After photo of/ })).toBeVisible();
  await expect(card.getByRole("button", { name: "Remove" })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, "staff-photos-kept-390.png");

  // The customer sees the after photo only.
  const own = await browser.newContext({ baseURL, viewport: PHONE });
  const cPage = await own.newPage();
  await signInAs(cPage, customer);
  await cPage.goto(`/dashboard/bookings/${job.id}`);
  await expect(cPage.getByRole("img", { name: /^After photo of/ })).toBeVisible();
  await expect(cPage.getByRole("img", { name: /^Before photo of/ })).toHaveCount(0);

  // The admin's booking page: the removed photo is listed, marked, with Put back.
  await admin.goto(`/admin/bookings/${job.id}`);
  const photos = admin.getByRole("region", { name: "Photos and who did the work" });
  await expect(photos).toContainText("Removed by Pia Photo");
  await expect(photos.getByRole("heading", { name: "Before (0 · 1 removed)" })).toBeVisible();
  await expect(photos.getByRole("button", { name: /^Put back Before photo of/ })).toBeVisible();
  await expect(photos.getByRole("button", { name: /^Remove After photo of/ })).toBeVisible();
  await expect(admin.getByText("Before photo removed")).toBeVisible();
  await expectAccessible(admin);
  await shot(admin, "admin-photo-removed-1280.png");
  await admin.setViewportSize(PHONE);
  await shot(admin, "admin-photo-removed-390.png");
  await admin.setViewportSize({ width: 1280, height: 900 });

  await photos.getByRole("button", { name: /^Put back Before photo of/ }).click();
  await admin
    .getByRole("alertdialog", { name: "Put this photo back?" })
    .getByRole("button", { name: "Yes, put it back" })
    .click();
  await expect(admin.getByText("Photo put back.")).toBeVisible();
  await expect(photos).not.toContainText("Removed by");
  await expect(photos.getByRole("heading", { name: "Before (1)" })).toBeVisible();
  await expect(admin.getByText("Before photo put back")).toBeVisible();
  await cPage.reload();
  await expect(cPage.getByRole("img", { name: /^Before photo of/ })).toBeVisible();

  await Promise.all([phone.close(), own.close(), office.close()]);
});

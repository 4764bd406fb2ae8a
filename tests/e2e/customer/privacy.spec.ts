import { createUser, expect, expectAccessible, shot, signInAs, test } from "../support/fixtures";
import { mailCount, waitForMail } from "../support/mail";

test("anyone can set their cookie choice, and it is remembered", async ({ page }) => {
  await page.goto("/settings/privacy");
  await expectAccessible(page);
  const form = page.getByRole("form", { name: "Cookie choice" });
  await expect(form.getByLabel("Allow analytics cookies")).not.toBeChecked();
  await form.getByLabel("Allow analytics cookies").check();
  await form.getByRole("button", { name: "Save cookie choice" }).click();
  await expect(form.getByRole("status")).toHaveText("Your cookie choice has been saved.");
  await page.reload();
  await expect(
    page.getByRole("form", { name: "Cookie choice" }).getByLabel("Allow analytics cookies"),
  ).toBeChecked();
  await expect(
    page.getByText("to manage marketing emails, download your data or delete your account"),
  ).toBeVisible();
});

test("the demo customer downloads their data, and cannot delete the account while a booking is upcoming", async ({
  page,
  loginAs,
}) => {
  await page.goto("/");
  await loginAs("customer");
  await page.goto("/settings/privacy");
  await expect(page.getByText(/You have an upcoming booking \(FC-[0-9A-Z]{6} on/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Delete my account" })).toHaveCount(0);

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download my data (JSON)" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(
    await (await download.createReadStream()).toArray().then((c) => Buffer.concat(c).toString("utf8")),
  );
  expect(data.profile.email).toBe("customer@forecourt.test");
  expect(data.vehicles[0].registration).toBe("LB19XKT");
  expect(data.bookings.length).toBeGreaterThanOrEqual(4);
  expect(data.payments.length).toBeGreaterThanOrEqual(1);
  expect(data).toHaveProperty("consents.marketing");
  expect(data).toHaveProperty("emailsSent");
  await expectAccessible(page);
});

test("a customer with nothing upcoming deletes their account after typing the confirmation", async ({
  page,
  request,
}) => {
  const c = await createUser(request, { name: "Leaving Soon" });
  await page.goto("/");
  await signInAs(page, c);
  await page.goto("/settings/privacy");
  const form = page.getByRole("form", { name: "Delete my account" });
  await form.getByLabel("Type DELETE to confirm").fill("delete please");
  await form.getByRole("button", { name: "Delete my account" }).click();
  await expect(form.getByText("Type DELETE to confirm.")).toBeVisible();
  const before = mailCount();
  await form.getByLabel("Type DELETE to confirm").fill("DELETE");
  await form.getByRole("button", { name: "Delete my account" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your account has been deleted." })).toBeVisible();
  await waitForMail(c.email, /account has been deleted/, { after: before });
  // Signed out, and the old credentials no longer work.
  expect((await page.request.get("/dashboard/settings", { maxRedirects: 0 })).status()).toBe(307);
  const res = await request.post("/api/account/login", { data: { email: c.email, password: c.password } });
  expect(res.status()).toBe(401);
});

test("marketing consent is saved with its date and leaves the other email preferences alone", async ({
  page,
  request,
}) => {
  const c = await createUser(request);
  await page.goto("/");
  await signInAs(page, c);
  await page.goto("/dashboard/settings");
  const prefs = page.getByRole("form", { name: "Email preferences" });
  await prefs.getByLabel("Reminders").uncheck();
  await prefs.getByRole("button", { name: "Save preferences" }).click();
  await expect(prefs.getByRole("status")).toHaveText("Your email preferences have been saved.");

  await page.goto("/settings/privacy");
  const form = page.getByRole("form", { name: "Marketing emails" });
  await form.getByLabel("Send me news and offers").check();
  await form.getByRole("button", { name: "Save" }).click();
  await expect(form.getByRole("status")).toHaveText("Your choice has been saved.");
  await page.reload();
  await expect(
    page.getByRole("form", { name: "Marketing emails" }).getByLabel("Send me news and offers"),
  ).toBeChecked();
  await expect(page.getByText(/You agreed on \w+day, \d{1,2} \w+ \d{4}\./)).toBeVisible();

  await page.goto("/dashboard/settings");
  await expect(
    page.getByRole("form", { name: "Email preferences" }).getByLabel("Reminders"),
  ).not.toBeChecked();
  // Booking and money emails can't be switched off: there is nothing to untick.
  await expect(
    page.getByRole("form", { name: "Email preferences" }).getByText(/Booking updates .* always come/),
  ).toBeVisible();
  await expect(
    page.getByRole("form", { name: "Email preferences" }).getByLabel("Booking updates"),
  ).toHaveCount(0);
  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.getByRole("form", { name: "Email preferences" }).scrollIntoViewIfNeeded();
    await shot(page, `email-preferences-${width}.png`);
  }
});

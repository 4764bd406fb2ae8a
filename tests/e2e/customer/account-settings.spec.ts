import {
  createUser,
  expect,
  expectAccessible,
  requestRefused,
  signInAs,
  test,
  uniqueEmail,
} from "../support/fixtures";
import { linkIn, mailCount, waitForMail } from "../support/mail";

test("a customer updates profile, preferences, password and email", async ({
  browser,
  page,
  request,
  expectConsole,
}) => {
  const c = await createUser(request, { name: "Robin Lane" });
  await page.goto("/");
  await signInAs(page, c);
  await page.goto("/dashboard/settings");
  await expectAccessible(page);

  const profile = page.getByRole("form", { name: "Profile" });
  await profile.getByLabel("Name").fill("");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByText("Enter your name.")).toBeVisible();
  await profile.getByLabel("Name").fill("Robin Lane-Smith");
  await profile.getByLabel("Phone number").fill("07700 900222");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByRole("status")).toHaveText("Your profile has been saved.");

  const prefs = page.getByRole("form", { name: "Email preferences" });
  await prefs.getByLabel("Reminders").uncheck();
  await prefs.getByLabel("News and offers").check();
  await prefs.getByRole("button", { name: "Save preferences" }).click();
  await expect(prefs.getByRole("status")).toHaveText("Your email preferences have been saved.");

  await page.reload();
  await expect(page.getByRole("form", { name: "Profile" }).getByLabel("Name")).toHaveValue(
    "Robin Lane-Smith",
  );
  await expect(
    page.getByRole("form", { name: "Email preferences" }).getByLabel("Reminders"),
  ).not.toBeChecked();
  await expect(
    page.getByRole("form", { name: "Email preferences" }).getByLabel("News and offers"),
  ).toBeChecked();

  const pw = page.getByRole("form", { name: "Change password" });
  // The wrong current password is refused (400), which the browser logs.
  expectConsole(requestRefused(400, "/api/account/change-password"));
  await pw.getByLabel("Current password").fill("Not-my-password-1");
  await pw.getByLabel("New password", { exact: true }).fill("Brand-New-Wax-2027");
  await pw.getByLabel("Confirm new password").fill("Brand-New-Wax-2027");
  await pw.getByRole("button", { name: "Change password" }).click();
  await expect(pw.getByText("That password is not right.")).toBeVisible();
  await pw.getByLabel("Current password").fill(c.password);
  await pw.getByLabel("New password", { exact: true }).fill("Brand-New-Wax-2027");
  await pw.getByLabel("Confirm new password").fill("Brand-New-Wax-2027");
  await pw.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your password has been changed." })).toBeVisible();
  await expect(page).toHaveURL(/updated=password/);

  const newEmail = uniqueEmail("moved");
  const before = mailCount();
  await page.goto("/dashboard/settings");
  const em = page.getByRole("form", { name: "Change email address" });
  await em.getByLabel("New email address").fill(newEmail);
  await em.getByLabel("Current password").fill("Brand-New-Wax-2027");
  await em.getByRole("button", { name: "Change email" }).click();
  await expect(em.getByRole("status")).toContainText("Check the inbox of your new address");
  await waitForMail(c.email, /change of email was requested/, { after: before });
  const confirm = await waitForMail(newEmail, /Confirm your new email/, { after: before });
  expect(confirm.text).toContain("asked to change that account's email address");
  expect(confirm.text).toContain("If it wasn't you, ignore this email");

  // Whoever owns the new inbox but not the account can't take the address in: signed out, they are
  // asked to sign in; signed in to another account, they are refused and the link stays usable.
  const stranger = await createUser(request, { name: "Sam Other" });
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(linkIn(confirm, "/auth/confirm-email-change"));
  await expect(otherPage.getByRole("heading", { name: "Sign in to confirm your new email" })).toBeVisible();
  await expect(otherPage.getByRole("button", { name: "Confirm my new email" })).toHaveCount(0);
  await expectAccessible(otherPage);
  await otherPage.getByRole("link", { name: "Sign in to the account that asked" }).click();
  const login = otherPage.getByRole("form", { name: "Sign in" });
  await login.getByLabel("Email address").fill(stranger.email);
  await login.getByLabel("Password").fill(stranger.password);
  await login.getByRole("button", { name: "Sign in" }).click();
  await expect(otherPage).toHaveURL(/\/auth\/confirm-email-change\?token=/);
  await expect(otherPage.getByText(`You're signed in as ${stranger.email}`)).toBeVisible();
  await otherPage.getByRole("button", { name: "Confirm my new email" }).click();
  await expect(
    otherPage.getByRole("alert").filter({ hasText: "This link was sent for a different account." }),
  ).toBeVisible();
  await other.close();

  // Opening the link changes nothing (mail scanners open links); the button does.
  await page.goto(linkIn(confirm, "/auth/confirm-email-change"));
  await expectAccessible(page);
  await page.getByRole("button", { name: "Confirm my new email" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your email address has been changed." }),
  ).toBeVisible();
  await expect(page.getByText(`You sign in with ${newEmail}`)).toBeVisible();
  await waitForMail(c.email, /email address was changed/, { after: before });

  // The link is single use.
  await page.goto(linkIn(confirm, "/auth/confirm-email-change"));
  await page.getByRole("button", { name: "Confirm my new email" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "expired or has already been used" })).toBeVisible();
});

import { createUser, expect, expectAccessible, shot, signInAs, test, uniqueEmail } from "../support/fixtures";
import { linkIn, mailCount, waitForMail } from "../support/mail";
import { workingDayFrom } from "../support/days";

// Issue 12's "Also": the admin's own account page, the back office on a phone (the week stacked by day,
// a sort control for the bookings table), the bookings table's columns at 1280 px, and the teams page
// saying why Deactivate and Delete would be refused. Screenshots go to the test's output (and to
// SHOTS_DIR when set) to be looked at.

const WIDTHS = [1280, 390] as const;
// The demo's upcoming confirmed booking (Van A) is on the third weekday from the day it was seeded.
const weekdayFrom = (offset: number): string => workingDayFrom(offset, 1);

test("an admin changes their own name, password and email in the back office", async ({
  browser,
  page,
  request,
  expectConsole,
}) => {
  test.slow(); // a whole journey: profile, password (twice), email change through a mailbox, two widths
  // A wrong current password is refused.
  expectConsole(/status of 400 \(Bad Request\) \(from http:\/\/[^/]+\/api\/account\/change-password\)$/);
  const admin = await createUser(request, { role: "admin", name: "Morgan Reid" });
  await signInAs(page, admin);

  // Their account settings link (from an email, say) leads to the back office's page.
  await page.goto("/dashboard/settings");
  await expect(page).toHaveURL(/\/admin\/account$/);
  await page.goto("/admin/schedule");
  await page.getByRole("button", { name: "Signed in as Morgan Reid" }).click();
  await page.getByRole("menuitem", { name: "Your account" }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Your account" }),
  ).toHaveAttribute("aria-current", "page");
  await expect(page.getByText(`You sign in with ${admin.email}`)).toBeVisible();
  await expectAccessible(page);
  await shot(page, "admin-account-1280.png");

  const profile = page.getByRole("form", { name: "Profile" });
  await profile.getByLabel("Name").fill("Morgan Reid-Hale");
  await profile.getByLabel("Phone number").fill("07700 900333");
  await profile.getByRole("button", { name: "Save profile" }).click();
  await expect(profile.getByRole("status")).toHaveText("Your profile has been saved.");
  await page.reload();
  await expect(page.getByRole("button", { name: "Signed in as Morgan Reid-Hale" })).toBeVisible();

  const pw = page.getByRole("form", { name: "Change password" });
  await pw.getByLabel("Current password").fill("Not-my-password-1");
  await pw.getByLabel("New password", { exact: true }).fill("Back-Office-Wax-2027");
  await pw.getByLabel("Confirm new password").fill("Back-Office-Wax-2027");
  await pw.getByRole("button", { name: "Change password" }).click();
  await expect(pw.getByText("That password is not right.")).toBeVisible();
  await pw.getByLabel("Current password").fill(admin.password);
  await pw.getByLabel("New password", { exact: true }).fill("Back-Office-Wax-2027");
  await pw.getByLabel("Confirm new password").fill("Back-Office-Wax-2027");
  await pw.getByRole("button", { name: "Change password" }).click();
  await expect(page).toHaveURL(/\/admin\/account\?updated=password$/);
  await expect(page.getByRole("status").filter({ hasText: "Your password has been changed." })).toBeVisible();

  // The old password no longer signs in; the new one does.
  const fresh = await browser.newContext();
  const old = await fresh.request.post("/api/test/session", {
    data: { email: admin.email, password: admin.password },
  });
  expect(old.status()).not.toBe(200);
  const renewed = await fresh.request.post("/api/test/session", {
    data: { email: admin.email, password: "Back-Office-Wax-2027" },
  });
  expect(renewed.status()).toBe(200);
  await fresh.close();

  // The email change is the customers' flow: a link to the new inbox, confirmed by the signed-in admin.
  const newEmail = uniqueEmail("admin-moved");
  const before = mailCount();
  const em = page.getByRole("form", { name: "Change email address" });
  await em.getByLabel("New email address").fill(newEmail);
  await em.getByLabel("Current password").fill("Back-Office-Wax-2027");
  await em.getByRole("button", { name: "Change email" }).click();
  await expect(em.getByRole("status")).toContainText("Check the inbox of your new address");
  const confirm = await waitForMail(newEmail, /Confirm your new email/, { after: before });
  await page.goto(linkIn(confirm, "/auth/confirm-email-change"));
  await page.getByRole("button", { name: "Confirm my new email" }).click();
  await expect(page).toHaveURL(/\/admin\/account\?emailChange=changed$/);
  await expect(
    page.getByRole("status").filter({ hasText: "Your email address has been changed." }),
  ).toBeVisible();
  await expect(page.getByText(`You sign in with ${newEmail}`)).toBeVisible();

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/account");
  await expectAccessible(page);
  await shot(page, "admin-account-390.png");
});

test("the back office links to the public site from its menu, on a desktop and in the phone drawer", async ({
  page,
  loginAs,
}) => {
  await loginAs("admin");
  await page.goto("/admin/bookings");
  const nav = page.getByRole("navigation", { name: "Admin" });
  await nav.getByRole("link", { name: "View the public site" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/admin/bookings");
  await page.getByRole("button", { name: "Menu", exact: true }).click();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await drawer.getByRole("link", { name: "Your account" }).click();
  await expect(page).toHaveURL(/\/admin\/account$/);
  await expect(drawer).toBeHidden();
});

for (const width of WIDTHS) {
  test(`the week view shows the whole week at ${width}px`, async ({ page, loginAs }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await loginAs("admin");
    const day = weekdayFrom(3);
    await page.goto(`/admin/schedule?view=week&date=${day}`);
    const byDay = page.getByRole("list", { name: "Week by day" });
    const byTeam = page.getByRole("region", { name: "Week by team" });
    if (width === 390) {
      await expect(byDay).toBeVisible();
      await expect(byTeam).toBeHidden();
      // Seven days, stacked, each inside the screen's width; the demo booking is on its day.
      const days = byDay.getByRole("listitem").filter({ has: page.getByRole("heading", { level: 3 }) });
      await expect(days).toHaveCount(7);
      for (const box of await Promise.all((await days.all()).map((d) => d.boundingBox())))
        expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
      await expect(byDay.getByRole("button", { name: /Mini Valet/ }).first()).toBeVisible();
      const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
      expect(scrollWidth).toBeLessThanOrEqual(390);
    } else {
      await expect(byTeam).toBeVisible();
      await expect(byDay).toBeHidden();
      await expect(byTeam.getByRole("button", { name: /Mini Valet/ }).first()).toBeVisible();
    }
    await expectAccessible(page);
    await shot(page, `admin-week-${width}.png`);
  });

  test(`the bookings table sorts on a phone and keeps Charge and Due in view at ${width}px`, async ({
    page,
    loginAs,
  }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await loginAs("admin");
    await page.goto("/admin/bookings?status=confirmed");
    const sortForm = page.getByRole("form", { name: "Sort bookings" });
    if (width === 390) {
      await sortForm.getByLabel("Sort by").selectOption("charge");
      await sortForm.getByLabel("Order").selectOption("desc");
      await sortForm.getByRole("button", { name: "Sort" }).click();
      await expect(page).toHaveURL(/status=confirmed/);
      await expect(page).toHaveURL(/sort=charge/);
      await expect(page).toHaveURL(/dir=desc/);
      await expect(sortForm.getByLabel("Sort by")).toHaveValue("charge");
      const totals = await page
        .getByRole("cell")
        .filter({ hasText: /^Charge:/ })
        .allInnerTexts();
      const amounts = totals.map((t) => Number(t.replace(/[^\d.]/g, "")));
      expect(amounts.length).toBeGreaterThan(0);
      expect(amounts).toEqual([...amounts].sort((a, b) => b - a));
    } else {
      await expect(sortForm).toBeHidden();
      // Every column, Due the last, ends inside the window: nothing to scroll sideways for.
      for (const name of ["Charge", "Due"]) {
        const header = page.getByRole("columnheader", { name });
        await expect(header).toBeVisible();
        const box = await header.boundingBox();
        expect((box?.x ?? 0) + (box?.width ?? 0), name).toBeLessThanOrEqual(width);
      }
      const table = page.getByRole("group", { name: "Bookings table" });
      const overflow = await table.evaluate((el) => el.scrollWidth - el.clientWidth);
      expect(overflow).toBeLessThanOrEqual(1);
    }
    await expectAccessible(page);
    await shot(page, `admin-bookings-${width}.png`);
  });

  test(`the teams page says why a busy team can't be deactivated or deleted at ${width}px`, async ({
    page,
    loginAs,
  }) => {
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await loginAs("admin");
    await page.goto("/admin/schedule/teams");
    const teams = page.getByRole("region", { name: /All teams/ }).getByRole("listitem");
    // Van A holds the demo's upcoming booking.
    const vanA = teams.filter({ hasText: "Van A" });
    const deactivate = vanA.getByRole("button", { name: "Deactivate Van A" });
    const remove = vanA.getByRole("button", { name: "Delete Van A" });
    await expect(deactivate).toBeDisabled();
    await expect(remove).toBeDisabled();
    const why = vanA.getByText(
      /^Can't be deactivated while it has (an upcoming booking|\d+ upcoming bookings)/,
    );
    await expect(why).toBeVisible();
    await expect(
      vanA.getByText("Can't be deleted: bookings use it, past or upcoming.", { exact: false }),
    ).toBeVisible();
    await expect(deactivate).toHaveAccessibleDescription(/Can't be deactivated while it has/);
    await expect(remove).toHaveAccessibleDescription(/Can't be deleted: bookings use it/);
    await expectAccessible(page);
    await shot(page, `admin-teams-${width}.png`);
  });
}

test("a new team with nothing on its calendar can still be deactivated and deleted", async ({
  page,
  loginAs,
}) => {
  await loginAs("admin");
  await page.goto("/admin/schedule/teams");
  const name = `Spare ${Date.now().toString(36)}`;
  const add = page.getByRole("form", { name: "Add a team" });
  await add.getByLabel("Name").fill(name);
  await add.getByRole("button", { name: "Add team" }).click();
  const row = page
    .getByRole("region", { name: /All teams/ })
    .getByRole("listitem")
    .filter({ hasText: name });
  await expect(row).toBeVisible();
  await expect(row.getByRole("button", { name: `Deactivate ${name}` })).toBeEnabled();
  await expect(row.getByText(/^Can't be/)).toHaveCount(0);
  await row.getByRole("button", { name: `Delete ${name}` }).click();
  await page
    .getByRole("alertdialog", { name: `Delete ${name}?` })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(row).toHaveCount(0);
});

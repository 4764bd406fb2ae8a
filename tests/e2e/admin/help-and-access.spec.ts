import {
  createUser,
  expect,
  expectAccessible,
  PAGE_NOT_FOUND,
  signInAs,
  test,
  shot,
} from "../support/fixtures";

test("a visitor opening the back office is sent to sign in, with the page to come back to", async ({
  page,
}) => {
  const response = await page.request.get("/admin/help", { maxRedirects: 0 });
  expect(response.status()).toBe(307);
  expect(response.headers().location).toBe("/auth/login?next=%2Fadmin%2Fhelp");
});

test("a customer opening the back office gets the 404 page", async ({ page, loginAs, expectConsole }) => {
  expectConsole(PAGE_NOT_FOUND);
  await loginAs("customer");
  const response = await page.goto("/admin/help");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not be found.");
});

test("an admin sees the live system status", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/admin/help");
  await expect(page.getByRole("heading", { level: 1, name: "Help & status" })).toBeVisible();
  const status = page.getByRole("region", { name: "System status" });
  for (const name of ["Database", "Database migrations", "Background jobs", "Email transport", "Payments"]) {
    await expect(status.getByText(`${name} — working`)).toBeAttached();
  }
  await expect(status.getByText(/^All \d+ migrations applied$/)).toBeVisible();
  await expect(status.getByText(/\d+ waiting.*failed in the last 24 h/)).toBeVisible();
  await expect(status.getByText(/Version .* · up /)).toBeVisible();
  await expect(status.getByText(/Test mode: no real money is taken/)).toBeVisible();
  await expect(
    page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Help & status" }),
  ).toHaveAttribute("aria-current", "page");
  await expectAccessible(page);
});

test("the guide finds a task as the admin types and links into its screen", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/admin/help");
  const guide = page.getByRole("region", { name: "Guide" });
  const search = guide.getByRole("searchbox", { name: "Search the guide" });
  await search.fill("refund");
  await expect(guide.getByText("Cancelling and refunding")).toBeVisible();
  await expect(guide.getByText("Teams", { exact: true })).toBeHidden();
  await search.fill("deposit webhook");
  await expect(guide.getByText("1 topic matches")).toBeVisible();
  await search.fill("zzzz");
  await expect(guide.getByText("Nothing in the guide matches. Try another word.")).toBeVisible();
  await search.fill("opening hours");
  await expectAccessible(page);
  await guide.getByRole("link", { name: "Opening hours" }).click();
  await expect(page).toHaveURL(/\/admin\/schedule\/hours$/);
});

test("the signed-in name opens the account menu: their account, help, the public site, sign out (keyboard too)", async ({
  page,
  request,
}) => {
  const admin = await createUser(request, { role: "admin", name: "Quinn Avery" });
  await signInAs(page, admin);
  await page.goto("/admin/schedule");
  const trigger = page.getByRole("button", { name: "Signed in as Quinn Avery" });
  await expect(trigger).toHaveAttribute("aria-expanded", "false");

  // Keyboard: Enter opens with the first item focused, arrows move, Escape closes back onto the trigger.
  await trigger.focus();
  await page.keyboard.press("Enter");
  const menu = page.getByRole("menu", { name: "Signed in as Quinn Avery" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("menuitem")).toHaveText([
    "Your account",
    "Help & status",
    "View the public site",
    "Sign out",
  ]);
  await expect(menu.getByRole("menuitem", { name: "Your account" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "Help & status" })).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await expect(menu.getByRole("menuitem", { name: "View the public site" })).toBeFocused();
  await expect(menu.getByRole("menuitem", { name: "View the public site" })).toHaveAttribute("href", "/");
  await expectAccessible(page);
  await shot(page, "admin-account-menu-1280.png", { fullPage: false });
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(trigger).toBeFocused();

  await trigger.click();
  await page.getByRole("menuitem", { name: "Help & status" }).click();
  await expect(page).toHaveURL(/\/admin\/help$/);
  await expect(page.getByRole("heading", { level: 1, name: "Help & status" })).toBeVisible();

  await trigger.click();
  await page.getByRole("menuitem", { name: "View the public site" }).click();
  await expect(page).toHaveURL((url) => url.pathname === "/");

  await page.goto("/admin/help");
  await trigger.click();
  await page.getByRole("menuitem", { name: "Sign out" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  const res = await page.request.get("/admin/help", { maxRedirects: 0 });
  expect(res.status()).toBe(307);
});

test("on a phone the menu drawer closes once a page is chosen (390 px)", async ({ page, loginAs }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await loginAs("admin");
  await page.goto("/admin/help");
  const menuButton = page.getByRole("button", { name: "Menu", exact: true });
  await menuButton.click();
  const drawer = page.getByRole("dialog", { name: "Menu" });
  await expect(drawer).toBeVisible();
  await expectAccessible(page);
  await shot(page, "admin-drawer-390.png", { fullPage: false });
  await drawer.getByRole("link", { name: "Services" }).click();
  await expect(page).toHaveURL(/\/admin\/services$/);
  await expect(drawer).toBeHidden();
  await expect(menuButton).toHaveAttribute("aria-expanded", "false");

  // Escape closes it too, and gives focus back to the button.
  await menuButton.click();
  await expect(drawer).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await expect(menuButton).toBeFocused();
  await shot(page, "admin-services-390.png", { fullPage: false });
});

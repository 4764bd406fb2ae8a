import { createUser, expect, expectAccessible, shot, signInAs, test } from "../support/fixtures";

// Issue 27 #13: on a phone the customer area's tabs scroll sideways — no label cut off — with the
// current tab in view when the page loads, every tab reachable from the keyboard with a visible focus;
// the header above them stays one row, its links behind the menu button.

for (const width of [1280, 390]) {
  test(`at ${width}px: the customer area's tabs show the current one and scroll to the rest`, async ({
    browser,
    baseURL,
  }) => {
    const ctx = await browser.newContext({ baseURL, viewport: { width, height: 800 } });
    const page = await ctx.newPage();
    await signInAs(page, await createUser(page.request));
    const tabs = page.getByRole("navigation", { name: "Your account" });
    const main = page.getByRole("banner").getByRole("navigation", { name: "Main" });

    for (const [path, name] of [
      ["/dashboard", "Overview"],
      ["/dashboard/settings", "Account settings"],
      ["/settings/privacy", "Privacy"],
    ] as const) {
      await page.goto(path);
      const current = tabs.getByRole("link", { name, exact: true });
      await expect(current).toHaveAttribute("aria-current", "page");
      await expect(current).toBeInViewport({ ratio: 1 });
      expect((await main.boundingBox())?.height).toBeLessThanOrEqual(48);
      await expectAccessible(page);
      await shot(page, `account-tabs-${name.toLowerCase().replace(/ /g, "-")}-${width}.png`);
    }

    // From the keyboard every tab is reached, and the one focused is scrolled into view.
    await page.goto("/dashboard");
    const links = tabs.getByRole("link");
    await links.first().focus();
    const count = await links.count();
    for (let i = 1; i < count; i++) await page.keyboard.press("Tab");
    await expect(links.last()).toBeFocused();
    await expect(links.last()).toBeInViewport({ ratio: 1 });
    await shot(page, `account-tabs-focus-${width}.png`, { fullPage: false });
    await ctx.close();
  });
}

import { expect, expectAccessible, shot, test } from "../support/fixtures";

// Issue 27 #13: the public header is one row at every width. On a phone its links sit behind a "Menu"
// button — a disclosure that opens and closes from the keyboard (Escape gives the focus back) — instead
// of wrapping into two or three rows of links.

for (const width of [1280, 390]) {
  test(`at ${width}px: the public header is one row, its links one tap or key away`, async ({
    browser,
    baseURL,
  }) => {
    const ctx = await browser.newContext({ baseURL, viewport: { width, height: 800 } });
    const page = await ctx.newPage();
    await page.goto("/booking-policies");
    const banner = page.getByRole("banner");
    const nav = banner.getByRole("navigation", { name: "Main" });
    const menu = nav.getByRole("button", { name: "Menu" });
    const book = nav.getByRole("link", { name: "Book now" });
    // One row: the header is no taller than its 44 px controls and their padding.
    expect((await banner.boundingBox())?.height).toBeLessThanOrEqual(72);
    expect((await nav.boundingBox())?.height).toBeLessThanOrEqual(48);
    await expectAccessible(page);
    await shot(page, `header-${width}.png`);

    if (width >= 1024) {
      await expect(menu).toBeHidden();
      await expect(book).toBeVisible();
      await expect(nav.getByRole("link", { name: "Sign in" })).toBeVisible();
      await ctx.close();
      return;
    }

    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(book).toBeHidden();
    const panel = page.locator(`[id="${await menu.getAttribute("aria-controls")}"]`);
    await expect(panel).toBeHidden();

    // Keyboard: Enter opens it, Tab walks into its links, Escape closes it and gives the focus back.
    await menu.focus();
    await page.keyboard.press("Enter");
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await expect(panel).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(nav.getByRole("link", { name: "Services" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(book).toBeFocused();
    await expectAccessible(page);
    await shot(page, `header-menu-open-${width}.png`, { fullPage: false });
    await shot(page, `header-menu-open-full-${width}.png`);
    await page.keyboard.press("Escape");
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(menu).toBeFocused();
    await expect(book).toBeHidden();
    // The header kept its one row while the menu was open (the panel lies over the page).
    expect((await banner.boundingBox())?.height).toBeLessThanOrEqual(72);

    // Space toggles it too; following one of its links closes it.
    await page.keyboard.press("Space");
    await expect(menu).toHaveAttribute("aria-expanded", "true");
    await nav.getByRole("link", { name: "Sign in" }).click();
    await expect(page).toHaveURL(/\/auth\/login/);
    await expect(menu).toHaveAttribute("aria-expanded", "false");
    await expect(nav.getByRole("link", { name: "Sign in" })).toBeHidden();
    await ctx.close();
  });
}

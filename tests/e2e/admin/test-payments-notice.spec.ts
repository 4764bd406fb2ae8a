import { expect, expectAccessible, test, shot } from "../support/fixtures";

// Issue 10 #8: while the built-in test provider takes payments, every back-office page says so, so that
// no one mistakes a test checkout for money taken.
for (const width of [1280, 390]) {
  test(`the back office shows that payments are test payments (${width} px)`, async ({ page, loginAs }) => {
    await page.setViewportSize({ width, height: 900 });
    await loginAs("admin");
    for (const path of ["/admin/help", "/admin/schedule"]) {
      await page.goto(path);
      const note = page.getByRole("note").filter({ hasText: "Test payments — no real money is taken." });
      await expect(note).toBeVisible();
      await expect(note.getByRole("link", { name: "How to take card payments" })).toHaveAttribute(
        "href",
        "/admin/help",
      );
    }
    await expectAccessible(page);
    await shot(page, `admin-test-notice-${width}.png`, { fullPage: false });
  });
}

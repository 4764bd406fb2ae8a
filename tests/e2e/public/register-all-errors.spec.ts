import { expect, expectAccessible, requestRefused, shot, test } from "../support/fixtures";

// Issue 27 #11: registration says everything that is wrong in one answer — the password's strength and
// the confirmation with the other fields' messages, not one group per submit — and each message goes as
// soon as its field is put right (the password's only once it is long enough).

for (const width of [1280, 390]) {
  test(`at ${width}px: registration shows every field's message at once`, async ({
    browser,
    baseURL,
    expectConsole,
  }) => {
    // Each refused registration answers 400, which the browser logs.
    expectConsole(requestRefused(400, "/api/account/register"));
    const ctx = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    const page = await ctx.newPage();
    await page.goto("/auth/register");
    const form = page.getByRole("form", { name: "Create an account" });
    const email = form.getByLabel("Email address");
    const password = form.getByLabel("Password", { exact: true });
    const confirm = form.getByLabel("Confirm password");
    await email.fill("jamie@");
    await form.getByLabel("Phone number").fill("07700 900456");
    await password.fill("short");
    await confirm.fill("different");
    await form.getByRole("button", { name: "Create account" }).click();

    await expect(form.getByLabel("Your name")).toHaveAccessibleDescription("Enter your name.");
    await expect(email).toHaveAccessibleDescription("Enter a valid email address, like name@example.com.");
    await expect(password).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Use at least 10 characters.")).toBeVisible();
    await expect(confirm).toHaveAccessibleDescription("The passwords don't match.");
    await expect(form.getByLabel("Your name")).toBeFocused();
    await expectAccessible(page);
    await shot(page, `register-errors-${width}.png`);

    // Still too short: the message stays. Long enough: it goes.
    await password.fill("short-too");
    await expect(form.getByText("Use at least 10 characters.")).toBeVisible();
    await password.fill("Gleaming-Alloys-2026");
    await expect(form.getByText("Use at least 10 characters.")).toHaveCount(0);
    await expect(password).not.toHaveAttribute("aria-invalid");
    await confirm.fill("Gleaming-Alloys-2026");
    await form.getByLabel("Your name").fill("Jamie Fox");
    await email.fill("jamie@example.test");
    // Every field put right: the summary asking to fix them goes too.
    await expect(form.locator("[aria-invalid='true']")).toHaveCount(0);
    await expect(form.getByText("Please check the highlighted fields.")).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, `register-errors-cleared-${width}.png`);

    // A common password is refused with the other messages too (the server's list, in the same answer).
    await form.getByLabel("Your name").fill("");
    await password.fill("qwertyuiop");
    await confirm.fill("qwertyuiop");
    await form.getByRole("button", { name: "Create account" }).click();
    await expect(form.getByText("Enter your name.")).toBeVisible();
    await expect(
      form.getByText("This password is too common. Choose something harder to guess."),
    ).toBeVisible();
    await ctx.close();
  });
}

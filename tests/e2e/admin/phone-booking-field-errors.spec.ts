import { credentials, expect, expectAccessible, shot, test } from "../support/fixtures";

// Issue 27 #11: a field's message goes as soon as that field is put right — "Enter the make." does not
// stay under "Tesla" until the next submit — for the kit's fields and the form's own controls alike,
// while the fields still wrong keep theirs (aria-invalid, described by the message).

for (const width of [1280, 390]) {
  test(`at ${width}px: the phone booking form clears each field's message when it is put right`, async ({
    browser,
    baseURL,
  }) => {
    const ctx = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
    expect((await ctx.request.post("/api/test/session", { data: credentials.admin })).status()).toBe(200);
    const page = await ctx.newPage();
    await page.goto("/admin/bookings/new");
    const form = page.getByRole("form", { name: "New phone booking" });
    await form.getByRole("radio", { name: "New customer" }).check();
    await form.getByRole("button", { name: "Make the booking" }).click();

    const name = form.getByLabel("Name", { exact: true });
    const make = form.getByLabel("Make");
    const model = form.getByLabel("Model");
    const email = form.getByLabel("Email", { exact: true });
    const size = form.getByLabel("Vehicle size");
    const postcode = form.getByLabel("Postcode");
    await expect(make).toHaveAttribute("aria-invalid", "true");
    await expect(make).toHaveAccessibleDescription("Enter the make.");
    // The first field in error takes the focus (after React commits the answer's messages).
    await expect(name).toBeFocused();
    // The form's own selects and inputs are wired like the kit's fields.
    await expect(size).toHaveAttribute("aria-invalid", "true");
    await expect(size).toHaveAccessibleDescription("Choose the vehicle's size.");
    await expect(postcode).toHaveAccessibleDescription("Enter the postcode.");
    await expect(form.getByText("Please check the highlighted fields.")).toBeVisible();
    await expectAccessible(page);
    await shot(page, `phone-booking-errors-${width}.png`);

    await make.fill("Tesla");
    await expect(form.getByText("Enter the make.")).toHaveCount(0);
    await expect(make).not.toHaveAttribute("aria-invalid");
    await expect(make).toHaveAccessibleDescription("");
    // Only the field put right: the others keep their messages.
    await expect(model).toHaveAttribute("aria-invalid", "true");
    await expect(form.getByText("Enter the model.")).toBeVisible();

    // Emptied again, a required field is not put right; an address the browser refuses is not either.
    await name.fill(" ");
    await expect(name).toHaveAttribute("aria-invalid", "true");
    await name.fill("Robin Caller");
    await expect(name).not.toHaveAttribute("aria-invalid");
    await email.fill("robin@");
    await expect(email).toHaveAttribute("aria-invalid", "true");
    await email.fill("robin@example.test");
    await expect(email).not.toHaveAttribute("aria-invalid");

    await size.selectOption({ index: 1 });
    await expect(form.getByText("Choose the vehicle's size.")).toHaveCount(0);
    await expect(size).not.toHaveAttribute("aria-invalid");
    await postcode.fill("SW9 8AB");
    await expect(form.getByText("Enter the postcode.")).toHaveCount(0);
    await expect(model).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page);
    await shot(page, `phone-booking-errors-cleared-${width}.png`);

    // The next submit checks everything again: what is still wrong comes back, what was put right does not.
    await form.getByRole("button", { name: "Make the booking" }).click();
    const phone = form.getByLabel("Phone", { exact: true });
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toBeFocused();

    await expect(form.getByText("Enter the make.")).toHaveCount(0);
    await expect(form.getByText("Enter the model.")).toBeVisible();
    await ctx.close();
  });
}

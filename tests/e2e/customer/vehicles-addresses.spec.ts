import { createUser, expect, expectAccessible, signInAs, test, shot } from "../support/fixtures";

// Issue 13: a customer keeps their vehicles and addresses — adds, fixes a mistake the form points out,
// edits, picks a default and deletes — at desktop and on a phone.

for (const width of [1280, 390]) {
  test(`saved vehicles and addresses at ${width} px`, async ({ page, request }) => {
    test.slow(); // three pages, each scanned by axe, at two widths
    await page.setViewportSize({ width, height: 900 });
    const c = await createUser(request, { name: "Sam Garage" });
    await page.goto("/");
    await signInAs(page, c);

    // A new account's overview: a welcome and the way to book, nothing pretending to be there.
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Welcome, Sam" })).toBeVisible();
    await expect(page.getByText("Nothing booked yet")).toBeVisible();
    await expect(page.getByRole("link", { name: "Book a service" })).toHaveAttribute("href", "/book");
    await expectAccessible(page);
    await shot(page, `dashboard-welcome-${width}.png`);

    await page.goto("/dashboard/vehicles");
    await expect(page.getByText("No saved vehicles yet")).toBeVisible();
    await expectAccessible(page);
    await page.getByRole("button", { name: "Add a vehicle" }).click();
    let dialog = page.getByRole("dialog", { name: "Add a vehicle" });
    await dialog.getByLabel("Make").fill("Ford");
    await dialog.getByLabel("Registration").fill("!!");
    await dialog.getByRole("button", { name: "Save vehicle" }).click();
    await expect(dialog.getByText("Enter the model.")).toBeVisible();
    await expect(dialog.getByText("Enter the registration, like LB19 XKT.")).toBeVisible();
    await expect(dialog.getByText("Choose the vehicle's size.")).toBeVisible();
    await expectAccessible(page);
    await dialog.getByLabel("Model").fill("Focus");
    await dialog.getByLabel("Registration").fill("ab12 cde");
    await dialog.getByLabel("Size").selectOption({ index: 1 });
    await dialog.getByRole("button", { name: "Save vehicle" }).click();
    await expect(dialog).toBeHidden();
    const list = page.getByRole("list", { name: "Saved vehicles" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list.getByRole("listitem").first()).toContainText("Default");

    await page.getByRole("button", { name: "Add a vehicle" }).click();
    dialog = page.getByRole("dialog", { name: "Add a vehicle" });
    await dialog.getByLabel("Make").fill("Tesla");
    await dialog.getByLabel("Model").fill("Model 3");
    await dialog.getByLabel("Registration").fill("AB12CDE");
    await dialog.getByLabel("Size").selectOption({ index: 1 });
    await dialog.getByRole("button", { name: "Save vehicle" }).click();
    await expect(dialog.getByText("You have already saved a vehicle with this registration.")).toBeVisible();
    await dialog.getByLabel("Registration").fill("TE55 LAA");
    await dialog.getByRole("button", { name: "Save vehicle" }).click();
    await expect(dialog).toBeHidden();
    await expect(list.getByRole("listitem")).toHaveCount(2);

    await list.getByRole("button", { name: "Make default (Tesla Model 3)" }).click();
    await expect(list.getByRole("listitem").first()).toContainText("Tesla Model 3");
    await expect(list.getByRole("listitem").first()).toContainText("Default");

    await list.getByRole("button", { name: "Edit Ford Focus" }).click();
    dialog = page.getByRole("dialog", { name: "Edit Ford Focus" });
    await dialog.getByLabel("Colour").fill("Blue");
    await dialog.getByRole("button", { name: "Save changes" }).click();
    await expect(dialog).toBeHidden();
    await expect(list).toContainText("Blue");

    await list.getByRole("button", { name: "Delete Ford Focus" }).click();
    const confirm = page.getByRole("alertdialog");
    await expect(confirm).toContainText("Bookings you have already made keep their details.");
    await confirm.getByRole("button", { name: "Yes, delete it" }).click();
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list).not.toContainText("Ford Focus");
    await shot(page, `dashboard-vehicles-${width}.png`);

    await page
      .getByRole("navigation", { name: "Your account" })
      .getByRole("link", { name: "Addresses" })
      .click();
    await expect(page).toHaveURL(/\/dashboard\/addresses$/);
    await page.getByRole("button", { name: "Add an address" }).click();
    dialog = page.getByRole("dialog", { name: "Add an address" });
    await dialog.getByLabel("Address line 1").fill("2 Oak Road");
    await dialog.getByLabel("Town or city").fill("London");
    await dialog.getByLabel("Postcode").fill("nowhere");
    await dialog.getByRole("button", { name: "Save address" }).click();
    await expect(dialog.getByText("Enter a full UK postcode, like SW9 8AB.")).toBeVisible();
    await dialog.getByLabel("Postcode").fill("sw9 8ab");
    await dialog.getByLabel("Access and parking notes").fill("Gate code 1234");
    await dialog
      .getByRole("group", { name: "Is there an outside tap we can use?" })
      .getByRole("radio", { name: "Yes" })
      .check();
    await dialog
      .getByRole("group", { name: "Is there a power socket within reach?" })
      .getByRole("radio", { name: "No", exact: true })
      .check();
    await dialog.getByRole("button", { name: "Save address" }).click();
    await expect(dialog).toBeHidden();
    const addresses = page.getByRole("list", { name: "Saved addresses" });
    await expect(addresses).toContainText("2 Oak Road, London, SW9 8AB");
    await expect(addresses).toContainText(
      "Outside tap: yes · Power socket: no · Covered space: not answered",
    );
    await expect(addresses).toContainText("Access: Gate code 1234");
    await expect(addresses).toContainText("Default");
    await expectAccessible(page);
    await shot(page, `dashboard-addresses-${width}.png`);
  });
}

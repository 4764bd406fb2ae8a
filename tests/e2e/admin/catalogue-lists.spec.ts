import { expect, expectAccessible, test } from "../support/fixtures";

test("an admin adds, edits, reorders, deactivates and deletes a category", async ({ page, loginAs }) => {
  await page.goto("/");
  await loginAs("admin");
  await page.goto("/admin/services/categories");
  await expect(page.getByRole("heading", { level: 1, name: "Service categories" })).toBeVisible();
  await expectAccessible(page);
  // The demo's Wash category holds two packages.
  await expect(
    page
      .getByRole("region", { name: /All categories/ })
      .getByRole("listitem")
      .first(),
  ).toContainText("2 services");

  const add = page.getByRole("form", { name: "Add a category" });
  await add.getByRole("button", { name: "Add category" }).click();
  await expect(add.getByText("Enter a name.")).toBeVisible();
  await add.getByLabel("Name").fill("Wash");
  await add.getByRole("button", { name: "Add category" }).click();
  await expect(add.getByText("A category with this name already exists.")).toBeVisible();
  await add.getByLabel("Name").fill("Interior care");
  await add.getByLabel("Description").fill("Seats, carpets and glass");
  await add.getByRole("button", { name: "Add category" }).click();
  await expect(add.getByRole("status")).toHaveText("Category added.");

  const list = page.getByRole("region", { name: /All categories/ }).getByRole("listitem");
  await expect(list.last()).toContainText("Interior care");
  await page.getByRole("button", { name: "Move Interior care up" }).click();
  await expect(list.nth(3)).toContainText("Interior care");

  await page.getByText("Edit Interior care").click();
  const edit = page.getByRole("form", { name: "Edit Interior care" });
  await edit.getByLabel("Name").fill("Interior detailing");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(list.nth(3)).toContainText("Interior detailing");

  await page.getByRole("button", { name: "Deactivate Interior detailing" }).click();
  await expect(list.nth(3)).toContainText("Inactive");

  // A category with services cannot be deleted, and says why.
  await page.getByRole("button", { name: "Delete Wash" }).click();
  // It opens on the safe choice.
  await expect(
    page.getByRole("alertdialog", { name: "Delete Wash?" }).getByRole("button", { name: "Keep" }),
  ).toBeFocused();
  await page
    .getByRole("alertdialog", { name: "Delete Wash?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(
    page.getByRole("alert").filter({ hasText: "Wash can't be deleted: 2 services are in it." }),
  ).toBeVisible();
  await page.getByRole("alertdialog", { name: "Delete Wash?" }).getByRole("button", { name: "Keep" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Delete Wash" })).toBeFocused();

  await page.getByRole("button", { name: "Delete Interior detailing" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete Interior detailing?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByText("Interior detailing")).toHaveCount(0);
  await expectAccessible(page);
});

test("an admin adds a vehicle size with examples, and a priced size cannot be deleted", async ({
  page,
  loginAs,
}) => {
  await page.goto("/");
  await loginAs("admin");
  await page.goto("/admin/services/vehicle-sizes");
  await expectAccessible(page);
  const add = page.getByRole("form", { name: "Add a size" });
  await add.getByLabel("Name").fill("Motorbike");
  await add.getByLabel("Examples").fill("Vespa, Africa Twin");
  await add.getByRole("button", { name: "Add size" }).click();
  await expect(add.getByRole("status")).toHaveText("Size added.");
  await expect(page.getByText("e.g. Vespa, Africa Twin")).toBeVisible();
  await expect(page.getByText("0 prices · 0 customer vehicles")).toBeVisible();
  // The demo's customers have Medium cars: the count is the customers' own vehicles of that size.
  await expect(page.getByRole("listitem").filter({ hasText: "Medium" }).first()).toContainText(
    /\b[1-9]\d* customer vehicles?/,
  );

  await page.getByRole("button", { name: "Delete Small" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete Small?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(
    page.getByRole("alert").filter({ hasText: /Small can't be deleted: \d+ prices use it/ }),
  ).toBeVisible();
  await page
    .getByRole("alertdialog", { name: "Delete Small?" })
    .getByRole("button", { name: "Keep" })
    .click();

  await page.getByRole("button", { name: "Delete Motorbike" }).click();
  await page
    .getByRole("alertdialog", { name: "Delete Motorbike?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByText("e.g. Vespa, Africa Twin")).toHaveCount(0);
});

test("the admin navigation links the catalogue screens", async ({ page, loginAs }) => {
  await page.goto("/");
  await loginAs("admin");
  await page.goto("/admin/help");
  const nav = page.getByRole("navigation", { name: "Admin" });
  await nav.getByRole("link", { name: "Vehicle sizes" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Vehicle sizes" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Vehicle sizes" })).toHaveAttribute("aria-current", "page");
});

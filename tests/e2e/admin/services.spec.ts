import { expect, expectAccessible, PAGE_NOT_FOUND, test } from "../support/fixtures";

test("the services list filters, toggles in place, and opens a service", async ({ page, loginAs }) => {
  await page.goto("/");
  await loginAs("admin");
  await page.goto("/admin/services");
  await expect(page.getByRole("heading", { level: 1, name: "Services" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Services", exact: true })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByText("12 services", { exact: true })).toBeVisible();
  await expectAccessible(page);

  const filters = page.getByRole("search", { name: "Filter services" });
  await filters.getByLabel("Kind").selectOption("addon");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/kind=addon/);
  await expect(page.getByText("4 services match these filters")).toBeVisible();
  await filters.getByLabel("Search").fill("leather");
  await filters.getByRole("button", { name: "Filter" }).click();
  const row = page.getByRole("row", { name: /Leather Clean & Condition/ });
  await expect(row).toContainText("£30.00 – £40.00");
  await expect(row).toContainText("Add-on");

  await row.getByRole("button", { name: "Deactivate Leather Clean & Condition" }).click();
  await expect(row).toContainText("Inactive");
  await row.getByRole("button", { name: "Activate Leather Clean & Condition" }).click();
  await expect(row).toContainText("Active");

  await filters.getByLabel("Search").fill("nothing like this");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page.getByText("No services match these filters.")).toBeVisible();
  await page.getByRole("link", { name: "Show all services" }).click();
  await page.getByRole("link", { name: "Full Valet" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Full Valet" })).toBeVisible();
  // The preview is the public card; its long description is Markdown rendered safely.
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview).toContainText("from £");
  await preview.getByText("What's included").click();
  await expect(preview.locator("strong", { hasText: "hand-applied wax" })).toBeVisible();
  await expectAccessible(page);
});

test("the services list sorts by a column header, keeping the filters", async ({ page, loginAs }) => {
  await page.goto("/");
  await loginAs("admin");
  await page.goto("/admin/services?kind=addon");
  const price = page.getByRole("columnheader", { name: "Price" });
  const firstRow = page.getByRole("row").nth(1);
  await expect(price).toHaveAttribute("aria-sort", "none");

  await price.getByRole("link").click();
  await expect(page).toHaveURL(/kind=addon&sort=price&dir=asc/);
  await expect(price).toHaveAttribute("aria-sort", "ascending");
  await expect(firstRow).toContainText("Pet Hair Removal"); // from £15.00, the cheapest add-on
  await expect(page.getByText("4 services match these filters")).toBeVisible();

  await price.getByRole("link").click();
  await expect(price).toHaveAttribute("aria-sort", "descending");
  await expect(firstRow).toContainText("Headlight Restoration"); // from £40.00
  await expectAccessible(page);

  // Filtering again keeps the order.
  const filters = page.getByRole("search", { name: "Filter services" });
  await filters.getByLabel("Search").fill("clean");
  await filters.getByRole("button", { name: "Filter" }).click();
  await expect(page).toHaveURL(/sort=price&dir=desc/);
  await expect(firstRow).toContainText("Leather Clean & Condition");
  await expect(page.getByRole("row")).toHaveCount(3);
});

test("a service used by a booking cannot be deleted; an edit shows up on the home page", async ({
  page,
  loginAs,
}) => {
  await page.goto("/");
  await loginAs("admin");
  await page.goto("/admin/services?q=wash+%26+vac");
  await page.getByRole("link", { name: "Wash & Vac" }).click();
  await page.getByRole("button", { name: "Delete service" }).click();
  const confirm = page.getByRole("alertdialog", { name: "Delete Wash & Vac?" });
  await expect(confirm).toContainText("Wash & Vac and its prices will be deleted. This cannot be undone.");
  await confirm.getByRole("button", { name: "Delete service" }).click();
  await expect(
    // Other journeys (phone bookings) may book it too: the count is whatever the database holds.
    page.getByRole("alert").filter({ hasText: /^Wash & Vac can't be deleted: \d+ bookings? uses? it\./ }),
  ).toBeVisible();
  await confirm.getByRole("button", { name: "Cancel" }).click();

  const details = page.getByRole("form", { name: "Save changes" });
  await details
    .getByLabel("Short description")
    .fill("A safe hand wash and a thorough vacuum, inside and out.");
  await details.getByLabel("Web address").fill("Bad Slug!");
  await details.getByRole("button", { name: "Save changes" }).click();
  await expect(details.getByText("Use lower-case letters, numbers and single hyphens")).toBeVisible();
  await details.getByLabel("Web address").fill("wash-and-vac");
  await details.getByRole("button", { name: "Save changes" }).click();
  await expect(details.getByRole("status")).toHaveText("Changes saved.");
  await page.goto("/");
  await expect(page.getByText("A safe hand wash and a thorough vacuum, inside and out.")).toBeVisible();
});

test("an unknown service id answers 404", async ({ page, loginAs, expectConsole }) => {
  expectConsole(PAGE_NOT_FOUND);
  await page.goto("/");
  await loginAs("admin");
  for (const id of ["00000000-0000-4000-8000-000000000000", "not-a-uuid"]) {
    const res = await page.goto(`/admin/services/${id}`);
    expect(res?.status()).toBe(404);
    await expect(page.getByText("This page could not be found.")).toBeVisible();
  }
});

test("the image endpoint refuses customers and visitors and non-images", async ({ page, loginAs }) => {
  await page.goto("/");
  const target = "/api/admin/services/00000000-0000-4000-8000-000000000000/image";
  const visitor = await page.request.post(target, {
    multipart: { image: { name: "a.png", mimeType: "image/png", buffer: Buffer.from("x") } },
  });
  expect(visitor.status()).toBe(401);
  await loginAs("customer");
  const customer = await page.request.post(target, {
    multipart: { image: { name: "a.png", mimeType: "image/png", buffer: Buffer.from("x") } },
  });
  expect(customer.status()).toBe(404);
});

test("a demo service's illustration can be replaced with a photo, then removed", async ({
  page,
  loginAs,
}) => {
  await page.goto("/");
  await loginAs("admin");
  await page.goto("/admin/services");
  await page.getByRole("link", { name: "Engine Bay Clean" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Engine Bay Clean" })).toBeVisible();
  const current = page.getByRole("img", { name: "Current photo of Engine Bay Clean" });
  // Seeded: the committed illustration, served as an SVG.
  const before = await current.getAttribute("src");
  expect((await page.request.get(before ?? "")).headers()["content-type"]).toBe("image/svg+xml");

  const sharp = (await import("sharp")).default;
  const png = await sharp({
    create: { width: 800, height: 450, channels: 3, background: { r: 180, g: 83, b: 9 } },
  })
    .png()
    .toBuffer();
  const upload = page.getByRole("form", { name: "Upload a photo" });
  await upload
    .getByLabel("Replace the photo")
    .setInputFiles({ name: "engine.png", mimeType: "image/png", buffer: png });
  await upload.getByRole("button", { name: "Upload new photo" }).click();
  await expect(current).not.toHaveAttribute("src", before ?? "");
  const after = await current.getAttribute("src");
  expect((await page.request.get(after ?? "")).headers()["content-type"]).toBe("image/webp");
  // The illustration it replaced is gone.
  expect((await page.request.get(before ?? "")).status()).toBe(404);
  await expectAccessible(page);

  await upload.getByRole("button", { name: "Remove photo" }).click();
  await expect(current).toHaveCount(0);
  await expect(page.getByText("No photo yet.")).toBeVisible();
  expect((await page.request.get(after ?? "")).status()).toBe(404);
});

import sharp from "sharp";
import { createUser, expect, expectAccessible, requestRefused, signInAs, test } from "../support/fixtures";

// A business that has just installed Forecourt: settings only, no catalogue. The admin builds the whole
// catalogue through the screens, and the home page shows it with the right "from" price.
test("an admin builds a catalogue from an empty database and the home page shows it", async ({
  page,
  expectConsole,
}) => {
  test.setTimeout(120_000);
  await page.goto("/");
  await expect(page.getByText("Our services are being updated")).toBeVisible();

  const owner = await createUser(page.request, { role: "admin", name: "Sam Owner" });
  await signInAs(page, owner);

  // The services list leads a new admin to what comes first.
  await page.goto("/admin/services");
  await expect(page.getByText("No services yet")).toBeVisible();
  await expectAccessible(page);
  await page.getByRole("link", { name: "Add a category" }).click();

  const addCategory = page.getByRole("form", { name: "Add a category" });
  await addCategory.getByLabel("Name").fill("Ceramic protection");
  await addCategory.getByLabel("Description").fill("Long-lasting gloss and protection.");
  await addCategory.getByRole("button", { name: "Add category" }).click();
  await expect(addCategory.getByRole("status")).toHaveText("Category added.");

  await page.goto("/admin/services/vehicle-sizes");
  for (const [name, examples] of [
    ["Small", "Fiesta, Polo"],
    ["Large", "X5, Range Rover"],
  ]) {
    const add = page.getByRole("form", { name: "Add a size" });
    await add.getByLabel("Name").fill(name ?? "");
    await add.getByLabel("Examples").fill(examples ?? "");
    await add.getByRole("button", { name: "Add size" }).click();
    await expect(add.getByRole("status")).toHaveText("Size added.");
  }

  await page.goto("/admin/services/new");
  await expectAccessible(page);
  const form = page.getByRole("form", { name: "Create service" });
  await form.getByRole("button", { name: "Create service" }).click();
  await expect(form.getByText("Enter a name.")).toBeVisible();
  await expect(form.getByText("Choose a category.")).toBeVisible();
  await form.getByLabel("Name").fill("Ceramic Shield");
  await form.getByLabel("Category", { exact: true }).selectOption({ label: "Ceramic protection" });
  await form.getByLabel("Short description").fill("Two-year ceramic coating, hand applied.");
  await form
    .getByLabel("Full description")
    .fill("Includes:\n\n- a **decontamination** wash\n- one-step polish");
  await form.getByRole("button", { name: "Create service" }).click();

  await expect(page.getByRole("heading", { level: 1, name: "Ceramic Shield" })).toBeVisible();
  await expect(page.getByText("Ceramic Shield was created.")).toBeVisible();
  const preview = page.getByRole("region", { name: "Preview" });
  await expect(preview).toContainText("it has no price for any active vehicle size");

  // A photo: a non-image is refused; a real one is re-encoded and shown.
  const serviceId = new URL(page.url()).pathname.split("/").at(-1) ?? "";
  expectConsole(requestRefused(400, `/api/admin/services/${serviceId}/image`));
  const upload = page.getByRole("form", { name: "Upload a photo" });
  await upload.getByLabel("Upload a photo").setInputFiles({
    name: "not-a-photo.jpg",
    mimeType: "image/jpeg",
    buffer: Buffer.from("this is text pretending to be a JPEG"),
  });
  await upload.getByRole("button", { name: "Upload photo" }).click();
  await expect(upload.getByRole("alert")).toContainText("isn't an image we can use");
  const jpeg = await sharp({
    create: { width: 1200, height: 800, channels: 3, background: { r: 16, g: 110, b: 100 } },
  })
    .jpeg()
    .toBuffer();
  await upload
    .getByLabel("Upload a photo")
    .setInputFiles({ name: "shield.jpg", mimeType: "image/jpeg", buffer: jpeg });
  await upload.getByRole("button", { name: "Upload photo" }).click();
  await expect(page.getByRole("img", { name: "Current photo of Ceramic Shield" })).toBeVisible();
  const src = await page.getByRole("img", { name: "Current photo of Ceramic Shield" }).getAttribute("src");
  const image = await page.request.get(src ?? "");
  expect(image.headers()["content-type"]).toBe("image/webp");

  // Its row of the matrix, right there: a bad cell is refused, then Small is priced and Large is not.
  await page.getByLabel("Ceramic Shield, Small — price").fill("abc");
  await page.getByLabel("Ceramic Shield, Small — minutes").fill("240");
  await page.getByRole("button", { name: "Save prices" }).click();
  await expect(page.getByText("Enter a price like 45 or 45.50.")).toBeVisible();
  await page.getByLabel("Ceramic Shield, Small — price").fill("349");
  await page.getByRole("button", { name: "Save prices" }).click();
  await expect(page.getByText("Saved 1 price.")).toBeVisible();
  await expect(preview).toContainText("from £349.00");
  await expect(preview).not.toContainText("Customers can't see it yet");
  await expectAccessible(page);

  // The whole grid: price Large too.
  await page.goto("/admin/services/pricing");
  await page.getByLabel("Ceramic Shield, Large — price").fill("449.50");
  await page.getByLabel("Ceramic Shield, Large — minutes").fill("300");
  await page.getByRole("button", { name: "Save all" }).click();
  await expect(page.getByText("Saved 1 price.")).toBeVisible();

  // And where the business travels.
  const addZone = page.getByRole("form", { name: "Add a zone" });
  await addZone.getByLabel("Name").fill("Brixton");
  await addZone.getByLabel("Postcode prefixes").fill("sw9, SW2");
  await addZone.getByLabel("Travel fee").fill("4.50");
  await addZone.getByRole("button", { name: "Add zone" }).click();
  await expect(page.getByRole("list", { name: "Postcode prefixes of Brixton" })).toContainText("SW9");
  const check = page.getByRole("form", { name: "Check a postcode" });
  await check.getByLabel("Postcode").fill("sw98ab");
  await check.getByRole("button", { name: "Check" }).click();
  await expect(check).toContainText("SW9 8AB is in Brixton");
  // A prefix belongs to one active zone; a zone can be switched off and deleted.
  await addZone.getByLabel("Name").fill("Stockwell");
  await addZone.getByLabel("Postcode prefixes").fill("SW9 8");
  await addZone.getByRole("button", { name: "Add zone" }).click();
  await expect(page.getByRole("list", { name: "Postcode prefixes of Stockwell" })).toContainText("SW9 8");
  await expect(check).toContainText("SW9 8AB is in Stockwell"); // the longer prefix wins, re-checked
  await page.getByRole("button", { name: "Deactivate Stockwell" }).click();
  await expect(check).toContainText("SW9 8AB is in Brixton");
  await expect(check).toContainText("The inactive zone Stockwell also covers it");
  await page.getByRole("button", { name: "Delete Stockwell" }).click();
  await page
    .getByRole("alertdialog", { name: /^Delete Stockwell\?/ })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(page.getByRole("list", { name: "Postcode prefixes of Stockwell" })).toHaveCount(0);
  await expectAccessible(page);

  // The public home page shows all of it.
  await page.goto("/");
  const category = page.getByRole("heading", { level: 3, name: "Ceramic protection" });
  await expect(category).toBeVisible();
  const card = page.getByRole("listitem").filter({ hasText: "Ceramic Shield" });
  await expect(card).toContainText("from £349.00");
  await expect(card).toContainText("4 h – 5 h");
  await expect(card).toContainText("Two-year ceramic coating, hand applied.");
  await card.getByText("What's included").click();
  await expect(card.locator("strong", { hasText: "decontamination" })).toBeVisible();
  await page.getByLabel("Your postcode").fill("SW2 1AA");
  await page.getByRole("button", { name: "Check" }).click();
  await expect(page.getByText("£4.50")).toBeVisible();
  await expectAccessible(page);
});

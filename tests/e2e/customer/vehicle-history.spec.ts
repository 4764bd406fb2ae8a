import { expect, expectAccessible, shot, test } from "../support/fixtures";

// Issue 17: a vehicle's service history — the jobs done, their notes, who did them — and what is due
// again, for the customer (who books it in one click) and for the admin on the customer's profile.
// The demo customer's Golf had a paint sealant seven months ago (six-month interval) and a full valet
// three weeks ago with job notes.

for (const width of [1280, 390]) {
  test(`the customer reads their vehicle's history and books what is due, at ${width} px`, async ({
    page,
    loginAs,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await loginAs("customer");
    await page.goto("/dashboard/vehicles");
    const golf = page
      .getByRole("list", { name: "Saved vehicles" })
      .getByRole("listitem")
      .filter({ hasText: "LB19" })
      .first();
    const due = golf.getByRole("list", { name: /What is due for Volkswagen Golf/ });
    await expect(due).toContainText("Due now");
    await expect(due).toContainText("Paint Sealant: due since");
    await golf.getByText(/Service history \(\d+ jobs?\)/).click();
    const history = golf.getByRole("list", { name: /Service history of Volkswagen Golf/ });
    await expect(history).toContainText("a small stone chip on the bonnet");
    await expect(history).toContainText("Full Valet");
    await expect(history).toContainText("Sealant applied to paint and wheels.");
    await expectAccessible(page);
    await shot(page, `vehicle-history-${width}.png`);

    await due.getByRole("link", { name: /Book Paint Sealant/ }).click();
    await expect(page).toHaveURL(/\/book\?.*service=paint-sealant/);
    // The service, vehicle and address are chosen: the wizard opens at the first step still to answer.
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(new URL(page.url()).searchParams.get("vehicle")).toBeTruthy();
  });
}

test("the admin sees the vehicle's history on the customer's profile", async ({ page, loginAs }) => {
  await loginAs("admin");
  await page.goto("/admin/customers?q=Priya");
  await page.getByRole("link", { name: "Priya Shah" }).first().click();
  const vehicles = page.getByRole("region", { name: "Vehicles" });
  await expect(vehicles).toContainText("Paint Sealant: due since");
  await vehicles
    .getByText(/Service history \(\d+ jobs?\)/)
    .first()
    .click();
  await expect(vehicles).toContainText("a small stone chip on the bonnet");
  // The admin reads it; booking it is the profile's "New booking", not a customer link.
  await expect(vehicles.getByRole("link", { name: /Book Paint Sealant/ })).toHaveCount(0);
  await expectAccessible(page);
  await shot(page, "vehicle-history-admin.png");
});

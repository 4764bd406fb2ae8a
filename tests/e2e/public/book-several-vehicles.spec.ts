import { expect, expectAccessible, requestRefused, shot, test, uniqueEmail } from "../support/fixtures";

// Issue 31 / ADR 0050: a family books two cars in one visit. The second car is added after the first's
// extras, doing the same as the first; each is priced for its size, the bundle line (10% off the cheaper
// car, 15 minutes saved: the demo business's rule) shows as its own line, and the booking lists both cars.
// The same registration twice is refused under its field.

test.describe.configure({ mode: "serial" });

const VIEWPORTS = [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const;

test.beforeAll(async ({ request }) => {
  expect((await request.post("/api/test/settings", { data: { paymentMode: "on_the_day" } })).ok()).toBe(true);
});
test.afterAll(async ({ request }) => {
  await request.post("/api/test/settings", { data: { paymentMode: "deposit" } });
});

for (const [label, viewport] of VIEWPORTS) {
  test.describe(label, () => {
    test.use({ viewport });

    test(`a family books two cars in one visit (${label})`, async ({ page, expectConsole }) => {
      // The registration the visit already has is refused by the step's check.
      expectConsole(requestRefused(400, "/api/book/step"));
      const plate = label === "desktop" ? "KX70 ABC" : "KX70 ABD";
      await page.goto("/book?service=exterior-wash");
      await expect(page.getByRole("heading", { level: 1, name: "Your vehicle" })).toBeVisible();
      await page.getByRole("radio", { name: /^Medium/ }).check();
      await page.getByLabel("Make", { exact: true }).fill("Volkswagen");
      await page.getByLabel("Model", { exact: true }).fill("Golf");
      await page.getByLabel("Registration").fill("lb19 xkt");
      await page.getByRole("button", { name: "Continue" }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Any extras?" })).toBeVisible();
      await page.getByRole("checkbox", { name: /Pet Hair Removal/ }).check();
      await shot(page, `several-vehicles-addons-${label}.png`, { fullPage: false });
      await page.getByRole("button", { name: "Add another vehicle to this visit" }).click();

      await expect(
        page.getByRole("heading", { level: 1, name: "More vehicles in this visit" }),
      ).toBeVisible();
      const visit = page.getByRole("region", { name: "In this visit" });
      await expect(visit.getByText("1. Volkswagen Golf — LB19XKT (Medium)")).toBeVisible();
      await expect(visit.getByText("Exterior Wash + Pet Hair Removal")).toBeVisible();
      // One vehicle so far reads as one (issue 41 §3).
      await expect(page.getByRole("link", { name: "Continue with 1 vehicle", exact: true })).toBeVisible();
      await expectAccessible(page);

      const add = page.getByRole("form", { name: "Add a vehicle" });
      await add.getByRole("radio", { name: "Large", exact: true }).check();
      await add.getByLabel("Make", { exact: true }).fill("Volvo");
      await add.getByLabel("Model", { exact: true }).fill("XC90");
      await add.getByLabel("Registration").fill("LB19XKT");
      await add.getByRole("button", { name: "Add this vehicle" }).click();
      await expect(add.getByText("This vehicle is already in the visit.")).toBeVisible();
      await add.getByLabel("Registration").fill(plate);
      await add.getByRole("button", { name: "Add this vehicle" }).click();

      const plateShown = plate.replace(" ", "");
      await expect(visit.getByText(`2. Volvo XC90 — ${plateShown} (Large)`)).toBeVisible();
      await expect(visit.getByText("The same as the first: Exterior Wash + Pet Hair Removal")).toBeVisible();
      // £30 + £20 for the Golf, £35 + £25 for the Volvo, 10% off the cheaper car; no travel fee yet.
      if (label === "phone") await page.getByText("Your booking").filter({ visible: true }).first().click();
      await expect(
        page
          .getByText("2 vehicles: 10% off the cheaper one, 15 min saved setting up once")
          .filter({ visible: true })
          .first(),
      ).toBeVisible();
      await expect(page.getByText("£105.00").filter({ visible: true }).first()).toBeVisible();
      await expectAccessible(page);
      await shot(page, `several-vehicles-step-${label}.png`);
      await page.getByRole("link", { name: "Continue with 2 vehicles" }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Where should we come?" })).toBeVisible();
      await page.getByLabel("Postcode").fill("SW9 8AB");
      await page.getByLabel("Address line 1").fill("12 Acre Lane");
      await page.getByLabel("Town or city").fill("London");
      await page.getByRole("button", { name: "Continue" }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Choose a date and time" })).toBeVisible();
      await page
        .getByRole("region", { name: /^Times on/ })
        .getByRole("link")
        .first()
        .click();

      await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
      await page.getByLabel("Your name").fill("Pat Family");
      await page.getByLabel("Email address").fill(uniqueEmail("family"));
      await page.getByLabel("Phone number").fill("07700 900321");
      await page.getByRole("button", { name: "Continue" }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Check and book" })).toBeVisible();
      const review = page.getByRole("form", { name: "Review and book" });
      await expect(review.getByText(`Volvo XC90 — ${plateShown} (Large)`)).toBeVisible();
      const items = page.getByRole("table", { name: "Items, time and price" });
      await expect(items.getByRole("rowheader", { name: "Vehicle 2: Exterior Wash" })).toBeVisible();
      await expect(items.getByText("−£5.00")).toBeVisible();
      await expect(items.getByText("2 h 45 min")).toBeVisible();
      await expect(page.getByText("Nothing to pay now — you pay £105.00 on the day.")).toBeVisible();
      await expectAccessible(page);
      await shot(page, `several-vehicles-review-${label}.png`);
      await page.getByLabel("I accept the booking policies").check();
      await page.getByRole("button", { name: "Confirm booking" }).click();

      await expect(page.getByRole("heading", { level: 1, name: /booked|confirmed/i })).toBeVisible();
      await expect(page.getByText(new RegExp(plateShown)).first()).toBeVisible();
      await expect(page.getByText("LB19XKT").first()).toBeVisible();
      await expectAccessible(page);
      await shot(page, `several-vehicles-booked-${label}.png`);
    });
  });
}

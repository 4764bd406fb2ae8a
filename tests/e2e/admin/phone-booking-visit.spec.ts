import { credentials, expect, expectAccessible, test, uniqueEmail, shot } from "../support/fixtures";
import { workingDayFrom } from "../support/days";

// Issue 31 (ADR 0050): the business books a family's two cars as one visit on the phone — each vehicle
// with its own size and job, the bundle line in the price, one time for the whole visit — and the
// booking's page lists both vehicles and whose each line is. Bad input on the second vehicle is
// refused under its own fields. The pricing, the limits and the writes are proven on both databases by
// phone-booking-visit.integration.test.ts; this is the screen.

const weekdayFrom = (offset: number): string => workingDayFrom(offset, 1);

test("the business books two cars in one visit on the phone; the booking lists both", async ({
  browser,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const ctx = await browser.newContext({ baseURL, viewport: { width: 1280, height: 900 } });
  expect((await ctx.request.post("/api/test/session", { data: credentials.admin })).status()).toBe(200);
  const page = await ctx.newPage();
  await page.goto("/admin/bookings/new");
  const form = page.getByRole("form", { name: "New phone booking" });
  await form.getByRole("radio", { name: "New customer" }).check();
  await form.getByLabel("Name", { exact: true }).fill("Fam Ily");
  await form.getByLabel("Phone", { exact: true }).fill("07700 900555");
  await form.getByLabel("Email", { exact: true }).fill(uniqueEmail("family"));
  await form.getByLabel("Make").fill("Honda");
  await form.getByLabel("Model").fill("Jazz");
  await form.getByLabel("Registration").fill("FA21 MLY");
  await form.getByLabel("Service", { exact: true }).selectOption({ label: "Wash: Wash & Vac" });
  await form.getByLabel("Vehicle size").selectOption({ label: "Small" });

  await form.getByRole("button", { name: "Add another vehicle" }).click();
  const second = form.getByRole("group", { name: "Vehicle 2" });
  await expect(form.getByRole("group", { name: "Vehicle 1" })).toBeVisible();
  await second.getByLabel("Service", { exact: true }).selectOption({ label: "Wash: Wash & Vac" });
  await second.getByLabel("Vehicle size").selectOption({ label: "Large" });
  await form.getByLabel("Postcode").fill("SW9 8AB");
  await form.getByLabel("Address line 1").fill("9 Visit Road");
  await form.getByLabel("Town or city").fill("London");
  const price = page.getByRole("group", { name: "Price" });
  await expect(price).toContainText("Vehicle 2: Wash & Vac");
  await expect(price).toContainText("2 vehicles: 10% off the cheaper one, 15 min saved setting up once");

  // A day no other spec books (the weather days take 34–46 days ahead; others 3–33, 47, 48, 55 and on).
  await form.getByLabel("Day", { exact: true }).fill(weekdayFrom(51));
  const times = form.getByRole("group", { name: /^Free times on/ });
  await times.locator("label").first().click();
  await form.getByRole("radio", { name: /^Pay on the day/ }).check();

  // The second vehicle typed in half: refused under its own field, nothing made.
  await form.getByRole("button", { name: "Make the booking" }).click();
  await expect(second.getByText("Enter the registration.")).toBeVisible();
  await expect(page).toHaveURL("/admin/bookings/new");
  await expectAccessible(page);
  await shot(page, "phone-visit-refused-1280.png", { fullPage: true });

  await second.getByLabel("Make").fill("Volvo");
  await second.getByLabel("Model").fill("XC90");
  await second.getByLabel("Registration").fill("FA22 MLY");
  await form.getByRole("button", { name: "Make the booking" }).click();
  await expect(page).toHaveURL(/\/admin\/bookings\/[0-9a-f-]{36}$/);
  const job = page.getByRole("region", { name: "Job" });
  await expect(job).toContainText("Vehicles (2)");
  await expect(job).toContainText("Honda Jazz, FA21MLY · Small");
  await expect(job).toContainText("Volvo XC90, FA22MLY · Large");
  await expect(page.getByText("Wash & Vac — FA22MLY").first()).toBeVisible();
  await expect(page.getByText(/^2 vehicles: 10% off the cheaper one/).first()).toBeVisible();
  await expectAccessible(page);
  await shot(page, "phone-visit-booked-1280.png", { fullPage: true });

  // The form with two vehicles at a phone's width.
  await page.setViewportSize({ width: 390, height: 900 });
  await page.goto("/admin/bookings/new");
  await form.getByRole("button", { name: "Add another vehicle" }).click();
  await expect(form.getByRole("group", { name: "Vehicle 2" })).toBeVisible();
  await expectAccessible(page);
  await shot(page, "phone-visit-form-390.png", { fullPage: true });
  await form.getByRole("button", { name: "Remove vehicle 2" }).click();
  await expect(form.getByRole("group", { name: "Vehicle 2" })).toHaveCount(0);
  await ctx.close();
});

import type { Page } from "@playwright/test";
import { expect, expectAccessible, requestRefused, test, uniqueEmail } from "../support/fixtures";

// The server decides: a price, duration, size, service or time changed in the page before submitting
// changes nothing about the booking — it is refused with a message, or the extra values are ignored.

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

async function toReview(page: Page) {
  await page.goto("/book?service=exterior-wash");
  await page.getByRole("radio", { name: /^Medium/ }).check();
  await page.getByLabel("Make", { exact: true }).fill("Audi");
  await page.getByLabel("Model", { exact: true }).fill("A3");
  await page.getByLabel("Registration").fill("AU19 DIA");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Any extras?" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Postcode").fill("SE5 9NR");
  await page.getByLabel("Address line 1").fill("12 Coldharbour Lane");
  await page.getByLabel("Town or city").fill("London");
  await page.getByRole("button", { name: "Continue" }).click();
  await page
    .getByRole("region", { name: /^Times on/ })
    .getByRole("link")
    .first()
    .click();
  await page.getByLabel("Your name").fill("Tam Perer");
  await page.getByLabel("Email address").fill(uniqueEmail("tamper"));
  await page.getByLabel("Phone number").fill("07700 900321");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check and book" })).toBeVisible();
  await page.getByRole("checkbox", { name: "I accept the booking policies" }).check();
}

const setHidden = (page: Page, name: string, value: string) =>
  page.locator(`form[aria-label="Review and book"] input[type=hidden][name=${name}]`).evaluate((el, v) => {
    (el as HTMLInputElement).value = v;
  }, value);

for (const [label, viewport] of VIEWPORTS) {
  test.describe(label, () => {
    test.use({ viewport });

    test(`tampered values in the page change nothing (${label})`, async ({ page, expectConsole }) => {
      // Each tampered submission is refused (400), the one for a time that is not free with 409.
      expectConsole(requestRefused(400, "/api/book"));
      expectConsole(requestRefused(409, "/api/book"));
      await toReview(page);
      const form = page.getByRole("form", { name: "Review and book" });
      const start = await form.locator("input[name=start]").inputValue();

      // A start that was never offered.
      await setHidden(page, "start", new Date(new Date(start).getTime() + 10 * 60_000).toISOString());
      await page.getByRole("button", { name: "Confirm booking" }).click();
      await expect(
        form.getByText("That time can't be booked. Please choose one of the times shown.").first(),
      ).toBeVisible();
      await expect(page).toHaveURL(/step=review/);
      await expectAccessible(page);

      // An add-on where the package should be; then a size that is not a size. (After each refusal the
      // page puts its own values back.)
      await setHidden(page, "service", "pet-hair-removal");
      await page.getByRole("button", { name: "Confirm booking" }).click();
      const problems = form.getByRole("alert").filter({ hasText: "Please check:" });
      await expect(problems).toContainText("Service: That service isn't available to book online.");
      await setHidden(page, "size", "not-a-size");
      await page.getByRole("button", { name: "Confirm booking" }).click();
      await expect(problems).toContainText("Your vehicle: Choose your vehicle's size.");

      // Prices, durations and a team added to the form are ignored: the booking is priced by the server.
      await page.reload();
      await page.getByRole("checkbox", { name: "I accept the booking policies" }).check();
      await form.evaluate((el) => {
        const extras: [string, string][] = [
          ["totalMinor", "1"],
          ["priceMinor", "1"],
          ["durationMinutes", "5"],
          ["depositDueMinor", "0"],
          ["teamId", "00000000-0000-4000-8000-000000000000"],
        ];
        for (const [name, value] of extras) {
          const input = document.createElement("input");
          input.type = "hidden";
          input.name = name;
          input.value = value;
          el.appendChild(input);
        }
      });
      const sent = page.waitForRequest((r) => r.url().endsWith("/api/book") && r.method() === "POST");
      await page.getByRole("button", { name: "Confirm booking" }).click();
      expect((await sent).postDataJSON()).toMatchObject({ totalMinor: "1", durationMinutes: "5" });
      await expect(page).toHaveURL(/\/booking\/success\?ref=FC-/);
      // Exterior Wash for a medium vehicle: £30.00, whatever was sent.
      await expect(page.getByText("£30.00").first()).toBeVisible();
      await expect(page.getByText("£0.01")).toHaveCount(0);
    });
  });
}

test("the booking endpoint refuses a size the service isn't offered for and a postcode outside the area", async ({
  page,
}) => {
  await page.goto("/book?service=ceramic-coating");
  // The page offers no extra-large ceramic coating …
  const xl = await page.getByRole("radio", { name: /^Extra large/ }).getAttribute("value");
  await expect(page.getByRole("radio", { name: /^Extra large/ })).toBeDisabled();
  await expectAccessible(page);
  // … and the endpoint refuses one sent anyway.
  const res = await page.request.post("/api/book", {
    data: {
      run: "TamperTamperTamperTamp",
      runSecret: "SecretSecretSecretSecr",
      service: "ceramic-coating",
      size: xl,
      postcode: "N1 9GU",
      start: new Date(Date.now() + 7 * 86_400_000).toISOString(),
      vehicleDetails: { make: "BMW", model: "X5", registration: "BM19 XXX" },
      addressDetails: { line1: "1 Upper Street", town: "London" },
      contact: { name: "Tam", email: "tamper-api@example.test", phone: "07700 900000" },
      acceptPolicies: true,
      totalMinor: 1,
    },
  });
  expect(res.status()).toBe(400);
  const body = await res.json();
  expect(body.fieldErrors.size[0]).toContain("isn't offered for extra large");
  expect(body.fieldErrors.postcode[0]).toContain("we don't cover N1 9GU");
});

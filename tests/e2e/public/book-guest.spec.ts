import { expect, expectAccessible, requestRefused, test, uniqueEmail } from "../support/fixtures";

// A guest books with nothing to pay online (payment on the day): every step, the summary, refresh and
// back keeping what was typed, and a resubmit after booking answering with the same booking.

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

    test(`a guest books and pays on the day (${label})`, async ({ page, expectConsole }) => {
      // The whole wizard with eight accessibility scans: about 25 s on two busy cores.
      test.setTimeout(60_000);
      // Steps sent empty or out of the area, and a review sent without its consent, are refused with 400.
      expectConsole(requestRefused(400, "/api/book/step"));
      expectConsole(requestRefused(400, "/api/book"));
      await page.goto("/book?service=exterior-wash");
      await expect(page.getByRole("heading", { level: 1, name: "Your vehicle" })).toBeVisible();
      await expect(page).toHaveURL(/run=[A-Za-z0-9_-]{22}/);
      await expect(page.getByText("Your booking").filter({ visible: true }).first()).toBeVisible();
      await expectAccessible(page);

      // Field messages come from the server, under their fields.
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByText("Choose your vehicle's size.")).toBeVisible();
      await expect(page.getByText("Enter the registration.")).toBeVisible();
      await page.getByRole("radio", { name: /^Medium/ }).check();
      await page.getByLabel("Make", { exact: true }).fill("Volkswagen");
      await page.getByLabel("Model", { exact: true }).fill("Golf");
      await page.getByLabel("Registration").fill("lb19 xkt");
      await page.getByLabel("Colour").fill("Grey");
      await page.getByRole("button", { name: "Continue" }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Any extras?" })).toBeVisible();
      // Nothing personal ever goes into the address bar.
      expect(page.url()).not.toMatch(/LB19|Golf|Volkswagen/i);
      await expectAccessible(page);
      await page.getByRole("checkbox", { name: /Pet Hair Removal/ }).check();
      await page.getByRole("button", { name: "Continue" }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Where should we come?" })).toBeVisible();
      // The running total (£30 + £20, no travel fee yet) — one line on a phone.
      await expect(page.getByText("£50.00").filter({ visible: true }).first()).toBeVisible();
      await expectAccessible(page);
      await page.getByLabel("Postcode").fill("N1 9GU");
      await page.getByLabel("Address line 1").fill("24 Acre Lane");
      await page.getByLabel("Town or city").fill("London");
      await page.getByRole("button", { name: "Continue" }).click();
      await expect(page.getByText("Sorry — we don't cover N1 9GU yet.")).toBeVisible();
      await page.getByLabel("Postcode").fill("se10 9nf");
      await page.getByRole("button", { name: "Continue" }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Choose a date and time" })).toBeVisible();
      await expect(page).toHaveURL(/postcode=SE10%209NF/);
      if (label === "phone") await page.getByText("Your booking").filter({ visible: true }).first().click();
      await expect(
        page.getByText("Travel to Greenwich & Lewisham").filter({ visible: true }).first(),
      ).toBeVisible();
      await expect(page.getByText("£57.50").filter({ visible: true }).first()).toBeVisible();
      await expect(page.getByText(/Times are in London time \((GMT|BST)\)/)).toBeVisible();
      await expectAccessible(page);

      // Back keeps what was typed (it lives in this tab, not in the link).
      await page.goBack();
      await expect(page.getByLabel("Address line 1")).toHaveValue("24 Acre Lane");
      await page.goForward();
      await expect(page.getByRole("heading", { level: 1, name: "Choose a date and time" })).toBeVisible();

      const times = page.getByRole("region", { name: /^Times on/ });
      const slot = times.getByRole("link").first();
      const time = (await slot.textContent())?.trim() ?? "";
      await slot.click();

      await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
      await expectAccessible(page);
      const email = uniqueEmail("guest-book");
      await page.getByLabel("Your name").fill("Sam Guest");
      await page.getByLabel("Email address").fill(email);
      await page.getByLabel("Phone number").fill("07700 900123");
      await page
        .getByRole("group", { name: "Is there an outside tap we can use?" })
        .getByRole("radio", { name: "Yes" })
        .check();
      await page.getByRole("button", { name: "Continue" }).click();

      await expect(page.getByRole("heading", { level: 1, name: "Check and book" })).toBeVisible();
      await page.reload();
      const review = page.getByRole("form", { name: "Review and book" });
      await expect(review.getByText("Volkswagen Golf, Grey — LB19XKT (Medium)")).toBeVisible();
      await expect(review.getByText(/24 Acre Lane, London, SE10 9NF/)).toBeVisible();
      await expect(review.getByText(`Sam Guest · ${email} · 07700 900123`)).toBeVisible();
      await expect(page.getByText("Nothing to pay now — you pay £57.50 on the day.")).toBeVisible();
      // This booking's own promise: free until a date and time 24 hours before its start (or, for the
      // first time shown when that is sooner, that it starts within the window) — and paid on the day, so
      // a late cancellation can keep nothing: the line says so in this booking's terms.
      await expect(
        page.getByText(
          /Cancel free of charge until \w{3} \d{1,2} \w{3}, \d\d:\d\d (GMT|BST) \(24 hours before the start\)\. Nothing is paid before the day, so cancelling later costs nothing|This booking starts within 24 hours, the free-cancellation window, but nothing is paid before the day, so cancelling costs nothing/,
        ),
      ).toBeVisible();
      await expect(page.getByText(/You can ask to move a booking up to 24 hours/)).toBeVisible();
      await expect(page.getByRole("link", { name: "Read the booking policies" })).toHaveAttribute(
        "href",
        "/booking-policies",
      );
      await expect(page.getByText(new RegExp(time)).filter({ visible: true }).first()).toBeVisible();
      await expectAccessible(page);

      await page.getByRole("button", { name: "Confirm booking" }).click();
      await expect(page.getByText("Please read and accept the booking policies to continue.")).toBeVisible();
      await page.getByRole("checkbox", { name: "I accept the booking policies" }).check();
      await page.getByRole("button", { name: "Confirm booking" }).click();

      await expect(page).toHaveURL(/\/booking\/success\?ref=FC-[A-Z0-9]{6}&token=/);
      const ref = new URL(page.url()).searchParams.get("ref") ?? "";
      await expect(page.getByText(ref).first()).toBeVisible();
      await expectAccessible(page);

      // Back, and book again: the same booking, never a second one.
      await page.goBack();
      await expect(page.getByRole("heading", { level: 1, name: "Check and book" })).toBeVisible();
      await expect(page.getByText(`You've already made this booking (${ref}).`)).toBeVisible();
      await page.getByRole("checkbox", { name: "I accept the booking policies" }).check();
      await page.getByRole("button", { name: "Confirm booking" }).click();
      await expect(page).toHaveURL(new RegExp(`/booking/success\\?ref=${ref}&`));
    });
  });
}

test("a link with choices opens at the step it names, with nothing of anyone's details", async ({ page }) => {
  await page.goto("/book?service=full-valet&step=review");
  // No size yet: the wizard goes to the first step that needs an answer.
  await expect(page.getByRole("heading", { level: 1, name: "Your vehicle" })).toBeVisible();
  await expect(page).toHaveURL(/step=vehicle/);
  await expect(page.getByLabel("Make", { exact: true })).toHaveValue("");
  // Someone else's saved vehicle id in a link means nothing to a guest.
  await page.goto("/book?service=full-valet&vehicle=3f2504e0-4f89-41d3-9a0c-0305e82c3301&step=addons");
  await expect(page.getByRole("heading", { level: 1, name: "Your vehicle" })).toBeVisible();
  await expectAccessible(page);
  // An unknown service is explained on the first step.
  await page.goto("/book?service=no-such-thing&step=vehicle");
  await expect(page.getByRole("heading", { level: 1, name: "Choose a service" })).toBeVisible();
  await expect(page.getByText("That service isn't available to book online.")).toBeVisible();
  await expectAccessible(page);
});

test("a refresh keeps the chosen size; a later step's link in a new tab starts where details are missing", async ({
  page,
  context,
}) => {
  await page.goto("/book?service=exterior-wash");
  await expect(page.getByRole("heading", { level: 1, name: "Your vehicle" })).toBeVisible();
  await page.getByRole("radio", { name: /^Large/ }).check();
  // The size is a choice: it goes into the address bar at once (nothing typed does) …
  await expect(page).toHaveURL(/size=[0-9a-f-]{36}/);
  await page.getByLabel("Make", { exact: true }).fill("Land Rover");
  await page.reload();
  // … so a refresh keeps it.
  await expect(page.getByRole("radio", { name: /^Large/ })).toBeChecked();
  await page.getByLabel("Make", { exact: true }).fill("Land Rover");
  await page.getByLabel("Model", { exact: true }).fill("Defender");
  await page.getByLabel("Registration").fill("LR70 DEF");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Any extras?" })).toBeVisible();
  // Back to the vehicle step and a refresh there: the size and what was typed are both still there.
  await page.goBack();
  await expect(page.getByRole("heading", { level: 1, name: "Your vehicle" })).toBeVisible();
  await page.reload();
  await expect(page.getByRole("radio", { name: /^Large/ })).toBeChecked();
  await expect(page.getByLabel("Registration")).toHaveValue("LR70DEF");
  await page.goForward();
  await expect(page.getByRole("heading", { level: 1, name: "Any extras?" })).toBeVisible();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByLabel("Postcode").fill("SW9 8AB");
  await page.getByLabel("Address line 1").fill("3 Station Road");
  await page.getByLabel("Town or city").fill("London");
  await page.getByRole("button", { name: "Continue" }).click();
  await page
    .getByRole("region", { name: /^Times on/ })
    .getByRole("link")
    .first()
    .click();
  await expect(page.getByRole("heading", { level: 1, name: "Your details" })).toBeVisible();
  const details = page.url();

  // The same link in a new tab: the choices are in it, what was typed is not — so it opens the first
  // step that asks for it (the vehicle), not the details step with gaps behind it.
  const other = await context.newPage();
  await other.goto(details);
  await expect(other.getByRole("heading", { level: 1, name: "Your vehicle" })).toBeVisible();
  await expect(other).toHaveURL(/step=vehicle/);
  await expect(other.getByRole("radio", { name: /^Large/ })).toBeChecked();
  await expect(other.getByLabel("Registration")).toHaveValue("");
  await expectAccessible(other);
  const reviewLink = details.replace("step=details", "step=review");
  await other.close();

  // In the first tab the review opens as asked, once the details step has been answered.
  await page.getByLabel("Your name").fill("Robin Tabs");
  await page.getByLabel("Email address").fill(uniqueEmail("tabs"));
  await page.getByLabel("Phone number").fill("07700 900777");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check and book" })).toBeVisible();
  await expect(page.getByText("Not given yet")).toHaveCount(0);
  await page.goto(reviewLink);
  await expect(page.getByRole("heading", { level: 1, name: "Check and book" })).toBeVisible();
  await expect(page.getByText("Robin Tabs", { exact: false })).toBeVisible();
});

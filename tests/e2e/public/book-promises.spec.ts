import { expect, expectAccessible, shot, test } from "../support/fixtures";
import { mailCount, waitForMail } from "../support/mail";
import { guestToReview } from "../support/wizard";

// Issue 27 #4: what the wizard, the result page and the confirmation email promise is computed for this
// booking. Under a 30-day free-cancellation window and a 14-day reminder lead, every time the wizard
// offers is inside both: the review says what cancelling costs, in money, before payment — never "free
// up to …" — and neither the result page nor the email promises a reminder that will not be sent.

test.describe.configure({ mode: "serial" });

const VIEWPORTS = [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const;

test.beforeAll(async ({ request }) => {
  const res = await request.post("/api/test/settings", {
    data: {
      paymentMode: "deposit",
      depositPercent: 20,
      freeCancellationHours: 720,
      lateCancellationFeePercent: 50,
      reminderLeadHours: 336,
    },
  });
  expect(res.ok()).toBe(true);
});
test.afterAll(async ({ request }) => {
  await request.post("/api/test/settings", {
    data: { freeCancellationHours: 24, reminderLeadHours: 24, lateCancellationFeePercent: 50 },
  });
});

for (const [label, viewport] of VIEWPORTS) {
  test.describe(label, () => {
    test.use({ viewport });

    test(`a booking made inside the free window is told its fee before paying (${label})`, async ({
      page,
    }) => {
      test.setTimeout(90_000);
      const before = mailCount();
      const { email } = await guestToReview(page, "Ivy Inside");
      // Wash & Vac, small: £35.00, a £7.00 deposit; a 50% fee is £17.50, never more than was paid.
      const warning = page.getByRole("status").filter({ hasText: "free cancellation has already ended" });
      await expect(warning).toHaveText(
        "This booking starts within 30 days, so free cancellation has already ended: if you cancel after booking, it costs £7.00: the deposit you pay now is kept.",
      );
      await expect(page.getByText(/free of charge/)).toHaveCount(0);
      await expectAccessible(page);
      await shot(page, `promises-review-${label}.png`);

      await page.getByRole("checkbox", { name: "I accept the booking policies" }).check();
      await page.getByRole("button", { name: "Book and pay £7.00" }).click();
      await expect(page).toHaveURL(/\/pay\/test/);
      await page.getByRole("button", { name: /^Pay/ }).click();
      await expect(page).toHaveURL(/\/booking\/(payment-complete|success)\?ref=FC-[A-Z0-9]{6}&token=/);
      await expect(page.getByRole("heading", { name: /you.re booked/ }).first()).toBeVisible({
        timeout: 15_000,
      });
      await expect(
        page.getByText(
          "This booking starts within 30 days, so free cancellation has ended: cancelling now costs £7.00: the deposit you paid is kept.",
        ),
      ).toBeVisible();
      await expect(page.getByText(/remind/i)).toHaveCount(0);
      await expect(page.getByText(/free of charge/)).toHaveCount(0);
      await expectAccessible(page);
      await shot(page, `promises-result-${label}.png`);

      const mail = await waitForMail(email, /^Booking confirmed/, { after: before });
      // (The sink's text is read as Latin-1: "£" arrives as two characters.)
      expect(mail.text.replace(/\s+/g, " ")).toMatch(
        /This booking starts within 30 days, so free cancellation has ended: cancelling now costs \S*7\.00: the deposit you paid is kept\./,
      );
      expect(mail.text).not.toMatch(/free of charge/);
      expect(mail.text).not.toMatch(/reminder with a site checklist/);
    });
  });
}

test("a booking made ahead of both windows is promised free cancellation until a time, and its reminder", async ({
  page,
  request,
}) => {
  test.setTimeout(90_000);
  expect(
    (
      await request.post("/api/test/settings", {
        data: { freeCancellationHours: 1, reminderLeadHours: 1 },
      })
    ).ok(),
  ).toBe(true);
  const before = mailCount();
  const { email } = await guestToReview(page, "Avery Ahead");
  await expect(page.getByRole("status").filter({ hasText: "free cancellation" })).toHaveCount(0);
  await expect(
    page.getByText(
      /^Cancel free of charge until \w{3} \d{1,2} \w{3}, \d\d:\d\d (GMT|BST) \(1 hour before the start\)\. Later than that, cancelling costs £7\.00: the deposit you pay now is kept\.$/,
    ),
  ).toBeVisible();
  await page.getByRole("checkbox", { name: "I accept the booking policies" }).check();
  await page.getByRole("button", { name: "Book and pay £7.00" }).click();
  await expect(page).toHaveURL(/\/pay\/test/);
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/booking\/(payment-complete|success)\?ref=FC-[A-Z0-9]{6}&token=/);
  await expect(
    page.getByText(
      /^We'll email you a reminder with a site checklist on \w{3} \d{1,2} \w{3}, \d\d:\d\d (GMT|BST)\.$/,
    ),
  ).toBeVisible();
  const mail = await waitForMail(email, /^Booking confirmed/, { after: before });
  const text = mail.text.replace(/\s+/g, " ");
  expect(text).toMatch(
    /Cancel free of charge until \w{3} \d{1,2} \w{3}, \d\d:\d\d (GMT|BST) \(1 hour before the start\)/,
  );
  expect(text).toMatch(/We'll email you a reminder with a site checklist on/);
});

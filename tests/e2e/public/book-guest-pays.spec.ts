import { credentials, expect, expectAccessible, test } from "../support/fixtures";
import { guestToReview } from "../support/wizard";
import { mailCount, waitForMail } from "../support/mail";
import { localDateOf } from "../../../src/lib/dates";

// A guest books when a deposit is taken online: the review says what is due now, the booking holds the
// time while the test provider's checkout is paid, and the payment lands on the booking.

test.describe.configure({ mode: "serial" });

const VIEWPORTS = [
  ["desktop", { width: 1280, height: 900 }],
  ["phone", { width: 390, height: 844 }],
] as const;

test.beforeAll(async ({ request }) => {
  const res = await request.post("/api/test/settings", {
    data: { paymentMode: "deposit", depositPercent: 20 },
  });
  expect(res.ok()).toBe(true);
});

for (const [label, viewport] of VIEWPORTS) {
  test.describe(label, () => {
    test.use({ viewport });

    test(`a guest pays the deposit with the test provider (${label})`, async ({ page }) => {
      test.setTimeout(60_000);
      const mailsBefore = mailCount();
      const { email, start } = await guestToReview(page);
      // Wash & Vac, small: £35.00; the deposit is 20%, rounded up to the penny.
      await expect(
        page.getByText(
          "Due now: a deposit of £7.00 (20%), paid online by card. The remaining £28.00 is paid on the day.",
        ),
      ).toBeVisible();
      await expect(page.getByText(/your time is held for 30 minutes while you pay/)).toBeVisible();
      await expectAccessible(page);
      await page.getByRole("checkbox", { name: "I accept the booking policies" }).check();
      await page.getByRole("button", { name: "Book and pay £7.00" }).click();

      await expect(page).toHaveURL(/\/pay\/test/);
      await expect(page.getByText(/test mode/i).first()).toBeVisible();
      await expect(page.getByText("£7.00").first()).toBeVisible();
      await page.getByRole("button", { name: /^Pay/ }).click();

      await expect(page).toHaveURL(/\/booking\/(payment-complete|success)\?ref=FC-[A-Z0-9]{6}&token=/);
      const ref = new URL(page.url()).searchParams.get("ref") ?? "";
      await expect(page.getByText(ref).first()).toBeVisible();
      await expectAccessible(page);

      // One email arrives: booking confirmed, with the calendar file, the receipt and the set-up link.
      const mail = await waitForMail(email, /^Booking confirmed/, { after: mailsBefore });
      expect(mail.text).toContain(ref);
      expect(mail.text).toMatch(/RECEIPT\s+Amount paid: \S*7\.00/);
      expect(mail.raw).toContain("text/calendar");
      // And the business sees it on its schedule.
      const admin = await page
        .context()
        .browser()
        ?.newContext({ baseURL: new URL(page.url()).origin });
      if (!admin) throw new Error("no browser");
      await admin.request.post("/api/test/session", { data: credentials.admin });
      const board = await admin.newPage();
      await board.goto(`/admin/schedule?view=day&date=${localDateOf(new Date(start), "Europe/London")}`);
      await expect(board.getByRole("button", { name: new RegExp(ref) })).toBeVisible();
      await admin.close();
    });
  });
}

test("a guest who cancels at checkout keeps the time, then frees it with Cancel booking", async ({
  page,
}) => {
  await guestToReview(page);
  await page.getByRole("checkbox", { name: "I accept the booking policies" }).check();
  await page.getByRole("button", { name: "Book and pay £7.00" }).click();
  await expect(page).toHaveURL(/\/pay\/test/);
  await page.getByRole("button", { name: "Cancel and return" }).click();

  await expect(page).toHaveURL(/\/booking\/payment-cancelled\?ref=FC-[A-Z0-9]{6}&token=/);
  await expect(page.getByRole("heading", { name: "Payment not completed" })).toBeVisible();
  await expect(page.getByText(/We're holding your time/)).toBeVisible();
  await expect(page.getByRole("button", { name: "Try again — pay £7.00" })).toBeVisible();
  // A time only held (not yet paid for) is not put in a calendar.
  await expect(page.getByRole("link", { name: /Add to calendar/ })).toHaveCount(0);
  await expectAccessible(page);

  await page.getByRole("button", { name: "Cancel booking" }).click();
  const confirm = page.getByRole("alertdialog", { name: /^Cancel booking FC-[A-Z0-9]{6}\?$/ });
  await expect(confirm).toContainText("Nothing has been charged.");
  await expect(confirm).toContainText("is freed for other bookings");
  // It opens on the safe answer: Enter by reflex keeps the booking.
  await expect(confirm.getByRole("button", { name: "Keep it" })).toBeFocused();
  await expectAccessible(page);
  await confirm.getByRole("button", { name: "Yes, cancel the booking" }).click();
  await expect(page.getByRole("heading", { name: "Booking cancelled" })).toBeVisible();
  await expect(page.getByText("The booking is cancelled and its time has been released.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Book again" })).toHaveAttribute("href", "/book");
  await expectAccessible(page);
});

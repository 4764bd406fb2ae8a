import type { APIRequestContext } from "@playwright/test";
import { createUser, expect, expectAccessible, signInAs, test, shot } from "../support/fixtures";

// Issue 13: a customer cancels their confirmed booking from its page. The dialog says first what it does
// in this booking's money — outside the free window the deposit comes back; inside it the late fee is
// kept — and the page then shows the booking cancelled and the refund. A balance owed has *Pay now*.
// The demo business takes a 20% deposit; cancelling is free up to 24 hours before, later it costs 50%.

const HOUR = 3_600_000;

/** A confirmed £85.00 booking of `email`'s at the first free slot among `starts` (the demo has bookings too). */
async function bookingAt(request: APIRequestContext, email: string, starts: number[], paidMinor: number) {
  for (const at of starts)
    for (const teamName of ["Van A", "Van B"]) {
      const made = await request.post("/api/test/bookings", {
        data: {
          status: "confirmed",
          customerEmail: email,
          teamName,
          startsAt: new Date(at).toISOString(),
          paidMinor,
        },
      });
      if (made.ok()) return ((await made.json()) as { data: { id: string; reference: string } }).data;
    }
  throw new Error("no free slot for the test booking");
}

for (const width of [1280, 390]) {
  test(`a customer cancels outside and inside the free window at ${width} px`, async ({ page, request }) => {
    test.slow(); // two bookings, two dialogs, axe on each, at two widths
    await page.setViewportSize({ width, height: 900 });
    const c = await createUser(request, { name: "Sam Cancel" });
    const hourNow = Math.ceil(Date.now() / HOUR) * HOUR;
    const far = await bookingAt(
      request,
      c.email,
      [0, 1, 2].map((i) => hourNow + (150 + i + (width % 7)) * 24 * HOUR + 7 * HOUR),
      1700,
    );
    const soon = await bookingAt(
      request,
      c.email,
      [1, 4, 7, 10, 13, 16, 19].map((h) => hourNow + h * HOUR + (width === 390 ? 30 * 60_000 : 0)),
      8500,
    );
    await page.goto("/");
    await signInAs(page, c);

    // Outside the free window: the £17.00 deposit goes back; the £68.00 balance could be paid now.
    await page.goto(`/dashboard/bookings/${far.id}`);
    const money = page.getByRole("region", { name: "Pay or cancel" });
    await expect(money).toContainText("£68.00 is still to pay");
    await expect(money.getByRole("button", { name: "Pay £68.00 now" })).toBeVisible();
    await expect(money).toContainText(
      "If you cancel now: You paid £17.00. Cancelling now is free: £17.00 goes back to your card.",
    );
    await expectAccessible(page);
    await shot(page, `customer-cancel-offer-${width}.png`);

    await money.getByRole("button", { name: "Cancel booking" }).click();
    const dialog = page.getByRole("alertdialog", { name: `Cancel booking ${far.reference}?` });
    await expect(dialog).toContainText(
      "You paid £17.00. Cancelling now is free: £17.00 goes back to your card.",
    );
    // It opens on the safe choice.
    await expect(dialog.getByRole("button", { name: "Keep it" })).toBeFocused();
    await expectAccessible(page);
    await shot(page, `customer-cancel-dialog-free-${width}.png`, { fullPage: false });
    await dialog.getByRole("button", { name: "Yes, cancel the booking" }).click();
    await expect(dialog).toBeHidden();
    const summary = page.getByRole("region", { name: `Booking ${far.reference}` });
    await expect(summary).toContainText("Cancelled");
    const history = page.getByRole("region", { name: "What has happened" });
    await expect(history).toContainText("Booking cancelled");
    await expect(history).toContainText("Refund of £17.00 made");
    // Nothing left to pay or cancel.
    await expect(page.getByRole("region", { name: "Pay or cancel" })).toHaveCount(0);
    await expectAccessible(page);
    await shot(page, `customer-cancel-done-free-${width}.png`);

    // The overview's next booking offers the same Cancel, with the same outcome first.
    await page.goto("/dashboard");
    const next = page.getByRole("region", { name: /^Your next booking/ });
    await expect(next.getByRole("link", { name: `Open booking ${soon.reference}` })).toBeVisible();
    await shot(page, `customer-cancel-overview-card-${width}.png`);
    await next.getByRole("button", { name: "Cancel booking" }).click();
    const fromOverview = page.getByRole("alertdialog", { name: `Cancel booking ${soon.reference}?` });
    await expect(fromOverview).toContainText("the fee is £42.50; £42.50 goes back to your card.");
    await expectAccessible(page);
    await shot(page, `customer-cancel-overview-${width}.png`, { fullPage: false });
    await fromOverview.getByRole("button", { name: "Keep it" }).click();
    await expect(fromOverview).toBeHidden();

    // Inside the window, paid in full: the fee is half the price, the other half comes back.
    await page.goto(`/dashboard/bookings/${soon.id}`);
    const soonMoney = page.getByRole("region", { name: "Pay or cancel" });
    await expect(soonMoney).not.toContainText("still to pay");
    await soonMoney.getByRole("button", { name: "Cancel booking" }).click();
    const lateDialog = page.getByRole("alertdialog", { name: `Cancel booking ${soon.reference}?` });
    await expect(lateDialog).toContainText(
      "You paid £85.00. You are cancelling within 24 hours of the start: the fee is £42.50; £42.50 goes back to your card.",
    );
    await expectAccessible(page);
    await shot(page, `customer-cancel-dialog-late-${width}.png`, { fullPage: false });
    await lateDialog.getByRole("button", { name: "Yes, cancel the booking" }).click();
    await expect(lateDialog).toBeHidden();
    await expect(page.getByRole("region", { name: `Booking ${soon.reference}` })).toContainText("Cancelled");
    await expect(page.getByRole("region", { name: "What has happened" })).toContainText(
      "Refund of £42.50 made",
    );
    await expectAccessible(page);
    await shot(page, `customer-cancel-done-late-${width}.png`);
  });
}

test("Pay now opens a checkout for the balance of a confirmed booking", async ({ page, request }) => {
  const c = await createUser(request, { name: "Sam Balance" });
  const hourNow = Math.ceil(Date.now() / HOUR) * HOUR;
  const b = await bookingAt(
    request,
    c.email,
    [0, 1, 2].map((i) => hourNow + (170 + i) * 24 * HOUR + 9 * HOUR),
    1700,
  );
  await page.goto("/");
  await signInAs(page, c);
  await page.goto(`/dashboard/bookings/${b.id}`);
  await page.getByRole("button", { name: "Pay £68.00 now" }).click();
  await page.waitForURL(/\/pay\/test\?checkout=/);
  await expect(page.getByText("£68.00").first()).toBeVisible();
});

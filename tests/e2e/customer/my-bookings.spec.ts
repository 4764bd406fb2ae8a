import { createUser, expect, expectAccessible, signInAs, test, shot } from "../support/fixtures";

// Issue 13: a customer finds their bookings (upcoming and past, search, status), opens one, reads its
// history, adds it to a calendar and prints the receipt — at desktop and on a phone.

for (const width of [1280, 390]) {
  test(`a customer's bookings and one booking at ${width} px`, async ({ page, request }) => {
    test.slow(); // three pages, each scanned by axe, at two widths
    await page.setViewportSize({ width, height: 900 });
    const c = await createUser(request, { name: "Pat Bookings" });
    const made = await request.post("/api/test/bookings", {
      data: {
        status: "confirmed",
        customerEmail: c.email,
        teamName: "Van A",
        startsAt: new Date(Date.now() + (120 + (width % 7)) * 86_400_000).toISOString(),
        paidMinor: 2500,
      },
    });
    expect(made.status()).toBe(200);
    const booking = ((await made.json()) as { data: { id: string; reference: string } }).data;

    await page.goto("/");
    await signInAs(page, c);
    // The overview: the next booking with its countdown, the counts, and a way into it.
    await page.goto("/dashboard");
    await expect(page.getByRole("heading", { level: 1, name: "Hello, Pat" })).toBeVisible();
    const next = page.getByRole("region", { name: /^Your next booking — in \d+ days$/ });
    await expect(next).toContainText("Full Valet");
    await expect(page.getByRole("link", { name: `Open booking ${booking.reference}` })).toBeVisible();
    // No phone on this account yet: the overview asks for one.
    await expect(page.getByRole("region", { name: "Needs you" })).toContainText("Add a phone number");
    await expectAccessible(page);
    await shot(page, `dashboard-overview-${width}.png`);

    await page.goto("/dashboard/bookings");
    const list = page.getByRole("list", { name: "Upcoming bookings" });
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await expect(list).toContainText(booking.reference);
    await expect(page.getByRole("link", { name: "Upcoming (1)" })).toHaveAttribute("aria-current", "page");
    await expectAccessible(page);
    await shot(page, `dashboard-bookings-${width}.png`);

    const search = page.getByRole("search", { name: "Find a booking" });
    await search.getByLabel("Reference or registration").fill("FC-NOPE");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page.getByText("No bookings match")).toBeVisible();
    await expect(page).toHaveURL(/q=FC-NOPE/);
    await page.getByRole("link", { name: "Clear" }).click();
    await expect(page).not.toHaveURL(/q=/);
    await expect(search.getByLabel("Reference or registration")).toHaveValue("");
    await search.getByLabel("Status").selectOption("confirmed");
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/status=confirmed/);
    await expect(list.getByRole("listitem")).toHaveCount(1);
    await page.getByRole("link", { name: "Past (0)" }).click();
    await expect(page.getByText("No past bookings yet")).toBeVisible();

    await page.goto("/dashboard/bookings");
    await list.getByRole("link").first().click();
    await page.waitForURL(/\/dashboard\/bookings\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Booking ${booking.reference}`);
    await expect(page.getByRole("region", { name: `Booking ${booking.reference}` })).toContainText(
      "Confirmed",
    );
    const history = page.getByRole("region", { name: "What has happened" });
    await expect(history).toContainText("Booked");
    // (The test booking's payment is written without the settle path's timeline event: the receipt shows it.)
    const calendar = page.getByRole("link", { name: "Add to calendar" });
    const ics = await page.request.get((await calendar.getAttribute("href")) ?? "");
    expect(ics.status()).toBe(200);
    expect(await ics.text()).toContain("BEGIN:VCALENDAR");
    await expectAccessible(page);
    await shot(page, `dashboard-booking-${width}.png`);

    await page.getByRole("link", { name: "Receipt" }).click();
    const receipt = page.getByRole("article", { name: "Receipt" });
    await expect(receipt).toContainText(booking.reference);
    await expect(receipt).toContainText("Pat Bookings");
    await expect(receipt.getByRole("table", { name: "Payments and refunds" })).toContainText("£25.00");
    await expect(page.getByRole("button", { name: "Print or save as PDF" })).toBeVisible();
    await expectAccessible(page);
    await page.emulateMedia({ media: "print" });
    await expect(page.getByRole("button", { name: "Print or save as PDF" })).toBeHidden();
    await expect(page.getByRole("navigation", { name: "Your account" })).toBeHidden();
    await shot(page, `dashboard-receipt-print-${width}.png`);
  });
}

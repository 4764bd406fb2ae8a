import type { Page } from "@playwright/test";
import { PAGE_NOT_FOUND, expect, expectAccessible, shot, test } from "../support/fixtures";

// Issue 27 #14: a page shows its section's header once — never twice, never none — signed out, as a
// customer and as the admin, on a server error (/test-error) and on a page not found, in the public
// pages, the booking pages, the customer area and the back office. Frames come from the layouts only;
// the error boundaries render inside them and bring none of their own.

const NO_ID = "00000000-0000-4000-8000-000000000000";

async function expectOneFrame(page: Page) {
  await expect(page.locator("header")).toHaveCount(1);
  await expect(page.locator("main")).toHaveCount(1);
  await expect(page.getByRole("banner")).toBeVisible();
}

for (const role of [null, "customer", "admin"] as const) {
  test(`${role ?? "signed out"}: error and not-found pages show one header`, async ({
    page,
    loginAs,
    expectConsole,
  }) => {
    if (role) await loginAs(role);
    // What the browser logs for a page that answers 500 (with React's digest-only message) and 404.
    expectConsole(/the server responded with a status of 500 \(Internal Server Error\)$/);
    expectConsole(/^console\.error: Error: Minified React error #441;/);
    expectConsole(PAGE_NOT_FOUND);

    const error = await page.goto("/test-error");
    expect(error?.status()).toBe(500);
    await expect(
      page.getByRole("alert").getByRole("heading", { name: "Something went wrong." }),
    ).toBeVisible();
    await expectOneFrame(page);
    // The header's links still work from the error page.
    await expect(page.getByRole("banner").getByRole("link").first()).toBeVisible();
    await expectAccessible(page);
    await shot(page, `one-header-error-${role ?? "anonymous"}.png`);

    const notFound = [
      "/no-such-page",
      "/booking/pay?b=x&t=y",
      ...(role === "customer" ? [`/dashboard/bookings/${NO_ID}`, "/dashboard/bookings/x/y"] : []),
      ...(role === "admin" ? [`/admin/bookings/${NO_ID}`, "/admin/services/not-an-id/deeper"] : []),
    ];
    for (const path of notFound) {
      const res = await page.goto(path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("This page could not be found.");
      await expectOneFrame(page);
    }
  });
}

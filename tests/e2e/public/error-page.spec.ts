import { expect, expectAccessible, test } from "../support/fixtures";

test("a server render failure shows the generic error page with a digest and no internal text", async ({
  page,
  expectConsole,
}) => {
  expectConsole(/the server responded with a status of 500 \(Internal Server Error\)$/);
  // React's production message for a server component that threw: the digest, no detail.
  expectConsole(/^console\.error: Error: Minified React error #441;/);
  const response = await page.goto("/test-error");
  expect(response?.status()).toBe(500);
  const alert = page.getByRole("alert");
  await expect(alert.getByRole("heading", { name: "Something went wrong." })).toBeVisible();
  const digest = alert.locator("code");
  await expect(digest).toHaveText(/^\S{4,}$/);
  const html = await page.content();
  expect(html).not.toContain("Internal detail");
  expect(html).not.toContain("postgres://secret");
  await expect(alert.getByRole("link", { name: "Go to the home page" })).toHaveAttribute("href", "/");
  await expectAccessible(page);
});

import { expect, test } from "../support/fixtures";

// Issue 27 #12: every test fails on a console error, a hydration warning or an uncaught exception in any of
// its pages (support/fixtures.ts, `consoleClean`). These prove the guard can fail, and that a test can say
// narrowly what it expects instead.

test("a console.error in the page fails the test", async ({ page }) => {
  test.fail(true, "the console guard must turn a console.error into a failure");
  await page.goto("/");
  await page.evaluate(() => console.error("something broke"));
});

test("a hydration warning fails the test, whatever its console level", async ({ page }) => {
  test.fail(true, "the console guard must turn a hydration warning into a failure");
  await page.goto("/");
  await page.evaluate(() =>
    console.warn("A tree hydrated but some attributes of the server rendered HTML didn't match"),
  );
});

test("an uncaught exception fails the test", async ({ page }) => {
  test.fail(true, "the console guard must turn an uncaught exception into a failure");
  await page.goto("/");
  const thrown = page.waitForEvent("pageerror");
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error("Minified React error #418");
    });
  });
  // The guard hears it as the page reports it: the test ends once it has been reported, not after a while.
  await thrown;
});

test("an error in a context the test opens later fails the test", async ({ browser, baseURL }) => {
  test.fail(true, "the console guard must watch contexts made with browser.newContext");
  const ctx = await browser.newContext({ baseURL });
  const page = await ctx.newPage();
  await page.goto("/");
  await page.evaluate(() => console.error("something broke elsewhere"));
  await ctx.close();
});

test("the guard collects each message with its page's address", async ({ page, consoleClean }) => {
  consoleClean.expectConsole(/something broke/);
  await page.goto("/booking-policies");
  await page.evaluate(() => console.error("something broke"));
  await page.evaluate(() => console.warn("an ordinary warning"));
  await expect
    .poll(() => consoleClean.consoleMessages())
    .toEqual([{ url: expect.stringMatching(/\/booking-policies$/), text: "console.error: something broke" }]);
});

test("a message the test expects, but that never comes, fails the test", async ({ page, expectConsole }) => {
  test.fail(
    true,
    "an expected message that does not come is a failure: the allowance must not outlive its cause",
  );
  expectConsole(/Failed to load resource/);
  await page.goto("/");
});

import { expect, test } from "../support/fixtures";

// Issue 10 #4: pages run under a nonce-based CSP. Next's own scripts carry this response's nonce, and the
// suite's CSP watch (support/fixtures.ts) fails any test whose pages report a violation.
test("pages carry a CSP whose fresh nonce is on every script Next renders", async ({ page }) => {
  const response = await page.goto("/");
  const csp = response?.headers()["content-security-policy"] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(csp)?.[1];
  expect(nonce).toBeTruthy();
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
  // The scripts of the document as the server sent it: the ones loaded later (a chunk a component imports
  // when it is first needed) are trusted through 'strict-dynamic' and carry no nonce.
  const html = (await response?.text()) ?? "";
  const scripts = [...html.matchAll(/<script\b[^>]*>/g)].map((m) => /\snonce="([^"]*)"/.exec(m[0])?.[1]);
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((n) => n !== nonce)).toEqual([]);
  const again = await page.request.get("/");
  expect(again.headers()["content-security-policy"]).not.toContain(nonce);
  // Plain http here: no HSTS (it is sent only when APP_URL is https).
  expect(response?.headers()["strict-transport-security"]).toBeUndefined();
});

test("an injected inline script is blocked, and the CSP watch fails the test", async ({ page }) => {
  test.fail(true, "the fixture must turn a CSP violation into a failure");
  await page.goto("/");
  // The violation reaches the watch when Chrome reports it in the console: wait for that, not a while.
  const reported = page.waitForEvent("console", (m) => m.text().includes("Content Security Policy"));
  const ran = await page.evaluate(() => {
    const s = document.createElement("script");
    s.textContent = "window.__injected = true";
    document.body.appendChild(s);
    return (window as unknown as { __injected?: boolean }).__injected === true;
  });
  expect(ran).toBe(false);
  await reported;
});

import type { Page } from "@playwright/test";
import { createUser, expect, expectAccessible, requestRefused, test, uniqueEmail } from "../support/fixtures";

async function signInWithForm(page: Page, email: string, password: string, remember = false) {
  const form = page.getByRole("form", { name: "Sign in" });
  await form.getByLabel("Email address").fill(email);
  await form.getByLabel("Password").fill(password);
  if (remember) await form.getByLabel("Keep me signed in on this device").check();
  await form.getByRole("button", { name: "Sign in" }).click();
}

test.describe("redirects after signing in", () => {
  // Cookies are cleared under a dashboard that has just opened: its live stream is refused (401) when it
  // connects after that, which it may or may not (it depends on when the page hydrates): allowed, not
  // required — a requirement failed the suite on a busy machine where every stream had connected first.
  test.use({ allowConsole: [requestRefused(401, "/api/events")] });

  test("signing in goes back to the page that asked, and never to another site", async ({
    page,
    request,
  }) => {
    const c = await createUser(request);
    await page.goto("/settings/privacy");
    await page.getByRole("link", { name: "Sign in" }).first().click();
    await expect(page).toHaveURL(/\/auth\/login/);
    await page.goto("/auth/login?next=%2Fsettings%2Fprivacy");
    await expectAccessible(page);
    await signInWithForm(page, c.email, c.password);
    await expect(page).toHaveURL(/\/settings\/privacy$/);

    await page.context().clearCookies();
    for (const evil of ["https://evil.example/", "//evil.example", "%2F%2Fevil.example", "/\\evil.example"]) {
      // A new person each time: the per-email rate limit is small in the test environment.
      const c2 = await createUser(request);
      await page.goto(`/auth/login?next=${encodeURIComponent(evil)}`);
      await signInWithForm(page, c2.email, c2.password);
      await page.waitForURL((url) => url.pathname === "/dashboard");
      expect(new URL(page.url()).host).toMatch(/^127\.0\.0\.1:/);
      await page.context().clearCookies();
    }
  });
});

test("wrong password and unknown email get the same message; an unverified account is told to verify", async ({
  page,
  request,
  expectConsole,
}) => {
  expectConsole(requestRefused(401, "/api/account/login"));
  expectConsole(requestRefused(403, "/api/account/login"));
  const c = await createUser(request);
  const unverified = await createUser(request, { emailVerified: false });
  await page.goto("/auth/login");
  await signInWithForm(page, c.email, "Not-the-password-1");
  const alert = page.getByRole("form", { name: "Sign in" }).getByRole("alert");
  const wrong = await alert.textContent();
  await signInWithForm(page, uniqueEmail("ghost"), "Not-the-password-1");
  await expect(alert).toHaveText(wrong ?? "");
  expect(wrong).toContain("don't match an account");

  await signInWithForm(page, unverified.email, unverified.password);
  await expect(alert).toContainText("confirm your email address first");
  await expect(page.getByRole("link", { name: "Send a new link" })).toBeVisible();
});

test("the session cookie is HttpOnly and SameSite=Lax; 'remember me' makes it last, otherwise it ends with the browser", async ({
  page,
  request,
}) => {
  const c = await createUser(request);
  await page.goto("/auth/login");
  await signInWithForm(page, c.email, c.password, false);
  await page.waitForURL(/\/dashboard$/);
  let cookie = (await page.context().cookies()).find((k) => k.name.includes("session_token"));
  expect(cookie?.httpOnly).toBe(true);
  expect(cookie?.sameSite).toBe("Lax");
  expect(cookie?.expires).toBe(-1);

  // Leave the dashboard first: its live-event stream would reconnect without the cookie and be refused.
  await page.goto("about:blank");
  await page.context().clearCookies();
  await page.goto("/auth/login");
  await signInWithForm(page, c.email, c.password, true);
  await page.waitForURL(/\/dashboard$/);
  cookie = (await page.context().cookies()).find((k) => k.name.includes("session_token"));
  expect(cookie?.expires ?? 0).toBeGreaterThan(Date.now() / 1000 + 20 * 24 * 3600);
});

test("too many wrong passwords for one account from one device are refused with 429 and a clear message", async ({
  request,
}) => {
  const c = await createUser(request);
  const statuses: number[] = [];
  let last: { message?: string } = {};
  for (let i = 0; i < 4; i++) {
    const res = await request.post("/api/account/login", {
      data: { email: c.email, password: "Wrong-password-123" },
    });
    statuses.push(res.status());
    last = await res.json();
  }
  expect(statuses).toEqual([401, 401, 401, 429]);
  expect(last.message).toMatch(
    /Too many attempts from this device\. Try again in \d+ minutes, or reset your password\./,
  );
  // Even the right password is refused from this device until the window ends (ADR 0041); other devices
  // are not affected (tests/integration/sign-in-limits.integration.test.ts).
  const res = await request.post("/api/account/login", { data: { email: c.email, password: c.password } });
  expect(res.status()).toBe(429);
});

test("signing out from the account area ends the session", async ({ page, request }) => {
  const c = await createUser(request);
  await page.goto("/auth/login");
  await signInWithForm(page, c.email, c.password);
  await page.waitForURL(/\/dashboard$/);
  await page.getByRole("button", { name: "Sign out" }).click();
  await page.waitForURL((url) => url.pathname === "/");
  const res = await page.request.get("/dashboard/settings", { maxRedirects: 0 });
  expect(res.status()).toBe(307);
});

test("the account endpoints refuse cross-site requests (login CSRF)", async ({ request }) => {
  const c = await createUser(request);
  const asForm = await request.post("/api/account/login", {
    headers: { "Content-Type": "text/plain" },
    data: JSON.stringify({ email: c.email, password: c.password }),
  });
  expect(asForm.status()).toBe(403);
  const crossSite = await request.post("/api/account/login", {
    headers: { Origin: "https://evil.example" },
    data: { email: c.email, password: c.password },
  });
  expect(crossSite.status()).toBe(403);
  expect(asForm.headers()["set-cookie"]).toBeUndefined();
});

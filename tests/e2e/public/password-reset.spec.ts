import {
  createUser,
  expect,
  expectAccessible,
  requestRefused,
  signInAs,
  test,
  uniqueEmail,
} from "../support/fixtures";
import { linkIn, mailCount, mailsTo, waitForMail } from "../support/mail";

test("forgot password: the same answer for any email, a single-use link, other sessions end", async ({
  page,
  browser,
  request,
}) => {
  const c = await createUser(request);
  // Another device is signed in.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto("/");
  await signInAs(otherPage, c);
  expect((await otherPage.request.get("/dashboard/settings", { maxRedirects: 0 })).status()).toBe(200);

  const unknown = uniqueEmail("nobody");
  await page.goto("/auth/forgot-password");
  await expectAccessible(page);
  const texts: string[] = [];
  for (const email of [unknown, c.email]) {
    await page.goto("/auth/forgot-password");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send the link" }).click();
    await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
    texts.push((await page.getByRole("status").textContent()) ?? "");
  }
  expect(texts[0]).toBe(texts[1]);
  const mail = await waitForMail(c.email, /Reset your/);
  expect(mailsTo(unknown)).toHaveLength(0);

  const link = linkIn(mail, "/auth/reset-password");
  await page.goto(link);
  await expectAccessible(page);
  await page.getByLabel("New password", { exact: true }).fill("Fresh-Polish-Shine-7");
  await page.getByLabel("Confirm password").fill("Fresh-Polish-Shine-7");
  await page.getByRole("button", { name: "Save new password" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // The other device was signed out.
  expect((await otherPage.request.get("/dashboard/settings", { maxRedirects: 0 })).status()).toBe(307);
  await other.close();

  // The link works once.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "This link can't be used" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Send me a new link" })).toBeVisible();
  await expectAccessible(page);

  // Old password refused, new one accepted.
  const bad = await request.post("/api/account/login", { data: { email: c.email, password: c.password } });
  expect(bad.status()).toBe(401);
  const good = await request.post("/api/account/login", {
    data: { email: c.email, password: "Fresh-Polish-Shine-7" },
  });
  expect(good.status()).toBe(200);
});

test("a guest's set-up link lets them choose a password, confirms their email and signs them in", async ({
  page,
  request,
  expectConsole,
}) => {
  expectConsole(requestRefused(400, "/api/account/reset-password"));
  const email = uniqueEmail("guest");
  const before = mailCount();
  const res = await request.post("/api/test/passwordless", { data: { email, name: "Guest Booker" } });
  expect(res.ok()).toBe(true);
  const mail = await waitForMail(email, /Set up your/, { after: before });
  await page.goto(linkIn(mail, "/auth/setup-password"));
  await expect(page.getByRole("heading", { name: "Choose your password" })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel("Password", { exact: true }).fill("qwertyuiop");
  await page.getByLabel("Confirm password").fill("qwertyuiop");
  await page.getByRole("button", { name: "Save password and continue" }).click();
  await expect(
    page.getByText("This password is too common. Choose something harder to guess."),
  ).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("Sparkling-Hubcaps-88");
  await page.getByLabel("Confirm password").fill("Sparkling-Hubcaps-88");
  await page.getByRole("button", { name: "Save password and continue" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/settings");
  await expect(page.getByText(`You sign in with ${email}`)).toBeVisible();
  // A known email: the use case attaches to the account and sends nothing more.
  const again = await request.post("/api/test/passwordless", { data: { email, name: "Guest Booker" } });
  expect((await again.json()).data.created).toBe(false);
});

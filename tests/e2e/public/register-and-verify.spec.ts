import { createUser, expect, expectAccessible, signInAs, test, uniqueEmail } from "../support/fixtures";
import { linkIn, mailCount, waitForMail } from "../support/mail";

test("a new customer registers, confirms the emailed link and lands signed in", async ({ page, browser }) => {
  const email = uniqueEmail("new");
  await page.goto("/auth/register");
  await expectAccessible(page);
  const form = page.getByRole("form", { name: "Create an account" });
  await form.getByLabel("Your name").fill("Jamie <b>Fox</b>");
  await form.getByLabel("Email address").fill(email.toUpperCase());
  await form.getByLabel("Phone number").fill("07700 900456");
  await form.getByLabel("Password", { exact: true }).fill("Gleaming-Alloys-2026");
  await form.getByLabel("Confirm password").fill("Gleaming-Alloys-2026");
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  await expectAccessible(page);

  const mail = await waitForMail(email, /Confirm your email/);
  expect(mail.text).toContain("Jamie &lt;b&gt;Fox&lt;/b&gt;");
  const link = linkIn(mail, "/api/auth/verify-email");
  expect(link.startsWith("http://127.0.0.1:")).toBe(true);
  await page.goto(link);
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await expect(page.getByRole("heading", { level: 1, name: "Account settings" })).toBeVisible();

  // The same link again, in a browser with no session: it says the email is confirmed already.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  await otherPage.goto(link);
  await expect(otherPage.getByRole("heading", { name: "Your email is confirmed" })).toBeVisible();
  await other.close();
});

test("a broken or expired confirmation link says so and offers a new one", async ({ page }) => {
  await page.goto(
    "/api/auth/verify-email?token=not-a-real-token&callbackURL=%2Fauth%2Fverify-email%3Flanding%3D1",
  );
  await expect(page.getByRole("heading", { name: "This link can't be used" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Send a new link" })).toBeVisible();
  await expectAccessible(page);
});

test("resend sends a fresh link to an unverified account, with the same answer for unknown emails", async ({
  page,
  request,
}) => {
  const waiting = await createUser(request, { emailVerified: false });
  await page.goto("/auth/verify-email");
  const before = mailCount();
  for (const email of [waiting.email, uniqueEmail("nobody")]) {
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Send a new link" }).click();
    await expect(page.getByRole("status").filter({ hasText: "a new link is on its way" })).toBeVisible();
  }
  const mail = await waitForMail(waiting.email, /Confirm your email/, { after: before });
  await page.goto(linkIn(mail, "/api/auth/verify-email"));
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
});

test("registration refuses weak or mismatched passwords with field messages and keeps what was typed", async ({
  page,
}) => {
  await page.goto("/auth/register");
  const form = page.getByRole("form", { name: "Create an account" });
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(form.getByText("Enter your name.")).toBeVisible();
  await expect(form.getByText("Enter your email address.")).toBeVisible();

  await form.getByLabel("Your name").fill("Sam");
  await form.getByLabel("Email address").fill(uniqueEmail("weak"));
  await form.getByLabel("Phone number").fill("07700 900789");
  await form.getByLabel("Password", { exact: true }).fill("password123");
  await form.getByLabel("Confirm password").fill("password124");
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(form.getByText("The passwords don't match.")).toBeVisible();

  await form.getByLabel("Confirm password").fill("password123");
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(
    form.getByText("This password is too common. Choose something harder to guess."),
  ).toBeVisible();
  await expect(form.getByLabel("Your name")).toHaveValue("Sam");
  await expectAccessible(page);
});

test("registering an email that has an account looks the same, and tells the owner instead", async ({
  page,
  request,
}) => {
  const owner = await createUser(request);
  await page.goto("/auth/register");
  const form = page.getByRole("form", { name: "Create an account" });
  await form.getByLabel("Your name").fill("Someone Else");
  await form.getByLabel("Email address").fill(owner.email);
  await form.getByLabel("Phone number").fill("07700 900111");
  await form.getByLabel("Password", { exact: true }).fill("Another-Long-Pass-9");
  await form.getByLabel("Confirm password").fill("Another-Long-Pass-9");
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  const mail = await waitForMail(owner.email, /already have/);
  expect(linkIn(mail, "/auth/login")).toContain("/auth/login");
});

test("a signed-in person opening sign-in or registration goes to their area", async ({
  page,
  request,
  loginAs,
}) => {
  const customer = await createUser(request);
  await signInAs(page, customer);
  await page.goto("/auth/register");
  await expect(page).toHaveURL(/\/dashboard\/settings$/);
  await loginAs("admin");
  await page.goto("/auth/login");
  await expect(page).toHaveURL(/\/admin\/help$/);
});

test("registering over an unconfirmed account takes it back from whoever set its password", async ({
  page,
  request,
}) => {
  // Someone pre-registered this address with their own password and never confirmed it.
  const squatted = await createUser(request, { emailVerified: false });
  const before = mailCount();
  await page.goto("/auth/register");
  const form = page.getByRole("form", { name: "Create an account" });
  await form.getByLabel("Your name").fill("Real Owner");
  await form.getByLabel("Email address").fill(squatted.email);
  await form.getByLabel("Phone number").fill("07700 900444");
  await form.getByLabel("Password", { exact: true }).fill("Owner-Chosen-Pass-5");
  await form.getByLabel("Confirm password").fill("Owner-Chosen-Pass-5");
  await form.getByRole("button", { name: "Create account" }).click();
  await expect(page.getByRole("heading", { name: "Check your inbox" })).toBeVisible();
  const mail = await waitForMail(squatted.email, /Set up your/, { after: before });
  expect(mail.text).toContain("any password chosen before no longer works");
  const res = await request.post("/api/account/login", {
    data: { email: squatted.email, password: squatted.password },
  });
  expect(res.status()).toBe(401);
});

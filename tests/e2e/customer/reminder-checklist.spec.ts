import type { APIRequestContext, Browser } from "@playwright/test";
import { createUser, credentials, expect, expectAccessible, shot, signInAs, test } from "../support/fixtures";
import { linkIn, waitForMail } from "../support/mail";

// Issue 17 (ADR 0027): a confirmed booking made a week ago gets its reminder when it is within the lead
// time (24 h) — sent by the per-minute job, through the outbox and SMTP. The customer answers the site
// checklist from the email's links without signing in: *All set* first, then *Something changed* with
// what changed. The admin sees the answer on the booking's page and on Today. Desktop and 390 px, axe on
// every page.

const HOUR = 3_600_000;

/** A confirmed booking of `email`'s in the next hours (today or tomorrow), booked a week ago. */
async function bookedLastWeek(request: APIRequestContext, email: string) {
  const hourNow = Math.ceil(Date.now() / HOUR) * HOUR;
  for (const h of [3, 5, 7, 9, 11, 13, 15, 17, 19])
    for (const teamName of ["Van B", "Van A"]) {
      const made = await request.post("/api/test/bookings", {
        data: {
          status: "confirmed",
          customerEmail: email,
          teamName,
          startsAt: new Date(hourNow + h * HOUR + 15 * 60_000).toISOString(),
          bookedAt: new Date(Date.now() - 7 * 24 * HOUR).toISOString(),
        },
      });
      if (made.ok()) return ((await made.json()) as { data: { id: string; reference: string } }).data;
    }
  throw new Error("no free slot for the test booking");
}

async function adminAt(browser: Browser, baseURL: string | undefined, width: number) {
  const ctx = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
  const page = await ctx.newPage();
  await signInAs(page, credentials.admin);
  return { ctx, page };
}

test("a customer answers the reminder's site checklist from the email and the admin sees it", async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  // The reminder job runs once a minute; then two widths of four pages with axe on each.
  test.setTimeout(240_000);
  const customer = await createUser(request, { name: "Rhea Reminder" });
  const booking = await bookedLastWeek(request, customer.email);
  const mail = await waitForMail(customer.email, /^Reminder: your Full Valet/, { timeoutMs: 150_000 });
  expect(mail.text).toContain("Site checklist");
  expect(mail.text).toContain("Water we can use: yes");
  const path = (link: string) => {
    const u = new URL(link);
    return `${u.pathname}${u.search}`;
  };
  const allSet = path(linkIn(mail, "answer=all-set"));
  const changed = path(linkIn(mail, "answer=changed"));

  // Desktop, signed out: *All set* asks for one click, then thanks.
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(allSet);
  await expect(page.getByRole("heading", { level: 1, name: "Is the site ready?" })).toBeVisible();
  await expect(page.getByText(booking.reference)).toBeVisible();
  await expectAccessible(page);
  await shot(page, "site-check-all-set-1280.png");
  await page.getByRole("button", { name: "Yes, all set" }).click();
  // The thanks, and (once the page has re-read the booking) the stored answer: either says so.
  await expect(page.getByRole("status").filter({ hasText: "everything is ready" }).first()).toBeVisible();
  await expectAccessible(page);

  // Phone: *Something changed* needs to say what; an empty answer is refused at the field.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(changed);
  await expect(page.getByText("You told us everything is ready.")).toBeVisible();
  const form = page.getByRole("form", { name: "Something changed" });
  await form.getByRole("button", { name: "Send to the team" }).click();
  await expect(form.getByText("Tell us what changed")).toBeVisible();
  await form.getByLabel("What changed?").fill("The outside tap is off — water from the kitchen.");
  await expectAccessible(page);
  await shot(page, "site-check-changed-390.png");
  await form.getByRole("button", { name: "Send to the team" }).click();
  await expect(page.getByRole("status").filter({ hasText: "come prepared" }).first()).toBeVisible();
  await shot(page, "site-check-thanks-390.png");

  for (const width of [1280, 390]) {
    const admin = await adminAt(browser, baseURL, width);
    await admin.page.goto(`/admin/bookings/${booking.id}`);
    const job = admin.page.getByRole("region", { name: "Job" });
    await expect(job).toContainText("Site changed");
    await expect(job).toContainText("The outside tap is off — water from the kitchen.");
    await expect(admin.page.getByRole("region", { name: "Timeline" })).toContainText(
      "Customer: something changed at the site",
    );
    await expectAccessible(admin.page);
    await shot(admin.page, `site-check-admin-booking-${width}.png`);
    await admin.page.goto("/admin");
    // The job's card (its name is its time and reference, and "(next)" when no job comes before it
    // today); the activity feed lists the answers too.
    const card = admin.page.getByRole("listitem", {
      name: new RegExp(`${booking.reference}( \\(next\\))?$`),
    });
    await expect(admin.page.getByText("Customer: something changed at the site").first()).toBeVisible();
    await expect(card).toContainText("Site changed");
    await expect(card).toContainText("Customer says it changed: The outside tap is off");
    await expectAccessible(admin.page);
    await shot(admin.page, `site-check-admin-today-${width}.png`);
    await admin.ctx.close();
  }
});

for (const width of [1280, 390]) {
  test(`at ${width}px: a customer and an admin make, use and turn off a private calendar feed`, async ({
    browser,
    baseURL,
    request,
  }) => {
    test.setTimeout(120_000);
    const customer = await createUser(request, { name: "Cal Feeder" });
    const booking = await bookedLastWeek(request, customer.email);
    for (const who of ["customer", "admin"] as const) {
      const ctx = await browser.newContext({ baseURL, viewport: { width, height: 900 } });
      const page = await ctx.newPage();
      const owner =
        who === "customer" ? customer : await createUser(ctx.request, { role: "admin", name: "Feed Owner" });
      await signInAs(page, owner);
      await page.goto(who === "customer" ? "/dashboard/settings" : "/admin/account");
      const feeds = page.getByRole("region", { name: "Calendar feeds" });
      const row = feeds.getByRole("listitem").first();
      await row.getByRole("button", { name: "Make a link" }).click();
      const address = row.getByLabel(/Your private calendar address/);
      await expect(address).toHaveValue(/\/api\/calendar\/[A-Za-z0-9_-]+\.ics$/);
      const url = new URL(await address.inputValue());
      await expect(row).toContainText("On since");
      await expectAccessible(page);
      await shot(page, `calendar-feed-${who}-${width}.png`);
      // The feed opens without a session and has the customer's booking in it.
      const anonymous = await browser.newContext({ baseURL });
      const ics = await anonymous.request.get(url.pathname);
      expect(ics.status()).toBe(200);
      expect(ics.headers()["content-type"]).toContain("text/calendar");
      expect(await ics.text()).toContain(`UID:${booking.id}@`);
      await row.getByRole("button", { name: "Turn off" }).click();
      await expect(row.getByRole("button", { name: "Make a link" })).toBeVisible();
      expect((await anonymous.request.get(url.pathname)).status()).toBe(404);
      await anonymous.close();
      await ctx.close();
    }
  });
}

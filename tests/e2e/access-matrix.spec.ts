import type { APIRequestContext, Browser } from "@playwright/test";
import { loadRoutes, routeOf } from "../../scripts/metrics.mjs";
import { createUser, credentials, expect, test } from "./support/fixtures";

// Every route that exists × every kind of person. Adding a route is one line here.
// A number is the expected HTTP status; a string is the expected redirect target.
type Who = "visitor" | "customer" | "otherCustomer" | "admin" | "banned" | "staff";
type Expect = number | string;
type Row = [method: "GET" | "POST", path: string, expectations: Record<Who, Expect>];

const login = (next: string) => `/auth/login?next=${encodeURIComponent(next)}`;
const all = (e: Expect): Record<Who, Expect> => ({
  visitor: e,
  customer: e,
  otherCustomer: e,
  admin: e,
  banned: e,
  staff: e,
});

const MATRIX: Row[] = [
  ["GET", "/", all(200)],
  ["GET", "/booking-policies", all(200)],
  ["GET", "/privacy-policy", all(200)],
  ["GET", "/terms-of-service", all(200)],
  ["GET", "/settings/privacy", all(200)],
  [
    "GET",
    "/auth/login",
    {
      visitor: 200,
      customer: "/dashboard",
      otherCustomer: "/dashboard",
      admin: "/admin",
      banned: 200,
      staff: "/staff",
    },
  ],
  [
    "GET",
    "/auth/register",
    {
      visitor: 200,
      customer: "/dashboard",
      otherCustomer: "/dashboard",
      admin: "/admin",
      banned: 200,
      staff: "/staff",
    },
  ],
  ["GET", "/auth/forgot-password", all(200)],
  ["GET", "/auth/verify-email", all(200)],
  ["GET", "/auth/reset-password", all(200)],
  ["GET", "/auth/setup-password", all(200)],
  [
    "GET",
    "/dashboard/settings",
    {
      visitor: login("/dashboard/settings"),
      customer: 200,
      otherCustomer: 200,
      admin: "/admin/account",
      banned: login("/dashboard/settings"),
      staff: "/staff/account",
    },
  ],
  [
    "GET",
    "/dashboard",
    {
      visitor: login("/dashboard"),
      customer: 200,
      otherCustomer: 200,
      admin: "/admin",
      banned: login("/dashboard"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/dashboard/bookings",
    {
      visitor: login("/dashboard/bookings"),
      customer: 200,
      otherCustomer: 200,
      admin: "/admin",
      banned: login("/dashboard/bookings"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/dashboard/vehicles",
    {
      visitor: login("/dashboard/vehicles"),
      customer: 200,
      otherCustomer: 200,
      admin: "/admin",
      banned: login("/dashboard/vehicles"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/dashboard/addresses",
    {
      visitor: login("/dashboard/addresses"),
      customer: 200,
      otherCustomer: 200,
      admin: "/admin",
      banned: login("/dashboard/addresses"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin",
    {
      visitor: login("/admin"),
      customer: 404,
      otherCustomer: 404,
      admin: 200,
      banned: login("/admin"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/account",
    {
      visitor: login("/admin/account"),
      customer: 404,
      otherCustomer: 404,
      admin: 200,
      banned: login("/admin/account"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/settings",
    {
      visitor: login("/admin/settings"),
      customer: 404,
      otherCustomer: 404,
      admin: 200,
      banned: login("/admin/settings"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/emails",
    {
      visitor: login("/admin/emails"),
      customer: 404,
      otherCustomer: 404,
      admin: 200,
      banned: login("/admin/emails"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/enhanced-dashboard",
    {
      visitor: login("/admin/enhanced-dashboard"),
      customer: 404,
      otherCustomer: 404,
      admin: 200,
      banned: login("/admin/enhanced-dashboard"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/reports",
    {
      visitor: login("/admin/reports"),
      customer: 404,
      otherCustomer: 404,
      admin: 200,
      banned: login("/admin/reports"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/analytics",
    {
      visitor: login("/admin/analytics"),
      customer: 404,
      otherCustomer: 404,
      admin: 200,
      banned: login("/admin/analytics"),
      staff: 404,
    },
  ],
  // Each report's CSV (the page's range form; a bad custom range is a 400, an unknown report a 404).
  [
    "GET",
    "/admin/reports/export/revenue-by-month?range=last_12_months",
    { visitor: 401, customer: 404, otherCustomer: 404, admin: 200, banned: 401, staff: 404 },
  ],
  [
    "GET",
    "/admin/reports/export/revenue-by-day?range=last_12_months",
    { visitor: 401, customer: 404, otherCustomer: 404, admin: 200, banned: 401, staff: 404 },
  ],
  [
    "GET",
    "/admin/reports/export/ledger?range=last_12_months",
    { visitor: 401, customer: 404, otherCustomer: 404, admin: 200, banned: 401, staff: 404 },
  ],
  [
    "GET",
    "/admin/reports/export/bookings-by-status?range=last_12_months",
    { visitor: 401, customer: 404, otherCustomer: 404, admin: 200, banned: 401, staff: 404 },
  ],
  [
    "GET",
    "/admin/reports/export/services?range=last_12_months",
    { visitor: 401, customer: 404, otherCustomer: 404, admin: 200, banned: 401, staff: 404 },
  ],
  [
    "GET",
    "/admin/reports/export/vehicle-sizes?range=last_12_months",
    { visitor: 401, customer: 404, otherCustomer: 404, admin: 200, banned: 401, staff: 404 },
  ],
  [
    "GET",
    "/admin/reports/export/customers?range=last_12_months",
    { visitor: 401, customer: 404, otherCustomer: 404, admin: 200, banned: 401, staff: 404 },
  ],
  [
    "GET",
    "/admin/reports/export/top-customers?range=last_12_months",
    { visitor: 401, customer: 404, otherCustomer: 404, admin: 200, banned: 401, staff: 404 },
  ],
  [
    "GET",
    "/admin/reports/export/teams?range=last_12_months",
    { visitor: 401, customer: 404, otherCustomer: 404, admin: 200, banned: 401, staff: 404 },
  ],
  [
    "GET",
    "/admin/reports/export/travel-zones?range=last_12_months",
    { visitor: 401, customer: 404, otherCustomer: 404, admin: 200, banned: 401, staff: 404 },
  ],
  [
    "GET",
    "/admin/reports/export/teams?range=custom&from=2026-02-30&to=2026-03-01",
    { visitor: 401, customer: 404, otherCustomer: 404, admin: 400, banned: 401, staff: 404 },
  ],
  [
    "GET",
    "/admin/reports/export/everything",
    { visitor: 401, customer: 404, otherCustomer: 404, admin: 404, banned: 401, staff: 404 },
  ],
  [
    "GET",
    "/admin/help",
    {
      visitor: login("/admin/help"),
      customer: 404,
      otherCustomer: 404,
      admin: 200,
      banned: login("/admin/help"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/services/categories",
    {
      visitor: login("/admin/services/categories"),
      customer: 404,
      otherCustomer: 404,
      admin: 200,
      banned: login("/admin/services/categories"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/services/vehicle-sizes",
    {
      visitor: login("/admin/services/vehicle-sizes"),
      customer: 404,
      otherCustomer: 404,
      admin: 200,
      banned: login("/admin/services/vehicle-sizes"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/services",
    {
      visitor: login("/admin/services"),
      customer: 404,
      otherCustomer: 404,
      admin: 200,
      banned: login("/admin/services"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/bookings",
    {
      visitor: login("/admin/bookings"),
      customer: 404,
      otherCustomer: 404,
      admin: 200,
      banned: login("/admin/bookings"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/reschedule-requests",
    {
      visitor: login("/admin/reschedule-requests"),
      customer: 404,
      otherCustomer: 404,
      admin: 200,
      banned: login("/admin/reschedule-requests"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/time-requests",
    {
      visitor: login("/admin/time-requests"),
      customer: 404,
      otherCustomer: 404,
      admin: 200,
      banned: login("/admin/time-requests"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/time-requests/00000000-0000-4000-8000-000000000000",
    {
      visitor: login("/admin/time-requests/00000000-0000-4000-8000-000000000000"),
      customer: 404,
      otherCustomer: 404,
      admin: 404,
      banned: login("/admin/time-requests/00000000-0000-4000-8000-000000000000"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/bookings/new",
    {
      visitor: login("/admin/bookings/new"),
      customer: 404,
      otherCustomer: 404,
      admin: 200,
      banned: login("/admin/bookings/new"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/bookings/export.csv",
    { visitor: 401, customer: 404, otherCustomer: 404, admin: 200, banned: 401, staff: 404 },
  ],
  [
    "GET",
    "/admin/customers",
    {
      visitor: login("/admin/customers"),
      customer: 404,
      otherCustomer: 404,
      admin: 200,
      banned: login("/admin/customers"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/receivables",
    {
      visitor: login("/admin/receivables"),
      customer: 404,
      otherCustomer: 404,
      admin: 200,
      banned: login("/admin/receivables"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/customers/export.csv",
    { visitor: 401, customer: 404, otherCustomer: 404, admin: 200, banned: 401, staff: 404 },
  ],
  [
    "GET",
    "/admin/customers/not-a-customer",
    {
      visitor: login("/admin/customers/not-a-customer"),
      customer: 404,
      otherCustomer: 404,
      admin: 404,
      banned: login("/admin/customers/not-a-customer"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/schedule",
    {
      visitor: login("/admin/schedule"),
      customer: 404,
      otherCustomer: 404,
      admin: 200,
      banned: login("/admin/schedule"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/schedule/hours",
    {
      visitor: login("/admin/schedule/hours"),
      customer: 404,
      otherCustomer: 404,
      admin: 200,
      banned: login("/admin/schedule/hours"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/schedule/teams",
    {
      visitor: login("/admin/schedule/teams"),
      customer: 404,
      otherCustomer: 404,
      admin: 200,
      banned: login("/admin/schedule/teams"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/schedule/weather",
    {
      visitor: login("/admin/schedule/weather"),
      customer: 404,
      otherCustomer: 404,
      admin: 200,
      banned: login("/admin/schedule/weather"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/services/new",
    {
      visitor: login("/admin/services/new"),
      customer: 404,
      otherCustomer: 404,
      admin: 200,
      banned: login("/admin/services/new"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/services/pricing",
    {
      visitor: login("/admin/services/pricing"),
      customer: 404,
      otherCustomer: 404,
      admin: 200,
      banned: login("/admin/services/pricing"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/services/00000000-0000-4000-8000-000000000000",
    {
      visitor: login("/admin/services/00000000-0000-4000-8000-000000000000"),
      customer: 404,
      otherCustomer: 404,
      admin: 404,
      banned: login("/admin/services/00000000-0000-4000-8000-000000000000"),
      staff: 404,
    },
  ],
  [
    "POST",
    "/api/admin/services/00000000-0000-4000-8000-000000000000/image",
    { visitor: 401, customer: 404, otherCustomer: 404, admin: 400, banned: 401, staff: 404 },
  ],
  [
    "GET",
    "/admin/bookings/00000000-0000-4000-8000-000000000000",
    {
      visitor: login("/admin/bookings/00000000-0000-4000-8000-000000000000"),
      customer: 404,
      otherCustomer: 404,
      admin: 404,
      banned: login("/admin/bookings/00000000-0000-4000-8000-000000000000"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/bookings/not-a-booking",
    {
      visitor: login("/admin/bookings/not-a-booking"),
      customer: 404,
      otherCustomer: 404,
      admin: 404,
      banned: login("/admin/bookings/not-a-booking"),
      staff: 404,
    },
  ],
  ["GET", "/booking/pay", all(404)],
  ["GET", "/booking/pay?ref=FC-AAAAAA&token=not-the-token", all(404)],
  // The reminder's checklist (ADR 0027): only a signed link opens it; a forged or missing one is a 404.
  ["GET", "/booking/site-check", all(404)],
  ["GET", "/booking/weather", all(404)],
  ["GET", "/booking/weather?token=00000000-0000-4000-8000-000000000000.AAAA", all(404)],
  ["GET", "/booking/site-check?token=00000000-0000-4000-8000-000000000000.AAAA&answer=all-set", all(404)],
  // Private calendar feeds: the token is the credential — a session opens nothing.
  ["GET", "/api/calendar/not-a-token.ics", all(404)],
  ["GET", `/api/calendar/${"A".repeat(43)}.ics`, all(404)],
  ["GET", "/uploads/00000000-0000-4000-8000-000000000000.webp", all(404)],
  ["GET", "/uploads/..%2F..%2Fpackage.json", all(404)],
  [
    "GET",
    "/settings/privacy/export",
    { visitor: 401, customer: 200, otherCustomer: 200, admin: 200, banned: 401, staff: 200 },
  ],
  ["POST", "/api/account/login", all(400)],
  [
    "POST",
    "/api/account/change-password",
    { visitor: 401, customer: 400, otherCustomer: 400, admin: 400, banned: 401, staff: 400 },
  ],
  ["GET", "/auth/confirm-email-change", all(200)],
  ["POST", "/api/account/register", all(400)],
  ["GET", "/api/health", all(200)],
  ["GET", "/api/health/ready", all(200)],
  // Prometheus metrics: a bearer token, never a session (tests/e2e/public/metrics.spec.ts).
  ["GET", "/api/metrics", all(401)],
  ["POST", "/api/auth/sign-in/email", all(404)],
  ["POST", "/api/auth/sign-up/email", all(404)],
  ["GET", "/api/auth/list-sessions", all(404)],
  ["GET", "/no-such-page", all(404)],
  // Added when the matrix became complete (issue 18): every route of the build has a row or a test below.
  ["GET", "/book", all(200)],
  // Ask for a time (ADR 0057): a visitor is asked to sign in, the business's people are pointed elsewhere.
  ["GET", "/book/ask", all(200)],
  ["GET", "/icon.svg", all(200)],
  ["GET", "/favicon.ico", all(200)],
  // The error page's own test route (ENABLE_TEST_ROUTES): it throws, and the error page answers 500.
  ["GET", "/test-error", all(500)],
  ["POST", "/api/account/forgot-password", all(400)],
  ["POST", "/api/account/resend-verification", all(400)],
  ["POST", "/api/account/reset-password", all(400)],
  ["POST", "/api/account/verify-email", all(400)],
  ["POST", "/api/book", all(400)],
  ["POST", "/api/book/step", all(400)],
  // Stripe is not configured in the demo: its webhook does not exist (tests/integration/payments-stripe covers it).
  ["POST", "/api/payments/stripe/webhook", all(404)],
  ["POST", "/api/payments/test/webhook", all(400)],
  ["GET", "/booking/calendar.ics", all(404)],
  ["GET", "/booking/payment-cancelled", all(404)],
  ["GET", "/booking/payment-complete", all(404)],
  ["GET", "/booking/success", all(404)],
  ["GET", "/pay/test", all(404)],
  [
    "GET",
    "/admin/emails/00000000-0000-4000-8000-000000000000",
    {
      visitor: login("/admin/emails/00000000-0000-4000-8000-000000000000"),
      customer: 404,
      otherCustomer: 404,
      admin: 404,
      banned: login("/admin/emails/00000000-0000-4000-8000-000000000000"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/dashboard/bookings/00000000-0000-4000-8000-000000000000",
    {
      visitor: login("/dashboard/bookings/00000000-0000-4000-8000-000000000000"),
      customer: 404,
      otherCustomer: 404,
      admin: "/admin",
      banned: login("/dashboard/bookings/00000000-0000-4000-8000-000000000000"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/dashboard/bookings/requests/00000000-0000-4000-8000-000000000000",
    {
      visitor: login("/dashboard/bookings/requests/00000000-0000-4000-8000-000000000000"),
      customer: 404,
      otherCustomer: 404,
      admin: "/admin",
      banned: login("/dashboard/bookings/requests/00000000-0000-4000-8000-000000000000"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/dashboard/bookings/00000000-0000-4000-8000-000000000000/receipt",
    {
      visitor: login("/dashboard/bookings/00000000-0000-4000-8000-000000000000/receipt"),
      customer: 404,
      otherCustomer: 404,
      admin: "/admin",
      banned: login("/dashboard/bookings/00000000-0000-4000-8000-000000000000/receipt"),
      staff: 404,
    },
  ],
  // VAT documents (issue 26): the accountant's export is the admin's; a document is its booking's customer's
  // (their area) or the admin's (the back office), and no one else's — an unknown one is not there.
  [
    "GET",
    "/admin/reports/export/documents/xero?range=last_12_months",
    { visitor: 401, customer: 404, otherCustomer: 404, admin: 200, banned: 401, staff: 404 },
  ],
  [
    "GET",
    "/admin/reports/export/documents/quickbooks?range=last_12_months",
    { visitor: 401, customer: 404, otherCustomer: 404, admin: 200, banned: 401, staff: 404 },
  ],
  [
    "GET",
    "/admin/bookings/00000000-0000-4000-8000-000000000000/documents/INV-000001",
    {
      visitor: login("/admin/bookings/00000000-0000-4000-8000-000000000000/documents/INV-000001"),
      customer: 404,
      otherCustomer: 404,
      admin: 404,
      banned: login("/admin/bookings/00000000-0000-4000-8000-000000000000/documents/INV-000001"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/admin/bookings/00000000-0000-4000-8000-000000000000/documents/INV-000001/pdf",
    { visitor: 401, customer: 404, otherCustomer: 404, admin: 404, banned: 401, staff: 404 },
  ],
  [
    "GET",
    "/dashboard/bookings/00000000-0000-4000-8000-000000000000/invoice/INV-000001",
    {
      visitor: login("/dashboard/bookings/00000000-0000-4000-8000-000000000000/invoice/INV-000001"),
      customer: 404,
      otherCustomer: 404,
      admin: "/admin",
      banned: login("/dashboard/bookings/00000000-0000-4000-8000-000000000000/invoice/INV-000001"),
      staff: 404,
    },
  ],
  [
    "GET",
    "/dashboard/bookings/00000000-0000-4000-8000-000000000000/invoice/INV-000001/pdf",
    { visitor: 401, customer: 404, otherCustomer: 404, admin: 404, banned: 401, staff: 404 },
  ],
  // The technician's day (ADR 0053): staff only; its manifest, icons and service worker are public files
  // (a browser fetches a manifest without cookies) that hold nothing but the business's name.
  [
    "GET",
    "/staff",
    {
      visitor: login("/staff"),
      customer: 404,
      otherCustomer: 404,
      admin: 404,
      banned: login("/staff"),
      staff: 200,
    },
  ],
  [
    "GET",
    "/staff/account",
    {
      visitor: login("/staff/account"),
      customer: 404,
      otherCustomer: 404,
      admin: 404,
      banned: login("/staff/account"),
      staff: 200,
    },
  ],
  ["GET", "/staff/sw.js", all(200)],
  ["GET", "/staff/manifest.webmanifest", all(200)],
  ["GET", "/staff/icon/192", all(200)],
  // A photo of another team's job, or of no job: the answer a missing one gets, whoever asks.
  [
    "POST",
    "/api/staff/jobs/00000000-0000-4000-8000-000000000000/photos",
    { visitor: 401, customer: 404, otherCustomer: 404, admin: 400, banned: 401, staff: 400 },
  ],
  ["GET", "/api/job-photos/00000000-0000-4000-8000-000000000000", all(404)],
];

/** Routes checked by their own tests (a real booking, a live stream) rather than a row. */
const COVERED_ELSEWHERE: Record<string, string> = {
  "/api/events": "tests/e2e/access-matrix.spec.ts › the live event stream",
};

/** Routes no one reaches: Next's own error pages, and the test hooks (404 unless ENABLE_TEST_ROUTES=1). */
const NOT_ROUTES = (route: string) =>
  route === "/_global-error" || route === "/_not-found" || route.startsWith("/api/test/");

test("every route of the build has a row or a test", () => {
  const routes = loadRoutes(process.cwd());
  expect(routes.length, "no build manifest: run the e2e suite on a build").toBeGreaterThan(20);
  const covered = new Set(MATRIX.map(([, p]) => routeOf(routes, p)));
  const missing = routes
    .map((r) => r.route)
    .filter((r) => !covered.has(r) && !(r in COVERED_ELSEWHERE) && !NOT_ROUTES(r));
  expect(missing, "add a row to MATRIX (or a test) for these routes").toEqual([]);
});

async function contextFor(browser: Browser, who: Who, request: APIRequestContext, baseURL: string) {
  const ctx = await browser.newContext({ baseURL });
  const signIn = async (email: string, password: string) => {
    const res = await ctx.request.post("/api/test/session", { data: { email, password } });
    expect(res.status()).toBe(200);
  };
  if (who === "customer") await signIn(credentials.customer.email, credentials.customer.password);
  if (who === "admin") await signIn(credentials.admin.email, credentials.admin.password);
  if (who === "staff") await signIn(credentials.staff.email, credentials.staff.password);
  if (who === "otherCustomer" || who === "banned") {
    const u = await createUser(request);
    await signIn(u.email, u.password);
    if (who === "banned") await request.post("/api/test/users?ban=1", { data: { email: u.email } });
  }
  return ctx;
}

for (const who of ["visitor", "customer", "otherCustomer", "admin", "banned", "staff"] as Who[]) {
  test(`access matrix: ${who}`, async ({ browser, request, baseURL }) => {
    const ctx = await contextFor(browser, who, request, baseURL ?? "");
    const failures: string[] = [];
    for (const [method, path, expectations] of MATRIX) {
      const expected = expectations[who];
      const res = await ctx.request.fetch(path, {
        method,
        maxRedirects: 0,
        data: method === "POST" ? {} : undefined,
      });
      const actual =
        res.status() >= 300 && res.status() < 400 ? (res.headers().location ?? "") : res.status();
      if (actual !== expected) failures.push(`${method} ${path}: expected ${expected}, got ${actual}`);
    }
    await ctx.close();
    expect(failures).toEqual([]);
  });
}

// A real booking's admin page: only an admin sees it, not even the customer it belongs to.
test("access matrix: a booking's admin page", async ({ browser, request, baseURL }) => {
  const admin = await contextFor(browser, "admin", request, baseURL ?? "");
  const made = await admin.request.post("/api/test/bookings", {
    data: {
      status: "confirmed",
      customerEmail: credentials.customer.email,
      teamName: "Van A",
      startsAt: new Date(Date.now() + 90 * 24 * 3_600_000).toISOString(),
    },
  });
  expect(made.status()).toBe(200);
  const path = `/admin/bookings/${((await made.json()) as { data: { id: string } }).data.id}`;
  await admin.close();
  const expected: Record<Who, Expect> = {
    visitor: login(path),
    customer: 404,
    otherCustomer: 404,
    admin: 200,
    banned: login(path),
    staff: 404,
  };
  const failures: string[] = [];
  for (const who of Object.keys(expected) as Who[]) {
    const ctx = await contextFor(browser, who, request, baseURL ?? "");
    const res = await ctx.request.get(path, { maxRedirects: 0 });
    const actual = res.status() >= 300 && res.status() < 400 ? (res.headers().location ?? "") : res.status();
    if (actual !== expected[who]) failures.push(`${who}: expected ${expected[who]}, got ${actual}`);
    await ctx.close();
  }
  expect(failures).toEqual([]);
});

// A customer's admin profile: only an admin sees it — not the customer it is about; an admin's own id
// is not a customer (404).
test("access matrix: a customer's admin profile", async ({ browser, request, baseURL }) => {
  const made = await request.post("/api/test/users", {
    data: {
      email: `profile-${Date.now()}@example.test`,
      password: "Tidy-Wheels-Arch-42",
      name: "Pat Profile",
    },
  });
  const { id, email } = ((await made.json()) as { data: { id: string; email: string } }).data;
  const path = `/admin/customers/${id}`;
  const expected: Record<Who, Expect> = {
    visitor: login(path),
    customer: 404,
    otherCustomer: 404,
    admin: 200,
    banned: login(path),
    staff: 404,
  };
  const failures: string[] = [];
  for (const who of Object.keys(expected) as Who[]) {
    const ctx = await contextFor(browser, who, request, baseURL ?? "");
    const res = await ctx.request.get(path, { maxRedirects: 0 });
    const actual = res.status() >= 300 && res.status() < 400 ? (res.headers().location ?? "") : res.status();
    if (actual !== expected[who]) failures.push(`${who}: expected ${expected[who]}, got ${actual}`);
    await ctx.close();
  }
  // The customer themselves, signed in: 404 too.
  const own = await browser.newContext({ baseURL });
  await own.request.post("/api/test/session", { data: { email, password: "Tidy-Wheels-Arch-42" } });
  const res = await own.request.get(path, { maxRedirects: 0 });
  if (res.status() !== 404) failures.push(`the customer themselves: expected 404, got ${res.status()}`);
  await own.close();
  expect(failures).toEqual([]);
});

// The customer's own booking pages: the customer it belongs to only (another customer: 404, as for an id
// that is not a booking; an admin is sent to the back office, where the booking has its admin page).
test("access matrix: a customer's own booking and its receipt", async ({ browser, request, baseURL }) => {
  const admin = await contextFor(browser, "admin", request, baseURL ?? "");
  const made = await admin.request.post("/api/test/bookings", {
    data: {
      status: "confirmed",
      customerEmail: credentials.customer.email,
      teamName: "Van A",
      startsAt: new Date(Date.now() + 93 * 24 * 3_600_000).toISOString(),
    },
  });
  expect(made.status()).toBe(200);
  const id = ((await made.json()) as { data: { id: string } }).data.id;
  await admin.close();
  const failures: string[] = [];
  for (const path of [`/dashboard/bookings/${id}`, `/dashboard/bookings/${id}/receipt`]) {
    const expected: Record<Who, Expect> = {
      visitor: login(path),
      customer: 200,
      otherCustomer: 404,
      admin: "/admin",
      banned: login(path),
      staff: 404,
    };
    for (const who of Object.keys(expected) as Who[]) {
      const ctx = await contextFor(browser, who, request, baseURL ?? "");
      const res = await ctx.request.get(path, { maxRedirects: 0 });
      const actual =
        res.status() >= 300 && res.status() < 400 ? (res.headers().location ?? "") : res.status();
      if (actual !== expected[who]) failures.push(`${who} ${path}: expected ${expected[who]}, got ${actual}`);
      await ctx.close();
    }
  }
  expect(failures).toEqual([]);
});

// A payment link's page (/booking/pay): its token opens it for anyone who holds the link; without the
// token, only the booking's customer signed in.
test("access matrix: a booking's payment-link page", async ({ browser, request, baseURL }) => {
  const admin = await contextFor(browser, "admin", request, baseURL ?? "");
  const made = await admin.request.post("/api/test/bookings", {
    data: {
      status: "confirmed",
      customerEmail: credentials.customer.email,
      teamName: "Van A",
      startsAt: new Date(Date.now() + 91 * 24 * 3_600_000).toISOString(),
    },
  });
  expect(made.status()).toBe(200);
  const b = ((await made.json()) as { data: { reference: string; accessToken: string } }).data;
  await admin.close();
  const withToken = `/booking/pay?ref=${b.reference}&token=${b.accessToken}`;
  const without = `/booking/pay?ref=${b.reference}`;
  const expected: Record<Who, [Expect, Expect]> = {
    visitor: [200, 404],
    customer: [200, 200],
    otherCustomer: [200, 404],
    admin: [200, 404],
    banned: [200, 404],
    staff: [200, 404],
  };
  const failures: string[] = [];
  for (const who of Object.keys(expected) as Who[]) {
    const ctx = await contextFor(browser, who, request, baseURL ?? "");
    for (const [i, path] of [withToken, without].entries()) {
      const res = await ctx.request.get(path, { maxRedirects: 0 });
      if (res.status() !== expected[who][i])
        failures.push(`${who} ${path}: expected ${expected[who][i]}, got ${res.status()}`);
    }
    await ctx.close();
  }
  expect(failures).toEqual([]);
});

// The live event stream never ends, so it can't be a row: the answer's status and type are read, then the
// connection is dropped. Only a signed-in, active person gets a stream (each only their own events —
// tests/e2e/customer/live.spec.ts).
test("access matrix: the live event stream", async ({ browser, request, baseURL }) => {
  const expected: Record<Who, number> = {
    visitor: 401,
    customer: 200,
    otherCustomer: 200,
    admin: 200,
    banned: 401,
    staff: 200,
  };
  const failures: string[] = [];
  for (const who of Object.keys(expected) as Who[]) {
    const ctx = await contextFor(browser, who, request, baseURL ?? "");
    const cookie = (await ctx.storageState()).cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    const abort = new AbortController();
    const res = await fetch(`${baseURL}/api/events`, { headers: { cookie }, signal: abort.signal });
    const type = res.headers.get("content-type") ?? "";
    abort.abort();
    if (res.status !== expected[who]) failures.push(`${who}: expected ${expected[who]}, got ${res.status}`);
    if (res.status === 200 && !type.startsWith("text/event-stream")) failures.push(`${who}: got ${type}`);
    await ctx.close();
  }
  expect(failures).toEqual([]);
});

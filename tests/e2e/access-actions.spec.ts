import fs from "node:fs";
import path from "node:path";
import type { APIRequestContext, Browser } from "@playwright/test";
import { createUser, credentials, expect, test } from "./support/fixtures";

// Every server action × who may call it (issue 18). The build's server-action manifest lists every action;
// each must have a row here — a new action without one fails this test. Each action is called over HTTP,
// as the browser would (POST with its Next-Action id, from the app's origin), by everyone who must be
// refused, and the answer must be that refusal: a visitor or a deactivated user is asked to sign in, a
// customer calling an admin action (or an admin a customer's) is told it doesn't exist. An action is
// never called by someone it would serve: nothing here changes data.

type Requirement = "public" | "signed_in" | "customer" | "admin" | "staff";
type Who = "visitor" | "banned" | "customer" | "admin" | "staff";

const ACTIONS: Record<string, Requirement> = {
  // src/modules/accounts/actions.ts
  confirmEmailChangeAction: "signed_in",
  deleteAccountAction: "signed_in",
  requestEmailChangeAction: "signed_in",
  setConsentAction: "public",
  updateMarketingAction: "signed_in",
  updatePreferencesAction: "signed_in",
  updateProfileAction: "signed_in",
  // src/modules/accounts/admin-customer-actions.ts
  addBusinessContactAction: "admin",
  reactivateCustomerAction: "admin",
  removeBusinessContactAction: "admin",
  saveBusinessAction: "admin",
  saveCustomerNotesAction: "admin",
  sendCustomerSetupLinkAction: "admin",
  updateCustomerContactAction: "admin",
  // src/modules/accounts/admin-team-actions.ts
  deactivateStaffAction: "admin",
  inviteAdminAction: "admin",
  inviteStaffAction: "admin",
  removeAdminAction: "admin",
  setStaffTeamsAction: "admin",
  // src/modules/accounts/garage-actions.ts
  defaultAddressAction: "customer",
  defaultVehicleAction: "customer",
  deleteAddressAction: "customer",
  deleteVehicleAction: "customer",
  saveAddressAction: "customer",
  saveVehicleAction: "customer",
  // src/modules/availability/block-actions.ts
  createBlockAction: "admin",
  deleteBlockAction: "admin",
  // src/modules/availability/hours-actions.ts
  closeHolidayAction: "admin",
  deleteOverrideAction: "admin",
  openHolidayAction: "admin",
  saveHolidayRegionAction: "admin",
  saveOverrideAction: "admin",
  saveWeeklyHoursAction: "admin",
  // src/modules/availability/team-actions.ts
  createTeamAction: "admin",
  deleteTeamAction: "admin",
  moveTeamAction: "admin",
  setTeamActiveAction: "admin",
  updateTeamAction: "admin",
  // src/modules/bookings/admin-actions.ts
  approveBookingAction: "admin",
  cancelBookingAsAdminAction: "admin",
  completeBookingAction: "admin",
  declineBookingAction: "admin",
  freeRemainingTimeAction: "admin",
  noShowBookingAction: "admin",
  resendBookingEmailAction: "admin",
  saveInternalNotesAction: "admin",
  startBookingAction: "admin",
  // src/modules/booking-moves/actions.ts
  bookingSlotDayAction: "admin",
  moveBookingAction: "admin",
  reassignTeamAction: "admin",
  // src/modules/phone-bookings/admin-phone-actions.ts
  createPhoneBookingAction: "admin",
  customerSavedAction: "admin",
  phoneJobDayAction: "admin",
  phoneQuoteAction: "admin",
  searchCustomersAction: "admin",
  // src/modules/reschedule/reschedule-actions.ts
  acceptRescheduleOfferAction: "customer",
  approveRescheduleAction: "admin",
  counterOfferRescheduleAction: "admin",
  declineRescheduleAction: "admin",
  declineRescheduleOfferAction: "customer",
  offerSlotDayAction: "admin",
  requestRescheduleAction: "customer",
  rescheduleSlotDayAction: "customer",
  withdrawRescheduleAction: "customer",
  // src/modules/receivables/actions.ts
  removeBusinessAction: "admin",
  // src/modules/series/actions.ts (the use cases check a customer acts on their own booking)
  changeSeriesAction: "signed_in",
  createSeriesAction: "signed_in",
  endSeriesAction: "signed_in",
  pauseSeriesAction: "signed_in",
  holdSeriesDateAction: "signed_in",
  planSeriesAction: "signed_in",
  // src/modules/reminders/site-check-actions.ts (the reminder's signed link is the key)
  answerSiteCheckAction: "public",
  // src/modules/calendar-feeds/calendar-feed-actions.ts (the use case checks who may hold which feed)
  createCalendarFeedAction: "signed_in",
  revokeCalendarFeedAction: "signed_in",
  // src/modules/reschedule/weather-actions.ts (the admin's weather day; the customer's signed link is the key)
  acceptWeatherOfferAction: "public",
  askAnotherWeatherTimeAction: "public",
  liftWeatherDayAction: "admin",
  markWeatherDayAction: "admin",
  previewWeatherDayAction: "admin",
  // src/modules/time-requests/time-request-actions.ts (the use cases check a customer acts on their own)
  askForTimeAction: "customer",
  declineProposalAction: "customer",
  withdrawTimeRequestAction: "customer",
  closeTimeRequestAction: "admin",
  proposeTimeAction: "admin",
  requestSlotDayAction: "admin",
  // src/modules/catalogue/actions.ts
  createCategoryAction: "admin",
  createServiceAction: "admin",
  createVehicleSizeAction: "admin",
  deleteCategoryAction: "admin",
  deleteServiceAction: "admin",
  deleteVehicleSizeAction: "admin",
  moveCategoryAction: "admin",
  moveVehicleSizeAction: "admin",
  setCategoryActiveAction: "admin",
  setServiceActiveAction: "admin",
  setVehicleSizeActiveAction: "admin",
  updateCategoryAction: "admin",
  updateServiceAction: "admin",
  updateVehicleSizeAction: "admin",
  // src/modules/catalogue/zone-actions.ts
  checkZonePostcodeAction: "admin",
  createZoneAction: "admin",
  deleteZoneAction: "admin",
  setZoneActiveAction: "admin",
  updateZoneAction: "admin",
  // src/modules/notifications/actions.ts
  retryEmailAction: "admin",
  // src/modules/booking-cancel/actions.ts
  cancelMyBookingAction: "customer",
  cancelWithRefundAction: "admin",
  deactivateCustomerAction: "admin",
  // src/modules/payments/actions.ts
  cancelPendingBookingAction: "public",
  cancelTestCheckoutAction: "public",
  payBalanceAction: "public",
  payTestCheckoutAction: "public",
  retryCheckoutAction: "public",
  // src/modules/payments/admin-actions.ts
  recordPaymentAction: "admin",
  adjustPriceAction: "admin",
  refundBookingAction: "admin",
  sendPaymentLinkAction: "admin",
  // src/modules/pricing/actions.ts
  savePricesAction: "admin",
  // src/modules/settings/actions.ts
  saveBookingRulesAction: "admin",
  saveBusinessSettingsAction: "admin",
  saveNotificationSettingsAction: "admin",
  savePaymentSettingsAction: "admin",
  savePolicyTextsAction: "admin",
  // src/modules/staff/admin-actions.ts (a job's photos on the admin's booking page: remove, put back)
  removeJobPhotoAsAdminAction: "admin",
  restoreJobPhotoAction: "admin",
  // src/modules/staff/actions.ts (the technician's day; the use cases check the job is their team's)
  completeJobAction: "staff",
  recordDayPaymentAction: "staff",
  removeJobPhotoAction: "staff",
  saveJobNotesAction: "staff",
  startJobAction: "staff",
};

/** Who must be refused, and with which code. */
const REFUSED: Record<Requirement, Partial<Record<Who, string>>> = {
  public: {},
  signed_in: { visitor: "UNAUTHENTICATED", banned: "UNAUTHENTICATED" },
  customer: { visitor: "UNAUTHENTICATED", banned: "UNAUTHENTICATED", admin: "NOT_FOUND", staff: "NOT_FOUND" },
  admin: { visitor: "UNAUTHENTICATED", banned: "UNAUTHENTICATED", customer: "NOT_FOUND", staff: "NOT_FOUND" },
  staff: { visitor: "UNAUTHENTICATED", banned: "UNAUTHENTICATED", customer: "NOT_FOUND", admin: "NOT_FOUND" },
};

type ManifestEntry = { workers: Record<string, unknown>; filename: string; exportedName: string };

function manifest(): [string, ManifestEntry][] {
  const file = path.join(process.cwd(), ".next", "server", "server-reference-manifest.json");
  const parsed = JSON.parse(fs.readFileSync(file, "utf8")) as { node: Record<string, ManifestEntry> };
  return Object.entries(parsed.node);
}

/** A page that carries the action: "app/(public)/settings/privacy/page" → "/settings/privacy". */
function pageOf(worker: string): string {
  const route = worker
    .replace(/^app/, "")
    .replace(/\/(page|route)$/, "")
    .split("/")
    .filter((s) => s && !/^\(.+\)$/.test(s))
    .map((s) => (/^\[.+\]$/.test(s) ? "00000000-0000-4000-8000-000000000000" : s))
    .join("/");
  return `/${route}`;
}

async function contextFor(browser: Browser, who: Who, request: APIRequestContext, baseURL: string) {
  const ctx = await browser.newContext({ baseURL });
  const signIn = async (email: string, password: string) =>
    expect((await ctx.request.post("/api/test/session", { data: { email, password } })).status()).toBe(200);
  if (who === "customer") await signIn(credentials.customer.email, credentials.customer.password);
  if (who === "admin") await signIn(credentials.admin.email, credentials.admin.password);
  if (who === "staff") await signIn(credentials.staff.email, credentials.staff.password);
  if (who === "banned") {
    const u = await createUser(request);
    await signIn(u.email, u.password);
    await request.post("/api/test/users?ban=1", { data: { email: u.email } });
  }
  return ctx;
}

test("every server action has a row", () => {
  const names = manifest().map(([, e]) => e.exportedName);
  const missing = names.filter((n) => !(n in ACTIONS));
  expect(missing, "add these actions to ACTIONS in tests/e2e/access-actions.spec.ts").toEqual([]);
  const gone = Object.keys(ACTIONS).filter((n) => !names.includes(n));
  expect(gone, "these rows name actions that no longer exist").toEqual([]);
});

for (const who of ["visitor", "banned", "customer", "admin", "staff"] as Who[]) {
  test(`server actions refuse: ${who}`, async ({ browser, request, baseURL }) => {
    test.slow();
    const ctx = await contextFor(browser, who, request, baseURL ?? "");
    const failures: string[] = [];
    let checked = 0;
    for (const [id, entry] of manifest()) {
      const expected = REFUSED[ACTIONS[entry.exportedName] ?? "public"][who];
      if (!expected) continue;
      const worker = Object.keys(entry.workers)[0] ?? "app/page";
      const res = await ctx.request.post(pageOf(worker), {
        headers: {
          "Next-Action": id,
          Origin: baseURL ?? "",
          Accept: "text/x-component",
          "Content-Type": "text/plain;charset=UTF-8",
        },
        data: "[{}]",
        maxRedirects: 0,
      });
      const body = await res.text();
      const code = /"code":"([A-Z_]+)"/.exec(body)?.[1] ?? `HTTP ${res.status()}`;
      checked += 1;
      if (code !== expected)
        failures.push(`${entry.exportedName} (${entry.filename}): expected ${expected}, got ${code}`);
    }
    await ctx.close();
    expect(failures).toEqual([]);
    expect(checked).toBeGreaterThan(who === "admin" ? 5 : 50);
  });
}

import type { UserRole } from "./enums";
// Every link the shells show comes from here. A route appears only once its page exists (no link to a
// page that a later issue will build), so adding a screen means adding its entry here.

export type NavItem = {
  href: string;
  label: string;
  /** A count shown next to it (the layout supplies it). */ badge?: NavBadge;
};
export type NavBadge = "rescheduleRequests" | "timeRequests";
export type NavGroup = { label: string; items: NavItem[] };

export const routes = {
  home: "/",
  book: "/book",
  bookService: (slug: string, postcode?: string | null) =>
    `/book?service=${encodeURIComponent(slug)}${postcode ? `&postcode=${encodeURIComponent(postcode)}` : ""}`,
  bookingPolicies: "/booking-policies",
  privacyPolicy: "/privacy-policy",
  termsOfService: "/terms-of-service",
  adminToday: "/admin",
  adminBoard: "/admin/enhanced-dashboard",
  adminHelp: "/admin/help",
  adminAccount: "/admin/account",
  adminSettings: "/admin/settings",
  adminEmails: "/admin/emails",
  adminEmail: (id: string) => `/admin/emails/${id}`,
  adminReports: "/admin/reports",
  adminAnalytics: "/admin/analytics",
  adminReportsCsv: (report: string) => `/admin/reports/export/${report}`,
  adminBookings: "/admin/bookings",
  adminRescheduleRequests: "/admin/reschedule-requests",
  adminTimeRequests: "/admin/time-requests",
  adminTimeRequest: (id: string) => `/admin/time-requests/${id}`,
  adminBookingsCsv: "/admin/bookings/export.csv",
  adminBooking: (id: string) => `/admin/bookings/${id}`,
  adminNewBooking: "/admin/bookings/new",
  adminNewBookingFor: (customerId: string) =>
    `/admin/bookings/new?customer=${encodeURIComponent(customerId)}`,
  adminCustomers: "/admin/customers",
  adminCustomersCsv: "/admin/customers/export.csv",
  adminCustomer: (id: string) => `/admin/customers/${id}`,
  adminReceivables: "/admin/receivables",
  adminSchedule: "/admin/schedule",
  adminScheduleHours: "/admin/schedule/hours",
  adminTeams: "/admin/schedule/teams",
  adminWeather: "/admin/schedule/weather",
  adminServices: "/admin/services",
  adminNewService: "/admin/services/new",
  adminService: (id: string) => `/admin/services/${id}`,
  adminPricing: "/admin/services/pricing",
  adminCategories: "/admin/services/categories",
  adminVehicleSizes: "/admin/services/vehicle-sizes",
  login: "/auth/login",
  register: "/auth/register",
  verifyEmail: "/auth/verify-email",
  forgotPassword: "/auth/forgot-password",
  resetPassword: "/auth/reset-password",
  setupPassword: "/auth/setup-password",
  confirmEmailChange: "/auth/confirm-email-change",
  accountSettings: "/dashboard/settings",
  dashboard: "/dashboard",
  staff: "/staff",
  staffAccount: "/staff/account",
  staffManifest: "/staff/manifest.webmanifest",
  /** A job photo: private to the admin, the job's team and the booking's customer. */
  jobPhoto: (id: string, size: "full" | "thumb" = "full") =>
    size === "thumb" ? `/api/job-photos/${id}?size=thumb` : `/api/job-photos/${id}`,
  myBookings: "/dashboard/bookings",
  /** "Ask for a time" (ADR 0057), with the wizard's choices in its query string. */
  askForTime: "/book/ask",
  myTimeRequest: (id: string) => `/dashboard/bookings/requests/${id}`,
  myVehicles: "/dashboard/vehicles",
  myAddresses: "/dashboard/addresses",
  privacySettings: "/settings/privacy",
  dataExport: "/settings/privacy/export",
} as const;

/** The signed-in person's own profile, email and password page: the customer area or the back office. */
export function accountSettingsFor(role: UserRole): string {
  return role === "admin"
    ? routes.adminAccount
    : role === "staff"
      ? routes.staffAccount
      : routes.accountSettings;
}

/** Where a signed-in person's own area starts: the admin's Today, a technician's day, the customer's overview. */
export function homeFor(role: UserRole): string {
  return role === "admin" ? routes.adminToday : role === "staff" ? routes.staff : routes.dashboard;
}

export const publicNav: NavItem[] = [
  { href: routes.home, label: "Services" },
  { href: routes.book, label: "Book now" },
  { href: routes.bookingPolicies, label: "Booking policies" },
];

export const footerNav: NavItem[] = [
  { href: routes.bookingPolicies, label: "Booking policies" },
  { href: routes.privacyPolicy, label: "Privacy policy" },
  { href: routes.termsOfService, label: "Terms of service" },
  { href: routes.privacySettings, label: "Privacy settings" },
];

/**
 * Upload ids are UUIDs. The stored file's type travels in its Content-Type (a photo is WebP, a product
 * illustration SVG), so the URL carries no extension; the old "<id>.webp" links still resolve.
 */
export const uploadUrl = (uploadId: string) => `/uploads/${uploadId}`;

/** Admin sidebar groups, in the order of the design guide. Groups with no built page are hidden. */
export const adminNav: NavGroup[] = [
  {
    label: "Today",
    items: [
      { href: routes.adminToday, label: "Today" },
      { href: routes.adminBoard, label: "Live board" },
    ],
  },
  {
    label: "Work",
    items: [
      { href: routes.adminBookings, label: "Bookings" },
      { href: routes.adminCustomers, label: "Customers" },
      { href: routes.adminReceivables, label: "Receivables" },
      { href: routes.adminRescheduleRequests, label: "Reschedule requests", badge: "rescheduleRequests" },
      { href: routes.adminTimeRequests, label: "Requests for a time", badge: "timeRequests" },
      { href: routes.adminSchedule, label: "Schedule" },
      { href: routes.adminScheduleHours, label: "Opening hours" },
      { href: routes.adminTeams, label: "Teams" },
      { href: routes.adminWeather, label: "Weather days" },
    ],
  },
  {
    label: "Catalogue",
    items: [
      { href: routes.adminServices, label: "Services" },
      { href: routes.adminPricing, label: "Prices & zones" },
      { href: routes.adminCategories, label: "Categories" },
      { href: routes.adminVehicleSizes, label: "Vehicle sizes" },
    ],
  },
  {
    label: "Insight",
    items: [
      { href: routes.adminReports, label: "Reports" },
      { href: routes.adminAnalytics, label: "Analytics" },
    ],
  },
  {
    label: "Settings",
    items: [
      { href: routes.adminSettings, label: "Business settings" },
      { href: routes.adminEmails, label: "Email outbox" },
      { href: routes.adminAccount, label: "Your account" },
      { href: routes.adminHelp, label: "Help & status" },
    ],
  },
];

/** Customer area navigation (dashboard pages are added here as they are built). */
export const customerNav: NavItem[] = [
  { href: routes.dashboard, label: "Overview" },
  { href: routes.myBookings, label: "Bookings" },
  { href: routes.myVehicles, label: "Vehicles" },
  { href: routes.myAddresses, label: "Addresses" },
  { href: routes.accountSettings, label: "Account settings" },
  { href: routes.privacySettings, label: "Privacy" },
];

/** `?next=` values are internal paths only: never an absolute URL, `//host`, or an encoded variant. */
export function safeNextPath(next: string | null | undefined, fallback = "/"): string {
  if (!next) return fallback;
  let decoded = next;
  try {
    for (let i = 0; i < 3 && decoded !== decodeURIComponent(decoded); i++)
      decoded = decodeURIComponent(decoded);
  } catch {
    return fallback;
  }
  const unsafe = (p: string) =>
    !p.startsWith("/") || p.startsWith("//") || p.includes("\\") || /[\u0000-\u001f]/.test(p);
  // Both forms are checked; the original is returned so that encoded query values keep their meaning.
  if (unsafe(decoded) || unsafe(next)) return fallback;
  return next;
}

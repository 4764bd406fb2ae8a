// The module's public server surface: other modules and the app import from here only (ADR 0016).
export { sendDueBookingReminders } from "./booking-reminders";
export { reminderJobs } from "./jobs";
export { maintenanceBookHref } from "./maintenance-book-link";
export { answerSiteCheck, getSiteCheckPage, loadSiteCheckPage, siteCheckToken } from "./site-check";

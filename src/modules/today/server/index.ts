// The module's public server surface: other modules and the app import from here only (ADR 0016).
export { type AdminToday, getAdminToday, loadAdminToday } from "./admin-today";
export { loadJobDays, type TodayJob } from "./admin-today-jobs";
export { type ActivityEntry, loadRecentActivity } from "./admin-today-queue";

// The module's public server surface: other modules and the app import from here only (ADR 0016).
export * from "./booking-access";
export * from "./booking-emails";
export * from "./booking-records";
export * from "./calendar-http";
export * from "./cancel-pending";
export * from "./hold-expiry";
export * from "./jobs";
export * from "./result-page";
export * from "./transition-booking";
export * from "./wizard-http";
export * from "./wizard-page";
export * from "./admin-bookings";
export * from "./admin-bookings-csv";
export * from "./admin-bookings-filters";
export * from "./admin-bookings-options";

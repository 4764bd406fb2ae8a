// The module's public server surface: other modules and the app import from here only (ADR 0016).
export { adminBookingBatches, listAdminBookings } from "./admin-bookings";
export { adminBookingsCsvResponse } from "./admin-bookings-csv";
export { type AdminBookingsQuery, isFiltered, parseAdminBookingsQuery } from "./admin-bookings-filters";
export { adminBookingsPageData } from "./admin-bookings-options";

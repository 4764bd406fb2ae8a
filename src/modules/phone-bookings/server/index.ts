// The module's public server surface: other modules and the app import from here only (ADR 0016).
export {
  customerSavedRecords,
  customerToBookFor,
  loadCustomerToBookFor,
  searchCustomers,
} from "./admin-customer-search";
export { type ProposalOptions, createAdminBooking } from "./create-admin-booking";
export { loadPhoneBookingPage } from "./phone-booking-page";
export { quotePhoneJob } from "./phone-job";

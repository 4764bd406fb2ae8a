// The module's public server surface: other modules and the app import from here only (ADR 0016).
export {
  deactivateCustomer,
  getAdminCustomerProfile,
  loadAdminCustomerProfile,
  reactivateCustomer,
  saveCustomerNotes,
  sendCustomerSetupLink,
  updateCustomerContact,
} from "./admin-customer";
export {
  type AdminCustomerRow,
  type AdminCustomersPage,
  adminCustomerBatches,
  listAdminCustomers,
  loadAdminCustomers,
} from "./admin-customers";
export { adminCustomersCsvResponse } from "./admin-customers-csv";
export { loadAdmins } from "./admin-team";
export { accountAuthEmails } from "./auth-emails";
export { confirmEmail, confirmLinkState } from "./confirm-email";
export { findUserContacts } from "./contacts";
export { createPasswordlessCustomer } from "./create-passwordless-customer";
export { saveAddressForCustomer, saveVehicleForCustomer } from "./customer-records";
export { deletionBlocker, registerAccountErasers } from "./delete-account";
export {
  deleteEntry,
  getMyAddresses,
  getMyVehicles,
  listMyAddresses,
  listMyVehicles,
  registerLiveBookingUsing,
  saveMyAddress,
  saveMyVehicle,
  setDefaultEntry,
} from "./garage";
export { accountHandler, changePasswordHandler, exportMyDataHandler } from "./http-handlers";
export { accountJobs, accountWakeups } from "./jobs";
export { mayEmail } from "./may-email";
export { withPasswordRules } from "./password-rules";
export { setupLinkIfPasswordless } from "./password-setup-link";
export { type AccountUser, findUserByEmail, findUserById, getAccountOrThrow, hasPassword } from "./queries";
export { consumeRateLimit } from "./rate-limit";
export { register } from "./register";
export { requestPasswordReset } from "./request-password-reset";
export { resendVerification } from "./resend-verification";
export { resetPasswordWithToken } from "./reset-password";
export { signIn } from "./sign-in";

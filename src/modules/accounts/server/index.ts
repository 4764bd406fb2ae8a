// The module's public server surface: other modules and the app import from here only (ADR 0016).
export { accountAuthEmails } from "./auth/auth-emails";
export { confirmEmail, confirmLinkState } from "./auth/confirm-email";
export { accountHandler, changePasswordHandler, exportMyDataHandler } from "./auth/http-handlers";
export { withPasswordRules } from "./auth/password-rules";
export { setupLinkIfPasswordless } from "./auth/password-setup-link";
export { register } from "./auth/register";
export { requestPasswordReset } from "./auth/request-password-reset";
export { resendVerification } from "./auth/resend-verification";
export { resetPasswordWithToken } from "./auth/reset-password";
export { signIn } from "./auth/sign-in";
export { createPasswordlessCustomer } from "./create-passwordless-customer";
export { rememberSiteAnswers, saveAddressForCustomer, saveVehicleForCustomer } from "./customer-records";
export {
  deactivateCustomer,
  getAdminCustomerProfile,
  loadAdminCustomerProfile,
  reactivateCustomer,
  saveCustomerNotes,
  sendCustomerSetupLink,
  updateCustomerContact,
} from "./customers/admin-customer";
export { adminCustomerBatches, listAdminCustomers, loadAdminCustomers } from "./customers/admin-customers";
export { adminCustomersCsvResponse } from "./customers/admin-customers-csv";
export { loadAdmins } from "./customers/admin-team";
export {
  addBusinessContact,
  findAccountTerms,
  findBusinessProfile,
  findInvoiceParty,
  listBusinessContacts,
  removeBusinessContact,
  removeBusinessProfile,
  saveBusinessProfile,
} from "./customers/business";
export type { BusinessContact, BusinessProfile } from "./customers/business";
export { findUserContacts } from "./customers/contacts";
export { deletionBlocker } from "./delete-account";
export {
  deleteEntry,
  getMyAddresses,
  getMyVehicles,
  listMyAddresses,
  listMyVehicles,
  saveMyAddress,
  saveMyVehicle,
  setDefaultEntry,
} from "./garage";
export { accountJobs, accountWakeups } from "./jobs";
export { mayEmail } from "./may-email";
export { findUserByEmail, findUserById, getAccountOrThrow, hasPassword } from "./queries";
export {
  deactivateStaff,
  inviteStaff,
  listStaff,
  loadStaff,
  setStaffTeams,
  type StaffMember,
  staffNamesByTeam,
  staffTeamIds,
} from "./customers/staff-members";

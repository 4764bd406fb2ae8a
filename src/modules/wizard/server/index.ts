// The module's public server surface: other modules and the app import from here only (ADR 0016).
export { type BookingResult, loadBookingResult } from "./result-page";
export { bookingStepHandler, bookingSubmitHandler } from "./wizard-http";
export { loadWizardPage } from "./wizard-page";
export { bookAgainHref, loadBookAgainHref } from "./wizard-rebook";
export {
  addressSnapshotOf,
  moreVehicleRecords,
  type MoreVehiclePlan,
  vehicleSnapshotOf,
} from "./wizard-records";

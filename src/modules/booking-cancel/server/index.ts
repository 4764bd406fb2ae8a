// The module's public server surface: other modules and the app import from here only (ADR 0016).
export {
  ALREADY_CANCELLED,
  type Cancelled,
  cancelBooking,
  cancelMyBooking,
  cancelWithRefund,
} from "./cancel-booking";
export {
  CUSTOMER_CANCELLABLE,
  type MyCancelOffer,
  getMyCancelOffer,
  loadMyCancelOffer,
} from "./cancel-offer";
export { type DeactivationResult, deactivateCustomerAndCancel } from "./customer-deactivation";

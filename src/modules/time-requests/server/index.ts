// The module's public server surface: other modules and the app import from here only (ADR 0016).
export { type AskedResult, askForTime } from "./ask-for-time";
export { loadAskPage, type AskPage } from "./ask-page";
export { bookTimeRequestOfBooking, settleTimeRequestOfEndedBooking } from "./booking-hooks";
export { eraseCustomerFromTimeRequests } from "./erase";
export { proposeTime } from "./propose-time";
export { closeTimeRequest, declineProposal, withdrawTimeRequest } from "./request-answers";
export {
  ADMIN_FILTERS,
  type AdminFilter,
  type AdminTimeRequestPage,
  type MyTimeRequest,
  type TimeRequestView,
  countWaitingTimeRequests,
  getRequestSlotDay,
  listWaitingTimeRequests,
  loadMyTimeRequest,
  loadMyTimeRequests,
  loadTimeRequestForAdmin,
  loadTimeRequestsForAdmin,
  loadWaitingTimeRequestCount,
} from "./time-request-views";

// The module's public server surface: other modules and the app import from here only (ADR 0016).
export {
  getMyReschedulePanel,
  getRescheduleSlotDay,
  listMyRescheduleAnswers,
  loadMyRescheduleAnswers,
  loadMyReschedulePanel,
} from "./my-reschedule-views";
export { approveReschedule, counterOfferReschedule, declineReschedule } from "./reschedule-decisions";
export {
  bookingsOfRequests,
  closeRequestsOfEndedBooking,
  eraseCustomerFromRequests,
  expireLapsedRequests,
} from "./reschedule-expiry";
export {
  acceptRescheduleOffer,
  declineRescheduleOffer,
  requestReschedule,
  withdrawReschedule,
} from "./reschedule-requests";
export {
  RESCHEDULE_FILTERS,
  type RescheduleFilter,
  countPendingRescheduleRequests,
  listRescheduleRequests,
  loadBookingRescheduleRequests,
  loadPendingRescheduleCount,
  loadRescheduleQueue,
} from "./reschedule-views";
export { acceptWeatherOffer, askAnotherWeatherTime } from "./weather-answers";
export { liftWeatherDay, markWeatherDay } from "./weather-days";
export { verifyWeatherToken, weatherToken } from "./weather-links";
export {
  getMyWeatherOffer,
  getWeatherOfferPage,
  listWeatherDays,
  loadMyWeatherOffer,
  loadWeatherDaysPage,
  loadWeatherOfferPage,
  previewWeatherDay,
} from "./weather-views";

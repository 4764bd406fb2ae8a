// The module's public server surface: other modules and the app import from here only (ADR 0016).
export {
  bookingsOfRequests,
  closeRequestsOfEndedBooking,
  eraseCustomerFromRequests,
  expireLapsedRequests,
} from "./reschedule-expiry";
export {
  acceptRescheduleOffer,
  approveReschedule,
  counterOfferReschedule,
  declineReschedule,
  declineRescheduleOffer,
  requestReschedule,
  withdrawReschedule,
} from "./reschedule-requests";
export {
  RESCHEDULE_FILTERS,
  type RescheduleFilter,
  countPendingRescheduleRequests,
  getMyReschedulePanel,
  getRescheduleSlotDay,
  listMyRescheduleAnswers,
  listRescheduleRequests,
  loadBookingRescheduleRequests,
  loadMyRescheduleAnswers,
  loadMyReschedulePanel,
  loadPendingRescheduleCount,
  loadRescheduleQueue,
} from "./reschedule-views";
export { acceptWeatherOffer, askAnotherWeatherTime, liftWeatherDay, markWeatherDay } from "./weather-days";
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

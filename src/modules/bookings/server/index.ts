// The module's public server surface: other modules and the app import from here only (ADR 0016).
export { assertBookingCrew, assertCrewMayAct, assertOnCrewDays, saveJobNotes } from "./crew/crew";
export { type JobCrew, jobCrew } from "./crew/job-crew";
export { loadMoreVisitVehicles } from "./booking-vehicles";
export {
  assertBookingAdmin,
  changeBookingAsAdmin,
  staleMessage,
  tellCustomerBookingEnded,
} from "./admin/admin-booking-actions";
export { describeEvent, getAdminBookingPage, loadAdminBookingPage } from "./admin/admin-booking-view";
export { findBookingForViewer, isOwner } from "./booking-access";
export {
  type SavedAddress,
  type SavedVehicle,
  findOwnedAddress,
  findOwnedVehicle,
  findRunBooking,
  type RunBooking,
  listSaved,
  loadBookingCatalogue,
} from "./booking-catalogue";
export { bookingLiveColumns, bookingMoneyColumns, bookingTitleSql } from "./booking-columns";
export { announceNewBooking, announceQuietly, newBookingRecord } from "./booking-core";
export { findBookingDocumentFacts } from "./booking-document-facts";
export {
  type BusinessAlert,
  adminAddress,
  bookingContext,
  enqueueBusinessAlert,
  enqueueCustomerEmail,
  enqueueCompleteYourBooking,
} from "./booking-emails";
export { buildBookingIcs, icsAttachment } from "./booking-ics";
export { setBookingTime, takeBookingTime } from "./booking-time";
export {
  type Booking,
  type BookingRecordInput,
  addToBookingLedger,
  claimBookingReminder,
  eraseCustomerFromBookings,
  extendPaymentHold,
  findCustomerBooking,
  attachToSeries,
  insertBookingRecord,
  vehiclePositionOf,
  lockBooking,
  recordBookingEvents,
  setBookingCharge,
  setSiteCheckAnswer,
} from "./booking-records";
export {
  BOOKING_STATUS_LABELS,
  type BookingView,
  bookingHeading,
  bookingStatusLabel,
  getBookingView,
} from "./booking-view";
export { type CancelPendingActor, type CancelPendingInput, cancelPendingBooking } from "./cancel-pending";
export {
  customerBookingFactsSql,
  customerFactsSource,
  customerValueMinor,
  listCustomerBookingsForAdmin,
  loadCustomerBookingsForAdmin,
  loadCustomerValueMinor,
  upcomingBookingsOf,
} from "./customer-facts";
export {
  type BookedFigures,
  bookedFigures,
  bookingIdsOfCustomer,
  bookingsOfCustomer,
  findBooking,
  findBookingByIdempotencyKey,
  type JobRow,
  jobsOverlapping,
  latestBookingOf,
  remindableBookings,
  visitsOfSeries,
} from "./reads/booking-reads";
export { bookingHoldExpiry, expireHolds, expireLapsedHold, publishExpired } from "./hold-expiry";
export { bookingJobs } from "./jobs";
export { getMyBooking, listMyBookings, loadMyBooking, loadMyBookings } from "./my-bookings";
export { liveBookingUsing } from "./saved-entry-use";
export {
  type BookingEndedListener,
  type ChargeFallListener,
  PAYMENT_ACTOR,
  announceBooking,
  publishBookingUpdated,
  transitionBooking,
} from "./transition-booking";
export { bookingChoices } from "./reads/booking-choices";

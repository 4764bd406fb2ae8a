import "server-only";
import { registerAuthEmails } from "@/server/auth/auth";
import {
  accountAuthEmails,
  registerAccountErasers,
  registerLiveBookingUsing,
} from "@/modules/accounts/server";
import { registerHoldExpiry } from "@/modules/availability/server";
import {
  bookingHoldExpiry,
  eraseCustomerFromBookings,
  liveBookingUsing,
  registerRequestExpiry,
  registerTransitionHooks,
} from "@/modules/bookings/server";
import {
  bookingsOfRequests,
  closeRequestsOfEndedBooking,
  eraseCustomerFromRequests,
  expireLapsedRequests,
} from "@/modules/reschedule/server";
import { creditChargeFall } from "@/modules/payments/server";

/**
 * The composition root: the one place that tells the platform (src/server) about the modules, and a
 * module about another that depends on it (ADR 0044) — auth's emails; availability's hold expiry and
 * accounts' "is this vehicle or address in use" (bookings' answers); what happens inside a booking's
 * transition (payments' credit of a fallen charge, ADR 0040; reschedule's closing of an ended booking's
 * request); the reschedule requests' share of the hold expiry; and what bookings and reschedule erase
 * with an account. The background jobs are in ./jobs.ts. The web process (boot), the worker, the scripts
 * and the tests all call it first. Idempotent.
 */
export function composeApp(): void {
  registerAuthEmails(accountAuthEmails);
  registerHoldExpiry(bookingHoldExpiry);
  registerLiveBookingUsing(liveBookingUsing);
  registerTransitionHooks({ chargeFall: creditChargeFall, bookingEnded: closeRequestsOfEndedBooking });
  registerRequestExpiry({ expire: expireLapsedRequests, bookingsOf: bookingsOfRequests });
  registerAccountErasers([eraseCustomerFromBookings, eraseCustomerFromRequests]);
}

import "server-only";
import { providePorts } from "@/server/ports";
import { accountAuthEmails } from "@/modules/accounts/server";
import { bookingHoldExpiry, eraseCustomerFromBookings, liveBookingUsing } from "@/modules/bookings/server";
import {
  bookingsOfRequests,
  closeRequestsOfEndedBooking,
  eraseCustomerFromRequests,
  expireLapsedRequests,
} from "@/modules/reschedule/server";
import { creditChargeFall, invoiceConfirmedOnAccount } from "@/modules/payments/server";
import { eraseJobPhotosWith } from "@/modules/staff/server";
import {
  bookTimeRequestOfBooking,
  eraseCustomerFromTimeRequests,
  settleTimeRequestOfEndedBooking,
} from "@/modules/time-requests/server";
import type { Tx } from "@/server/db";
import { revokeCalendarFeedsOf } from "@/modules/calendar-feeds/server";
import { getStorage } from "@/server/storage";

type BookingListener = (tx: Tx, bookingId: string, now: Date) => Promise<void>;

/** Two modules' answers to one change of a booking, one after the other in its transaction. */
const both =
  (first: BookingListener, second: BookingListener): BookingListener =>
  async (tx, bookingId, now) => {
    await first(tx, bookingId, now);
    await second(tx, bookingId, now);
  };

/**
 * The composition root: the one place that tells the platform (src/server) about the modules, and a
 * module about another that depends on it (ADR 0044, ADR 0045). It passes every port (`Ports`, declared
 * by the modules that need them) in one object — leave one out and this does not compile: auth's emails;
 * availability's hold expiry and accounts' "is this vehicle or address in use" (bookings' answers); what
 * happens inside a booking's transition (payments' credit of a fallen charge, ADR 0040; reschedule's
 * closing of an ended booking's request, and a time request's answer from its proposal's booking — booked, declined or expired, ADR 0057; payments' invoice of a booking confirmed on account); the reschedule requests' share of the hold expiry; and what
 * bookings, reschedule and staff (job photos) erase with an account; what calendar feeds turn off when a
 * person loses access. The background jobs are in ./jobs.ts. The web process
 * (boot), the worker, the scripts and the tests all call it first. Idempotent.
 */
export function composeApp(): void {
  providePorts({
    authEmails: accountAuthEmails,
    holdExpiry: bookingHoldExpiry,
    liveBookingUsing,
    transitionHooks: {
      chargeFall: creditChargeFall,
      bookingEnded: both(closeRequestsOfEndedBooking, settleTimeRequestOfEndedBooking),
      bookingConfirmed: both(invoiceConfirmedOnAccount, bookTimeRequestOfBooking),
    },
    requestExpiry: { expire: expireLapsedRequests, bookingsOf: bookingsOfRequests },
    accountErasers: [
      eraseCustomerFromBookings,
      eraseCustomerFromRequests,
      eraseCustomerFromTimeRequests,
      eraseJobPhotosWith(getStorage),
    ],
    accessRevokers: [revokeCalendarFeedsOf],
  });
}

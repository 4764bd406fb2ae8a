import "server-only";
import { registerAuthEmails } from "@/server/auth/auth";
import { accountAuthEmails, registerLiveBookingUsing } from "@/modules/accounts/server";
import { registerHoldExpiry } from "@/modules/availability/server";
import { bookingHoldExpiry, liveBookingUsing, registerChargeFall } from "@/modules/bookings/server";
import { creditChargeFall } from "@/modules/payments/server";

/**
 * The composition root: the one place that tells the platform (src/server) about the modules — auth's
 * emails, availability's hold expiry and accounts' "is this vehicle or address in use" (the bookings
 * module's answers) and payments' credit of a fallen charge (ADR 0040) here, the background jobs in ./jobs.ts. The web process (boot), the worker, the scripts and the
 * tests all call it first. Idempotent.
 */
export function composeApp(): void {
  registerAuthEmails(accountAuthEmails);
  registerHoldExpiry(bookingHoldExpiry);
  registerLiveBookingUsing(liveBookingUsing);
  registerChargeFall(creditChargeFall);
}

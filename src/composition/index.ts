import "server-only";
import { registerAuthEmails } from "@/server/auth/auth";
import { accountAuthEmails } from "@/modules/accounts/server";
import { registerHoldExpiry } from "@/modules/availability/server";
import { bookingHoldExpiry } from "@/modules/bookings/server";

/**
 * The composition root: the one place that tells the platform (src/server) about the modules — auth's
 * emails and availability's hold expiry (the bookings module's) here, the background jobs in ./jobs.ts. The web process (boot), the worker, the scripts and the
 * tests all call it first. Idempotent.
 */
export function composeApp(): void {
  registerAuthEmails(accountAuthEmails);
  registerHoldExpiry(bookingHoldExpiry);
}

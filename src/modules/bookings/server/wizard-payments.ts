import "server-only";

// The booking commit's contract with the payments module, in one place: the booking's emails are queued
// inside the booking's transaction, and a checkout is started once it has committed. (Tests replace
// this module while the payments module is being built.)
export { enqueueBookingEmails } from "@/modules/payments/server/booking-emails";
export { startCheckout } from "@/modules/payments/server/checkout";

import { bookingSubmitHandler } from "@/modules/bookings/server/wizard-http";
import { startCheckout } from "@/modules/payments/server/checkout";

// The booking wizard's final submission (guest checkout or a signed-in customer). Payment is due online
// for some bookings: the payments module starts the checkout once the booking has committed.
export const POST = bookingSubmitHandler(startCheckout);

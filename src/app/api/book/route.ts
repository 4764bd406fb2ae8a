import { bookingSubmitHandler } from "@/modules/wizard/server";
import { startCheckout } from "@/modules/payments/server";

// The booking wizard's final submission (guest checkout or a signed-in customer). Payment is due online
// for some bookings: the payments module starts the checkout once the booking has committed.
export const POST = bookingSubmitHandler(startCheckout);

import { bookingSubmitHandler } from "@/modules/bookings/server/wizard-http";

// The booking wizard's final submission (guest checkout or a signed-in customer).
export const POST = bookingSubmitHandler;

import { bookingStepHandler } from "@/modules/wizard/server";

// The booking wizard's step checks (vehicle, address, your details): field messages as a step is left.
export const POST = bookingStepHandler;

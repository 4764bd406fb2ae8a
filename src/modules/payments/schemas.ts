import { z } from "zod";
import { STANDING_STATUSES } from "@/lib/enums";

/** A booking as the /booking/* pages know it: its reference and (for a guest) its access token. */
export const bookingAccessInput = z.object({
  reference: z.string().trim().min(1).max(20),
  token: z.string().max(200).optional(),
});
export type BookingAccessInput = z.infer<typeof bookingAccessInput>;

/** A test-provider checkout token (signed; see server/test-provider.ts). */
export const testCheckoutInput = z.object({ checkout: z.string().min(20).max(4000) });
export type TestCheckoutInput = z.infer<typeof testCheckoutInput>;

/**
 * Cancel from /dashboard/bookings/{id}: the booking, the status and the money the confirm dialog showed
 * (the paid amount and the refund). The server recomputes them and refuses a dialog that no longer holds.
 */
export const customerCancelInput = z.object({
  bookingId: z.uuid({ error: "This booking could not be found." }),
  from: z.enum(STANDING_STATUSES, { error: "Reload the page and try again." }),
  refundableMinor: z.number({ error: "Reload the page and try again." }).int().min(0),
  refundMinor: z.number({ error: "Reload the page and try again." }).int().min(0),
});
export type CustomerCancelInput = z.infer<typeof customerCancelInput>;

import { z } from "zod";

/** A booking as the /booking/* pages know it: its reference and (for a guest) its access token. */
export const bookingAccessInput = z.object({
  reference: z.string().trim().min(1).max(20),
  token: z.string().max(200).optional(),
});
export type BookingAccessInput = z.infer<typeof bookingAccessInput>;

/** A test-provider checkout token (signed; see server/test-provider.ts). */
export const testCheckoutInput = z.object({ checkout: z.string().min(20).max(4000) });
export type TestCheckoutInput = z.infer<typeof testCheckoutInput>;

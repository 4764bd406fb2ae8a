import { z } from "zod";
import { STANDING_STATUSES } from "@/lib/enums";
import {
  bookingIdField,
  customerReasonField,
  moneyAmountField,
  shownMinorField,
  shownStatusField,
} from "@/modules/payments/admin-money-schemas";

// The inputs of the two Cancel buttons: the customer's (/dashboard/bookings/{id}) and the admin's
// (/admin/bookings/{id}). Each carries what its dialog showed; the use case refuses one that no longer holds.

/**
 * The customer's: the booking, the status and the money the confirm dialog showed (the paid amount and the
 * refund). The server recomputes them and refuses a dialog that no longer holds.
 */
export const customerCancelInput = z.object({
  bookingId: z.uuid({ error: "This booking could not be found." }),
  from: z.enum(STANDING_STATUSES, { error: "Reload the page and try again." }),
  refundableMinor: z.number({ error: "Reload the page and try again." }).int().min(0),
  refundMinor: z.number({ error: "Reload the page and try again." }).int().min(0),
});
export type CustomerCancelInput = z.infer<typeof customerCancelInput>;

/** The admin's: their reason and refund (the policy's by default), typed as money. */
export const cancelWithRefundInput = z
  .object({
    bookingId: bookingIdField,
    from: shownStatusField,
    amount: moneyAmountField.refine((m) => m >= 0, "Enter zero or more."),
    refundableMinor: shownMinorField,
    reason: customerReasonField,
    /** On account, a late cancellation's fee is invoiced unless the admin waives it (ADR 0059). */
    chargeFee: z.boolean().optional().default(true),
  })
  .transform((v) => ({
    bookingId: v.bookingId,
    from: v.from,
    refundMinor: v.amount,
    refundableMinor: v.refundableMinor,
    reason: v.reason,
    chargeFee: v.chargeFee,
  }));
export type CancelWithRefundInput = Omit<z.output<typeof cancelWithRefundInput>, "chargeFee"> & {
  chargeFee?: boolean;
};

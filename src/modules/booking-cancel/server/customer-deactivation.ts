import "server-only";
import { deactivateCustomer } from "@/modules/accounts/server";
import { upcomingBookingsOf } from "@/modules/bookings/server";
import type { Actor } from "@/server/audit";
import type { Db } from "@/server/db";
import { AppError } from "@/server/errors";
import { getAdminMoneyPanel } from "@/modules/payments/server";
import { cancelWithRefund } from "./cancel-booking";

// Deactivating a customer from their admin profile (PRODUCT.md §8). The accounts module ends their
// sessions and refuses them from then on; the upcoming bookings the admin chose to cancel are then each
// cancelled through the admin cancel path of /admin/bookings/{id} (cancelWithRefund: the status change,
// the customer's email, the business alert, the policy's refund, its own audit row).

export type DeactivationResult = {
  sessionsEnded: number;
  cancelled: string[];
  /** Bookings that could not be cancelled (changed meanwhile), left as they are. */
  notCancelled: string[];
};

export async function deactivateCustomerAndCancel(
  db: Db,
  actor: Actor,
  input: { customerId: string; reason: string; cancelBookingIds: string[] },
  { now = new Date() }: { now?: Date } = {},
): Promise<DeactivationResult> {
  if (input.cancelBookingIds.length > 0 && input.reason.trim().length < 3)
    throw new AppError("VALIDATION", undefined, {
      reason: ["Give a reason: the customer sees it on the cancelled bookings."],
    });
  // Only this customer's upcoming bookings can be cancelled from here (anything else is ignored).
  const upcoming = new Set((await upcomingBookingsOf(db, input.customerId, now)).map((b) => b.id));
  const { sessionsEnded } = await deactivateCustomer(db, actor, input);
  const cancelled: string[] = [];
  const notCancelled: string[] = [];
  for (const bookingId of input.cancelBookingIds) {
    if (!upcoming.has(bookingId)) continue;
    const panel = await getAdminMoneyPanel(db, bookingId, now);
    if (!panel) continue;
    try {
      await cancelWithRefund(
        db,
        actor,
        {
          bookingId,
          from: panel.status,
          refundMinor: panel.cancel.refundMinor,
          refundableMinor: panel.refundableMinor,
          reason: input.reason.trim(),
        },
        { now },
      );
      cancelled.push(bookingId);
    } catch (err) {
      if (!(err instanceof AppError) || err.code !== "CONFLICT") throw err;
      notCancelled.push(bookingId);
    }
  }
  return { sessionsEnded, cancelled, notCancelled };
}

import "server-only";
import { and, eq } from "drizzle-orm";
import { releaseBookingHold } from "@/modules/availability/server/holds";
import { canTransition } from "@/modules/bookings/domain/booking-status";
import { cancelOpenCheckouts, expireCheckoutsQuietly } from "@/modules/payments/server/checkout";
import type { DbOrTx } from "@/server/db";
import { bookingEvents, bookings } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { publish } from "@/server/realtime/publish";

// "Cancel booking" on /booking/payment-cancelled: a booking still waiting for its payment is given up
// and its time is freed at once (not when the hold would have lapsed). Nothing was paid, so there is
// nothing to refund; an unpaid checkout is closed, and one paid after all is refunded by the webhook.

export type CancelPendingInput = {
  bookingId: string;
  /** The person cancelling: the signed-in owner, or the customer whose token was used. */
  actorId: string;
  reason?: string;
};

export async function cancelPendingBooking(
  db: DbOrTx,
  input: CancelPendingInput,
  now = new Date(),
): Promise<{ status: "cancelled" }> {
  const closed = await db.transaction(async (tx) => {
    const [booking] = await tx.select().from(bookings).where(eq(bookings.id, input.bookingId)).for("update");
    if (!booking) throw new AppError("NOT_FOUND");
    // A second press (or a second tab) finds it done: nothing more to do.
    if (booking.status === "cancelled") return [];
    if (booking.status !== "pending_payment" || !canTransition(booking.status, "cancelled"))
      throw new AppError(
        "CONFLICT",
        "This booking can't be cancelled here any more. Refresh to see where it is.",
      );
    const [updated] = await tx
      .update(bookings)
      .set({
        status: "cancelled",
        cancelledAt: now,
        cancelledBy: input.actorId,
        cancellationReason: input.reason ?? "Cancelled by the customer before paying.",
        holdExpiresAt: null,
      })
      .where(and(eq(bookings.id, booking.id), eq(bookings.status, "pending_payment")))
      .returning({ id: bookings.id });
    if (!updated) throw new AppError("CONFLICT");
    await releaseBookingHold(tx, booking.id, now);
    const checkouts = await cancelOpenCheckouts(tx, booking.id);
    await tx.insert(bookingEvents).values({
      bookingId: booking.id,
      actorId: input.actorId,
      type: "status_changed",
      fromValue: "pending_payment",
      toValue: "cancelled",
      data: { reason: input.reason ?? "Cancelled by the customer before paying." },
    });
    const live = { bookingId: booking.id, reference: booking.reference, status: "cancelled" as const };
    await publish(tx, "booking.updated", { audience: "admins" }, live);
    await publish(tx, "booking.updated", { audience: "user", userId: booking.customerId }, live);
    await publish(
      tx,
      "schedule.changed",
      { audience: "admins" },
      { from: booking.startsAt.toISOString(), to: booking.endsAt.toISOString(), teamId: booking.teamId },
    );
    return checkouts;
  });
  await expireCheckoutsQuietly(closed);
  return { status: "cancelled" };
}

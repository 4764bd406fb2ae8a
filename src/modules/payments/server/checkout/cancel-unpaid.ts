import "server-only";
import {
  type CancelPendingActor,
  type CancelPendingInput,
  cancelPendingBooking as cancelPending,
} from "@/modules/bookings/server";
import type { DbOrTx } from "@/server/db";
import { cancelOpenCheckouts, expireCheckoutsQuietly } from "./checkout";

/**
 * "Cancel booking" while a payment is due: the bookings module cancels the booking and frees its time;
 * in the same transaction its unpaid checkouts are closed here, and after the commit the providers are
 * asked to stop accepting payment on them.
 */
export async function cancelPendingBooking(
  db: DbOrTx,
  actor: CancelPendingActor,
  input: CancelPendingInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<{ status: "cancelled" }> {
  const { closed } = await cancelPending(db, actor, input, { closeCheckouts: cancelOpenCheckouts, now });
  await expireCheckoutsQuietly(closed);
  return { status: "cancelled" };
}

import "server-only";
import { and, eq, isNull } from "drizzle-orm";
import { getEnv } from "@/env";
import { routes } from "@/lib/routes";
import { setupLinkIfPasswordless } from "@/modules/accounts/server";
import type { Tx } from "@/server/db";
import { jobPhotos } from "@/server/db/schema";
import { bookingContext, enqueueCustomerEmail } from "../booking-emails";

// A job completed with before and after photos (issue 32) tells the customer, linking to their booking's
// page. The photos are staff's; bookings only counts the shown ones (a read: staff depends on bookings).

export async function enqueueJobDoneEmail(tx: Tx, bookingId: string): Promise<void> {
  const shown = and(eq(jobPhotos.bookingId, bookingId), isNull(jobPhotos.removedAt));
  const photoCount = await tx.$count(jobPhotos, shown);
  if (photoCount === 0) return;
  const ctx = await bookingContext(tx, bookingId);
  if (!ctx.customer) return;
  // The photos open for the signed-in customer only: one who can't sign in yet gets the set-up link.
  const setupUrl = await setupLinkIfPasswordless(tx, ctx.customer.id);
  await enqueueCustomerEmail(tx, { ...ctx, customer: ctx.customer }, "booking-completed", {
    photoCount,
    url: new URL(`${routes.myBookings}/${bookingId}`, getEnv().APP_URL).toString(),
    setupUrl,
  });
}

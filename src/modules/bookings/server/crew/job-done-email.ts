import "server-only";
import { eq } from "drizzle-orm";
import { getEnv } from "@/env";
import { routes } from "@/lib/routes";
import { setupLinkIfPasswordless } from "@/modules/accounts/server";
import type { Tx } from "@/server/db";
import { jobPhotos } from "@/server/db/schema";
import { bookingContext, enqueueCustomerEmail } from "../booking-emails";

// A job completed with before and after photos (issue 32): the customer is told, with a link to their
// booking's page where the photos are. The photos are the staff module's; bookings only counts its rows
// (a read; staff depends on bookings, so bookings never calls staff). A job without photos sends nothing.

export async function enqueueJobDoneEmail(tx: Tx, bookingId: string): Promise<void> {
  const photoCount = await tx.$count(jobPhotos, eq(jobPhotos.bookingId, bookingId));
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

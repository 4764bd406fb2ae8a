import "server-only";
import { eq } from "drizzle-orm";
import type { SessionUser } from "@/server/auth";
import { type DbOrTx, getDb } from "@/server/db";
import { bookings } from "@/server/db/schema";
import { type JobCrew, jobCrew } from "@/modules/bookings/server";
import { type JobPhoto, listJobPhotos } from "./job-photos";

// What others see of a worked job (issue 32): its photos and who did it, for the admin's booking page and
// the customer's own. Checked here too, not only by the page: the admin sees any booking's, a customer
// their own booking's only; anyone else (and a booking that isn't there) gets null.

export type JobRecord = { photos: JobPhoto[]; crew: JobCrew | null };

export async function getJobRecord(
  db: DbOrTx,
  viewer: Pick<SessionUser, "id" | "role">,
  bookingId: string,
): Promise<JobRecord | null> {
  const [booking] = await db
    .select({ id: bookings.id, customerId: bookings.customerId })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  if (!booking) return null;
  if (viewer.role !== "admin" && booking.customerId !== viewer.id) return null;
  // The admin also sees the removed photos (to put one back); the customer never does.
  const [photos, crew] = await Promise.all([
    listJobPhotos(db, [booking.id], { withRemoved: viewer.role === "admin" }),
    jobCrew(db, [booking.id]),
  ]);
  return { photos: photos.get(booking.id) ?? [], crew: crew.get(booking.id) ?? null };
}

/** For the pages (they don't reach the database themselves). */
export async function loadJobRecord(
  viewer: Pick<SessionUser, "id" | "role">,
  bookingId: string,
): Promise<JobRecord | null> {
  return getJobRecord(await getDb(), viewer, bookingId);
}

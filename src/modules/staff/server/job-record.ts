import "server-only";
import type { SessionUser } from "@/server/auth";
import { type DbOrTx, getDb } from "@/server/db";
import { type JobCrew, jobCrew, findBooking } from "@/modules/bookings/server";
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
  const booking = await findBooking(db, bookingId);
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

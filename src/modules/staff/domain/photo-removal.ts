import { type BookingStatus, isIn, OPEN_JOB_STATUSES } from "@/lib/enums";

// Removing a job photo (issue 41 §7): a before photo of a finished job may be the evidence of a dispute,
// so removing one hides it — the customer and the technicians no longer see it — and keeps it, file
// and all, for the retention period, during which the admin can put it back; then the purge deletes it.
// Pure: the use cases (staff/server/photo-removal.ts) read the facts and apply these rules.

/** How long a removed photo is kept (restorable by the admin) before it is deleted for good. */
export const REMOVED_PHOTO_RETENTION_DAYS = 180;

/**
 * At most this many photos a job keeps, removed ones included (they stay on the disk until purged): a
 * careless thumb removing and retaking can't fill the disk.
 */
export const MAX_KEPT_PHOTOS_PER_JOB = 40;

export type PhotoRemovalFacts = {
  /** The actor's part in the job, as assertBookingCrew answers it. */
  role: "admin" | "staff";
  actorId: string;
  takenBy: string | null;
  status: BookingStatus;
};

/**
 * Why this actor may not remove this photo, or null when they may: the admin always may; a technician
 * only a photo they took themselves, while the job is not yet completed.
 */
export function photoRemovalRefusal(f: PhotoRemovalFacts): string | null {
  if (f.role === "admin") return null;
  if (f.takenBy !== f.actorId)
    return "You can remove only the photos you took. Ask the office to remove this one.";
  if (!isIn(OPEN_JOB_STATUSES, f.status))
    return "This job is finished: its photos are kept. Ask the office if one should be removed.";
  return null;
}

/** Whether a technician sees a Remove button on this photo (the same rule, for the page). */
export function canTechnicianRemove(f: Omit<PhotoRemovalFacts, "role">): boolean {
  return photoRemovalRefusal({ ...f, role: "staff" }) === null;
}

/** Photos removed before this instant are deleted by the purge. */
export function purgeRemovedBefore(now: Date, days = REMOVED_PHOTO_RETENTION_DAYS): Date {
  return new Date(now.getTime() - days * 86_400_000);
}

import "server-only";
import { and, asc, eq, inArray, isNotNull, isNull, lt } from "drizzle-orm";
import { assertBookingCrew, assertOnCrewDays } from "@/modules/bookings/server";
import { type Actor, writeAudit } from "@/server/audit";
import type { Db, Tx } from "@/server/db";
import { bookings, jobPhotos, uploads } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { FileStorage } from "@/server/storage";
import { photoRemovalRefusal, purgeRemovedBefore } from "../domain/photo-removal";
import { MAX_PHOTOS_PER_JOB, photoEvent, removeFiles } from "./job-photos";

// Removing, restoring and purging job photos (issue 41 §7; the rules in domain/photo-removal.ts). Removing
// hides a photo: the row and its files stay, marked removed_at/removed_by, out of every list and answer
// but the admin's — it may be the evidence of a dispute. The admin can put it back; the daily purge
// deletes it, row and files, once it has been removed for the retention period. Each step is on the
// booking's timeline and in the audit log, in the transaction of its write.

type PhotoFacts = {
  id: string;
  bookingId: string;
  kind: "before" | "after";
  takenBy: string | null;
  removedAt: Date | null;
  teamId: string;
  status: (typeof bookings.$inferSelect)["status"];
  reference: string;
};

/** The photo and its booking, locked for the change; NOT_FOUND for anyone who can't see the job. */
async function lockPhoto(tx: Tx, actor: Actor, photoId: string) {
  const [photo] = await tx
    .select({
      id: jobPhotos.id,
      bookingId: jobPhotos.bookingId,
      kind: jobPhotos.kind,
      takenBy: jobPhotos.takenBy,
      removedAt: jobPhotos.removedAt,
      teamId: bookings.teamId,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      status: bookings.status,
      reference: bookings.reference,
    })
    .from(jobPhotos)
    .innerJoin(bookings, eq(bookings.id, jobPhotos.bookingId))
    .where(eq(jobPhotos.id, photoId))
    .for("update", { of: jobPhotos });
  if (!photo) throw new AppError("NOT_FOUND");
  const role = await assertBookingCrew(tx, actor, photo);
  return { photo: photo satisfies PhotoFacts, role };
}

async function photoChanged(tx: Tx, actor: Actor, photo: PhotoFacts, change: "removed" | "restored") {
  await photoEvent(tx, actor, photo.bookingId, { photoId: photo.id, kind: photo.kind, [change]: true });
  await writeAudit(tx, {
    actorId: actor.id,
    ip: actor.ip,
    action: `booking.photo_${change}`,
    entity: "booking",
    entityId: photo.bookingId,
    summary: { reference: photo.reference, photoId: photo.id, kind: photo.kind },
  });
}

/**
 * Hides a photo: the admin any photo, a technician of the job's team only one they took while the job
 * is not yet completed (FORBIDDEN with the reason otherwise). A photo already removed is NOT_FOUND to a
 * technician (they no longer see it) and a CONFLICT to the admin.
 */
export async function removeJobPhoto(
  db: Db,
  actor: Actor,
  input: { photoId: string },
  { now = new Date() }: { now?: Date } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    const { photo, role } = await lockPhoto(tx, actor, input.photoId);
    if (photo.removedAt) {
      if (role !== "admin") throw new AppError("NOT_FOUND");
      throw new AppError("CONFLICT", "This photo was already removed.");
    }
    // A technician acts on their phone's days only (today and tomorrow).
    if (role === "staff") await assertOnCrewDays(tx, photo, now);
    const refusal = photoRemovalRefusal({
      role,
      actorId: actor.id,
      takenBy: photo.takenBy,
      status: photo.status,
    });
    if (refusal) throw new AppError("FORBIDDEN", refusal);
    await tx.update(jobPhotos).set({ removedAt: now, removedBy: actor.id }).where(eq(jobPhotos.id, photo.id));
    await photoChanged(tx, actor, photo, "removed");
  });
}

/** Puts a removed photo back where it was shown (the admin only; anyone else: NOT_FOUND). */
export async function restoreJobPhoto(db: Db, actor: Actor, input: { photoId: string }): Promise<void> {
  await db.transaction(async (tx) => {
    const { photo, role } = await lockPhoto(tx, actor, input.photoId);
    if (role !== "admin") throw new AppError("NOT_FOUND");
    if (!photo.removedAt) throw new AppError("CONFLICT", "This photo is not removed.");
    const shown = await tx.$count(
      jobPhotos,
      and(eq(jobPhotos.bookingId, photo.bookingId), isNull(jobPhotos.removedAt)),
    );
    if (shown >= MAX_PHOTOS_PER_JOB)
      throw new AppError(
        "CONFLICT",
        `The job already shows ${MAX_PHOTOS_PER_JOB} photos. Remove one before putting this one back.`,
      );
    await tx.update(jobPhotos).set({ removedAt: null, removedBy: null }).where(eq(jobPhotos.id, photo.id));
    await photoChanged(tx, actor, photo, "restored");
  });
}

const PURGE_BATCH = 200;

/**
 * Deletes the photos removed more than the retention period ago: the rows (with their uploads) in one
 * transaction a batch, with an audit row each, and the files after the commit. Idempotent: a rerun, or
 * two workers, find nothing twice (the rows are locked and skipped).
 */
export async function purgeRemovedJobPhotos(
  db: Db,
  storage: FileStorage,
  { now = new Date() }: { now?: Date } = {},
): Promise<number> {
  const before = purgeRemovedBefore(now);
  let purged = 0;
  for (;;) {
    const { keys, found } = await db.transaction(async (tx) => {
      const due = await tx
        .select({
          id: jobPhotos.id,
          uploadId: jobPhotos.uploadId,
          bookingId: jobPhotos.bookingId,
          kind: jobPhotos.kind,
        })
        .from(jobPhotos)
        .where(and(isNotNull(jobPhotos.removedAt), lt(jobPhotos.removedAt, before)))
        .orderBy(asc(jobPhotos.removedAt))
        .limit(PURGE_BATCH)
        .for("update", { skipLocked: true });
      if (due.length === 0) return { keys: [], found: 0 };
      // The upload's deletion takes the photo's row with it (ON DELETE CASCADE).
      const gone = await tx
        .delete(uploads)
        .where(
          inArray(
            uploads.id,
            due.map((d) => d.uploadId),
          ),
        )
        .returning({ key: uploads.key });
      for (const d of due)
        await writeAudit(tx, {
          actorId: null,
          action: "booking.photo_purged",
          entity: "booking",
          entityId: d.bookingId,
          summary: { photoId: d.id, kind: d.kind },
        });
      return { keys: gone.map((g) => g.key), found: due.length };
    });
    for (const key of keys) await removeFiles(storage, key);
    purged += found;
    if (found < PURGE_BATCH) return purged;
  }
}

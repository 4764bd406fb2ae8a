import "server-only";
import { randomUUID } from "node:crypto";
import { routes } from "@/lib/routes";
import { alias } from "drizzle-orm/pg-core";
import { and, asc, eq, inArray, isNull } from "drizzle-orm";
import {
  assertBookingCrew,
  assertCrewMayAct,
  findBooking,
  lockBooking,
  recordBookingEvents,
} from "@/modules/bookings/server";
import { type Actor, writeAudit } from "@/server/audit";
import type { Db, DbOrTx, Tx } from "@/server/db";
import { jobPhotos, uploads, users } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { processUploadedImage, thumbnailOf } from "@/server/images";
import { logger } from "@/server/logger";
import type { FileStorage } from "@/server/storage";
import type { JobPhotoFacts, JobPhotoKind } from "../domain/job-record";
import { MAX_KEPT_PHOTOS_PER_JOB } from "../domain/photo-removal";
import { isIn, WORK_STATUSES } from "@/lib/enums";

// Before and after photos of a job (ADR 0053). Taken on the technician's phone, checked and re-encoded
// on the server like every upload (processUploadedImage: decoded by content, turned upright, at most
// 1600 px, WebP, metadata stripped), stored through the storage adapter (a folder or S3) with a 480 px
// thumbnail beside it (`jobs/<id>.webp` and `jobs/<id>-thumb.webp`; pages show the thumbnail and link
// to the photo), and linked to the booking in one transaction with its timeline event and audit row.
// Private: only the admin, the job's team and the booking's customer see them (/api/job-photos/{id}).
// A removed photo is hidden, not deleted (photo-removal.ts): only the admin still lists and opens it.

export type { JobPhotoKind } from "../domain/job-record";
/** A photo as the pages receive it (one shape: the domain's `JobPhotoFacts`). */
export type JobPhoto = JobPhotoFacts;
export type JobPhotoSize = "full" | "thumb";

/** At most this many photos per job (a careless thumb can't fill the disk). */
export const MAX_PHOTOS_PER_JOB = 20;

/** Where a photo's thumbnail is stored: beside the photo, one key derived from the other. */
const thumbKeyOf = (key: string) => key.replace(/\.webp$/, "-thumb.webp");

const remover = alias(users, "remover");

/** The photos of these bookings, oldest first, by booking; removed ones only when asked (the admin's). */
export async function listJobPhotos(
  db: DbOrTx,
  bookingIds: readonly string[],
  { withRemoved = false }: { withRemoved?: boolean } = {},
): Promise<Map<string, JobPhoto[]>> {
  const out = new Map<string, JobPhoto[]>();
  if (bookingIds.length === 0) return out;
  const rows = await db
    .select({
      id: jobPhotos.id,
      bookingId: jobPhotos.bookingId,
      kind: jobPhotos.kind,
      at: jobPhotos.createdAt,
      by: users.name,
      takenById: jobPhotos.takenBy,
      removedAt: jobPhotos.removedAt,
      removedBy: remover.name,
    })
    .from(jobPhotos)
    .leftJoin(users, eq(users.id, jobPhotos.takenBy))
    .leftJoin(remover, eq(remover.id, jobPhotos.removedBy))
    .where(
      and(
        inArray(jobPhotos.bookingId, [...bookingIds]),
        withRemoved ? undefined : isNull(jobPhotos.removedAt),
      ),
    )
    .orderBy(asc(jobPhotos.createdAt), asc(jobPhotos.id));
  for (const r of rows)
    out.set(r.bookingId, [
      ...(out.get(r.bookingId) ?? []),
      {
        id: r.id,
        kind: r.kind,
        url: routes.jobPhoto(r.id),
        thumbUrl: routes.jobPhoto(r.id, "thumb"),
        at: r.at.toISOString(),
        by: r.by,
        takenById: r.takenById,
        removed: r.removedAt ? { at: r.removedAt.toISOString(), by: r.removedBy } : null,
      },
    ]);
  return out;
}

/**
 * Adds a photo to a job of the actor's (an admin, or a technician of the job's team). The file is
 * checked and stored first, then linked in one transaction; if that fails, the file is removed.
 */
export async function addJobPhoto(
  db: Db,
  storage: FileStorage,
  actor: Actor,
  input: { bookingId: string; kind: JobPhotoKind; file: Buffer },
  { now = new Date() }: { now?: Date } = {},
): Promise<{ photoId: string }> {
  // Authorise before reading the image: a stranger's upload is never decoded.
  const booking = await crewBooking(db, actor, input.bookingId, now);
  const image = await processUploadedImage(input.file);
  const thumbnail = await thumbnailOf(image.data);
  const uploadId = randomUUID();
  const key = `jobs/${uploadId}.webp`;
  try {
    await storage.put(key, image.data);
    await storage.put(thumbKeyOf(key), thumbnail);
    return await db.transaction(async (tx) => {
      const locked = await lockBooking(tx, booking.id);
      if (!locked) throw new AppError("NOT_FOUND");
      if (!isIn(WORK_STATUSES, locked.status))
        throw new AppError("CONFLICT", "This booking has no job to photograph any more.");
      await assertRoomForPhoto(tx, booking.id);
      await tx.insert(uploads).values({
        id: uploadId,
        // The customer's: their photos go with their data export and are deleted with their account.
        ownerId: locked.customerId,
        purpose: "job_photo",
        key,
        contentType: image.contentType,
        sizeBytes: image.data.byteLength,
      });
      const [photo] = await tx
        .insert(jobPhotos)
        .values({ bookingId: booking.id, uploadId, kind: input.kind, takenBy: actor.id })
        .returning({ id: jobPhotos.id });
      if (!photo) throw new Error("job photo insert returned nothing");
      await photoEvent(tx, actor, booking.id, { photoId: photo.id, kind: input.kind, added: true });
      await writeAudit(tx, {
        actorId: actor.id,
        ip: actor.ip,
        action: "booking.photo_added",
        entity: "booking",
        entityId: booking.id,
        summary: { reference: locked.reference, kind: input.kind, bytes: image.data.byteLength },
      });
      return { photoId: photo.id };
    });
  } catch (err) {
    await removeFiles(storage, key);
    throw err;
  }
}

/**
 * A photo's file for someone allowed to see it: the admin, a technician of the job's team, or the
 * booking's customer — a removed photo the admin only. Anyone else gets null (the route answers 404).
 */
export async function readJobPhoto(
  db: DbOrTx,
  storage: FileStorage,
  viewer: { id: string },
  photoId: string,
  size: JobPhotoSize = "full",
): Promise<{ data: Buffer; contentType: string } | null> {
  const [photo] = await db
    .select({
      key: uploads.key,
      contentType: uploads.contentType,
      bookingId: jobPhotos.bookingId,
      removedAt: jobPhotos.removedAt,
    })
    .from(jobPhotos)
    .innerJoin(uploads, eq(uploads.id, jobPhotos.uploadId))
    .where(eq(jobPhotos.id, photoId));
  const job = photo && (await findBooking(db, photo.bookingId));
  if (!photo || !job) return null;
  const row = { ...photo, customerId: job.customerId, teamId: job.teamId };
  const role = await assertBookingCrew(db, viewer, row).catch(() => null);
  if (!role && row.customerId !== viewer.id) return null;
  if (row.removedAt && role !== "admin") return null;
  // A photo stored before thumbnails existed has none: its thumbnail is the photo itself.
  // (An S3 bucket without list rights answers a missing key 403, not 404: any failure falls back.)
  const thumb = size === "thumb" ? await storage.get(thumbKeyOf(row.key)).catch(() => null) : null;
  const data = thumb ?? (await storage.get(row.key));
  return data ? { data, contentType: row.contentType } : null;
}

/**
 * Deletes a customer's job photos with their account (an AccountEraser, in the deletion's transaction):
 * the rows, and the files. A file is removed before the commit — if the deletion then rolled back, the
 * photo row would point at nothing, which shows as a missing photo, never as someone else's.
 */
export function eraseJobPhotosWith(storage: () => FileStorage) {
  return async (tx: Tx, userId: string): Promise<void> => {
    const gone = await tx
      .delete(uploads)
      .where(and(eq(uploads.ownerId, userId), eq(uploads.purpose, "job_photo")))
      .returning({ key: uploads.key });
    for (const { key } of gone) await removeFiles(storage(), key);
  };
}

/** Room for one more photo: at most MAX_PHOTOS_PER_JOB shown, and MAX_KEPT_PHOTOS_PER_JOB kept. */
export async function assertRoomForPhoto(tx: Tx, bookingId: string): Promise<void> {
  const shown = await tx.$count(
    jobPhotos,
    and(eq(jobPhotos.bookingId, bookingId), isNull(jobPhotos.removedAt)),
  );
  if (shown >= MAX_PHOTOS_PER_JOB)
    throw new AppError("VALIDATION", undefined, {
      image: [`A job keeps at most ${MAX_PHOTOS_PER_JOB} photos. Remove one first.`],
    });
  if ((await tx.$count(jobPhotos, eq(jobPhotos.bookingId, bookingId))) >= MAX_KEPT_PHOTOS_PER_JOB)
    throw new AppError("VALIDATION", undefined, {
      image: ["This job can't take more photos: removed ones are kept for a while. Ask the office."],
    });
}

/** The job, for its crew acting on it (a technician on their phone's days only). */
async function crewBooking(db: DbOrTx, actor: Pick<Actor, "id">, bookingId: string, now: Date) {
  const booking = await findBooking(db, bookingId);
  if (!booking) throw new AppError("NOT_FOUND");
  await assertCrewMayAct(db, actor, booking, now);
  return booking;
}

export async function photoEvent(tx: Tx, actor: Actor, bookingId: string, data: Record<string, unknown>) {
  await recordBookingEvents(tx, [
    { bookingId, actorId: actor.id, type: "note", data: { photo: true, ...data } },
  ]);
}

/** Removes a photo's files, the photo and its thumbnail (a missing one is no error). */
export async function removeFiles(storage: FileStorage, key: string): Promise<void> {
  for (const k of [key, thumbKeyOf(key)])
    await storage
      .delete(k)
      .catch((err: unknown) => logger.warn({ err, key: k }, "could not delete stored file"));
}

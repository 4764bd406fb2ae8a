import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingStatus } from "@/lib/enums";
import { appJobPlan } from "@/composition/jobs";
import { changeBookingAsAdmin, describeEvent } from "@/modules/bookings/server";
import {
  addJobPhoto,
  getJobRecord,
  listJobPhotos,
  loadStaffDay,
  purgeRemovedJobPhotos,
  readJobPhoto,
  removeJobPhoto,
  restoreJobPhoto,
} from "@/modules/staff/server";
import { MAX_KEPT_PHOTOS_PER_JOB } from "@/modules/staff/domain/photo-removal";
import { setDatabaseForProcess } from "@/server/db";
import { auditLog, bookingEvents, emails, jobPhotos, uploads } from "@/server/db/schema";
import { getStorage } from "@/server/storage";
import { insertBooking, insertSettings, insertStaff, insertTeam, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";
import { envOverrides } from "../support/env";

// Job photos are kept (issue 41 §7): removing one hides it — from the customer, the technicians, their
// day and the job-done email — and keeps its row and files; the admin sees it marked and can put it
// back; the daily purge deletes it, row and files, after the retention period. A technician removes only
// a photo they took, while the job is open; every removal and restore is audited. One test per role.

const env = envOverrides();
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "forecourt-photo-removal-"));
beforeAll(() => env.set({ UPLOADS_DIR: uploadsDir, S3_BUCKET: undefined }));
afterAll(() => {
  env.restore();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

const tinyPhoto = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .png()
    .toBuffer();
const DAY = 86_400_000;

describe.each(dbKinds)("removing and restoring job photos on %s", (kind) => {
  let t: TestDatabase;
  let admin: { id: string; ip: string };
  let tech: { id: string; ip: string };
  let colleague: { id: string; ip: string };
  let otherTech: { id: string; ip: string };
  let customer: { id: string; ip: string };
  let vanA = "";
  let slot = 0;
  const ON_THE_DAY = new Date("2031-03-05T07:00:00Z");

  const book = (status: BookingStatus = "in_progress") =>
    insertBooking(t.db, {
      customerId: customer.id,
      teamId: vanA,
      status,
      // All on one day, so a technician acts on them on their phone's days (today and tomorrow: ON_THE_DAY).
      startsAt: new Date(Date.UTC(2031, 2, 5, 8) + slot++ * 20 * 60_000),
      withAllocation: false,
    });
  const snap = async (by: { id: string }, bookingId: string, kindOf: "before" | "after" = "before") =>
    (
      await addJobPhoto(
        t.db,
        getStorage(),
        by,
        { bookingId, kind: kindOf, file: await tinyPhoto() },
        { now: ON_THE_DAY },
      )
    ).photoId;
  const row = async (photoId: string) =>
    (
      await t.db
        .select({ photo: jobPhotos, key: uploads.key })
        .from(jobPhotos)
        .innerJoin(uploads, eq(uploads.id, jobPhotos.uploadId))
        .where(eq(jobPhotos.id, photoId))
    )[0];
  const shownIds = async (bookingId: string, withRemoved = false) =>
    ((await listJobPhotos(t.db, [bookingId], { withRemoved })).get(bookingId) ?? []).map((p) => p.id);
  const canRead = async (viewer: { id: string }, photoId: string) =>
    (await readJobPhoto(t.db, getStorage(), viewer, photoId)) !== null;
  const audits = async (bookingId: string) =>
    (await t.db.select().from(auditLog).where(eq(auditLog.entityId, bookingId))).map((a) => [
      a.action,
      a.actorId,
    ]);
  const timeline = async (bookingId: string) =>
    (
      await t.db
        .select()
        .from(bookingEvents)
        .where(and(eq(bookingEvents.bookingId, bookingId), eq(bookingEvents.type, "note")))
    ).map((e) => describeEvent(e, "GBP").what);

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, { timeZone: "Europe/London" });
    vanA = (await insertTeam(t.db, { name: "Van A" })).id;
    const vanB = (await insertTeam(t.db, { name: "Van B" })).id;
    admin = { id: (await insertUser(t.db, { role: "admin", name: "Ada Admin" })).id, ip: "203.0.113.60" };
    tech = { id: (await insertStaff(t.db, { name: "Tess Tech", teamIds: [vanA] })).id, ip: "203.0.113.61" };
    colleague = { id: (await insertStaff(t.db, { teamIds: [vanA] })).id, ip: "203.0.113.62" };
    otherTech = { id: (await insertStaff(t.db, { teamIds: [vanB] })).id, ip: "203.0.113.63" };
    customer = { id: (await insertUser(t.db, { name: "Cara Customer" })).id, ip: "203.0.113.64" };
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  it("a technician of the team hides a photo they took on an open job: kept, seen by the admin only", async () => {
    const job = await book("in_progress");
    const photoId = await snap(tech, job.id);
    const stays = await snap(tech, job.id, "after");
    const before = await row(photoId);
    await removeJobPhoto(t.db, tech, { photoId }, { now: new Date("2031-03-05T09:00:00Z") });

    const after = await row(photoId);
    expect(after?.photo).toMatchObject({ removedBy: tech.id, removedAt: new Date("2031-03-05T09:00:00Z") });
    expect(await getStorage().get(before?.key ?? "")).not.toBeNull();
    expect(await shownIds(job.id)).toEqual([stays]);
    expect(await shownIds(job.id, true)).toEqual([photoId, stays]);
    for (const viewer of [tech, colleague, customer]) expect(await canRead(viewer, photoId)).toBe(false);
    expect(await canRead(admin, photoId)).toBe(true);
    expect(await canRead(customer, stays)).toBe(true);
    expect(
      (await getJobRecord(t.db, { ...customer, role: "customer" }, job.id))?.photos.map((p) => p.id),
    ).toEqual([stays]);
    const adminRecord = await getJobRecord(t.db, { ...admin, role: "admin" }, job.id);
    expect(adminRecord?.photos.map((p) => [p.id, p.removed?.by ?? null])).toEqual([
      [photoId, "Tess Tech"],
      [stays, null],
    ]);
    expect(await audits(job.id)).toEqual([
      ["booking.photo_added", tech.id],
      ["booking.photo_added", tech.id],
      ["booking.photo_removed", tech.id],
    ]);
    expect(await timeline(job.id)).toEqual([
      "Before photo added",
      "After photo added",
      "Before photo removed",
    ]);
    // Gone for them: removing it again is NOT_FOUND; putting it back is the office's.
    await expect(removeJobPhoto(t.db, tech, { photoId }, { now: ON_THE_DAY })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await expect(restoreJobPhoto(t.db, tech, { photoId })).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("a technician of the team may not remove a colleague's photo, nor their own once the job is finished", async () => {
    const job = await book("in_progress");
    const theirs = await snap(colleague, job.id);
    const mine = await snap(tech, job.id);
    await expect(removeJobPhoto(t.db, tech, { photoId: theirs }, { now: ON_THE_DAY })).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "You can remove only the photos you took. Ask the office to remove this one.",
    });
    const done = await book("completed");
    const evidence = await snap(tech, done.id);
    await expect(
      removeJobPhoto(t.db, tech, { photoId: evidence }, { now: ON_THE_DAY }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: "This job is finished: its photos are kept. Ask the office if one should be removed.",
    });
    expect((await row(theirs))?.photo.removedAt).toBeNull();
    expect((await row(evidence))?.photo.removedAt).toBeNull();
    // Their day shows Remove exactly where they may use it.
    const day = await loadStaffDay(t.db, tech, new Date("2031-03-05T08:00:00Z"));
    expect(day.cacheKey).toMatch(/^[0-9a-f]{32}$/);
    const photos = day.days.flatMap((d) => d.jobs.flatMap((j) => j.photos));
    expect(photos.map((p) => [p.id, p.removable])).toEqual(
      expect.arrayContaining([
        [theirs, false],
        [mine, true],
      ]),
    );
    expect(JSON.stringify(day)).not.toContain(colleague.id);
  });

  it("a technician of another team gets NOT_FOUND for removing and restoring", async () => {
    const job = await book("in_progress");
    const photoId = await snap(tech, job.id);
    await expect(removeJobPhoto(t.db, otherTech, { photoId }, { now: ON_THE_DAY })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await removeJobPhoto(t.db, admin, { photoId });
    await expect(restoreJobPhoto(t.db, otherTech, { photoId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect(await canRead(otherTech, photoId)).toBe(false);
    expect((await row(photoId))?.photo.removedBy).toBe(admin.id);
  });

  it("the admin removes a finished job's before photo and puts it back; each step audited", async () => {
    const job = await book("completed");
    const photoId = await snap(tech, job.id);
    await expect(restoreJobPhoto(t.db, admin, { photoId })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This photo is not removed.",
    });
    await removeJobPhoto(t.db, admin, { photoId });
    expect(await canRead(customer, photoId)).toBe(false);
    await expect(removeJobPhoto(t.db, admin, { photoId })).rejects.toMatchObject({
      code: "CONFLICT",
      message: "This photo was already removed.",
    });
    await restoreJobPhoto(t.db, admin, { photoId });
    expect((await row(photoId))?.photo).toMatchObject({ removedAt: null, removedBy: null });
    for (const viewer of [admin, tech, customer]) expect(await canRead(viewer, photoId)).toBe(true);
    expect(await shownIds(job.id)).toEqual([photoId]);
    expect(await audits(job.id)).toEqual([
      ["booking.photo_added", tech.id],
      ["booking.photo_removed", admin.id],
      ["booking.photo_restored", admin.id],
    ]);
    expect(await timeline(job.id)).toEqual([
      "Before photo added",
      "Before photo removed",
      "Before photo put back",
    ]);
  });

  it("a customer gets NOT_FOUND for removing and restoring their own job's photo", async () => {
    const job = await book("completed");
    const photoId = await snap(tech, job.id);
    await expect(removeJobPhoto(t.db, customer, { photoId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    await removeJobPhoto(t.db, admin, { photoId });
    await expect(restoreJobPhoto(t.db, customer, { photoId })).rejects.toMatchObject({ code: "NOT_FOUND" });
    expect((await row(photoId))?.photo.removedBy).toBe(admin.id);
  });

  it("the job-done email counts the shown photos only: none shown, no email", async () => {
    const job = await book("in_progress");
    const photoId = await snap(tech, job.id, "after");
    await removeJobPhoto(t.db, tech, { photoId }, { now: ON_THE_DAY });
    await changeBookingAsAdmin(
      t.db,
      tech,
      "complete",
      { bookingId: job.id, from: "in_progress" },
      { now: new Date(job.startsAt.getTime() + 3_600_000) },
    );
    const sent = await t.db
      .select()
      .from(emails)
      .where(and(eq(emails.bookingId, job.id), eq(emails.template, "booking-completed")));
    expect(sent).toHaveLength(0);
  });

  it(`keeps at most ${MAX_KEPT_PHOTOS_PER_JOB} photos a job, removed ones included`, async () => {
    const job = await book("in_progress");
    for (let i = 0; i < MAX_KEPT_PHOTOS_PER_JOB; i++) {
      const id = await snap(tech, job.id);
      if (i % 2 === 0 || i === MAX_KEPT_PHOTOS_PER_JOB - 1)
        await removeJobPhoto(t.db, tech, { photoId: id }, { now: ON_THE_DAY });
    }
    // Room among the shown ones, none left among the kept ones.
    expect(await shownIds(job.id)).toHaveLength(MAX_KEPT_PHOTOS_PER_JOB / 2 - 1);
    await expect(snap(tech, job.id)).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: {
        image: ["This job can't take more photos: removed ones are kept for a while. Ask the office."],
      },
    });
  });

  it("the daily purge deletes photos removed over 180 days ago, rows and files; nothing else", async () => {
    const now = new Date();
    const job = await book("completed");
    const [old, recent, shown] = [
      await snap(tech, job.id),
      await snap(tech, job.id),
      await snap(tech, job.id),
    ];
    await removeJobPhoto(t.db, admin, { photoId: old }, { now: new Date(now.getTime() - 181 * DAY) });
    await removeJobPhoto(t.db, admin, { photoId: recent }, { now: new Date(now.getTime() - 179 * DAY) });
    const keys = Object.fromEntries(
      await Promise.all([old, recent, shown].map(async (id) => [id, (await row(id))?.key ?? ""] as const)),
    );
    const thumbOf = (key: string) => key.replace(/\.webp$/, "-thumb.webp");

    // The job the composition root schedules runs it (with the configured storage).
    const purge = appJobPlan().jobs.find((j) => j.queue === "job-photos-purge");
    expect(purge?.schedule).toBe("37 3 * * *");
    await purge?.handle([], { db: t.db, send: async () => {} });

    expect(await row(old)).toBeUndefined();
    expect(await t.db.$count(uploads, eq(uploads.key, keys[old] ?? ""))).toBe(0);
    for (const key of [keys[old] ?? "", thumbOf(keys[old] ?? "")])
      expect(await getStorage().get(key)).toBeNull();
    for (const id of [recent, shown]) {
      expect(await row(id)).toBeDefined();
      expect(await getStorage().get(keys[id] ?? "")).not.toBeNull();
    }
    expect((await audits(job.id)).filter(([a]) => a === "booking.photo_purged")).toEqual([
      ["booking.photo_purged", null],
    ]);
    // Run again (a retry, a second worker): nothing more to do.
    expect(await purgeRemovedJobPhotos(t.db, getStorage(), { now })).toBe(0);
    expect(await purgeRemovedJobPhotos(t.db, getStorage(), { now: new Date(now.getTime() + 2 * DAY) })).toBe(
      1,
    );
    expect(await row(recent)).toBeUndefined();
  });
});

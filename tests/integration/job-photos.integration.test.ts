import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq, inArray } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingStatus } from "@/lib/enums";
import { deleteAccount } from "@/modules/accounts/server/delete-account";
import { exportMyData } from "@/modules/accounts/server/export-my-data";
import { deactivateStaff } from "@/modules/accounts/server/customers/staff-members";
import {
  addJobPhoto,
  eraseJobPhotosWith,
  MAX_PHOTOS_PER_JOB,
  readJobPhoto,
} from "@/modules/staff/server/job-photos";
import { describeEvent } from "@/modules/bookings/server";
import { setDatabaseForProcess } from "@/server/db";
import { auditLog, bookingEvents, bookings, jobPhotos, uploads } from "@/server/db/schema";
import { MAX_IMAGE_BYTES } from "@/server/images";
import { type FileStorage, getStorage, S3Storage } from "@/server/storage";
import { insertBooking, insertSettings, insertStaff, insertTeam, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";
import { envOverrides } from "../support/env";
import { type LocalS3, startLocalS3 } from "../support/s3-server";

// Before and after photos of a job (ADR 0053): checked and re-encoded like every upload, stored through
// the storage adapter (the configured local folder, and an S3-compatible server on localhost), seen by
// the admin, the job's team and the booking's customer only, and gone — rows and files — with the
// customer's account. Removing one hides it: job-photo-removal.integration.test.ts.

const env = envOverrides();
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "forecourt-job-photos-"));
let s3: LocalS3;

beforeAll(async () => {
  // The configured store (getStorage) is the one the account eraser of the composition root uses.
  env.set({ UPLOADS_DIR: uploadsDir, S3_BUCKET: undefined });
  s3 = await startLocalS3();
});
afterAll(async () => {
  await s3.stop();
  env.restore();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

const stores: [string, (kind: string) => FileStorage][] = [
  ["configured local folder", () => getStorage()],
  [
    "S3-compatible",
    (kind) =>
      new S3Storage({
        bucket: s3.bucket,
        endpoint: s3.endpoint,
        region: "us-east-1",
        credentials: s3.credentials,
        prefix: `photos-${kind}/`,
      }),
  ],
];

/** A store that remembers which keys were written and deleted. */
function tracked(store: FileStorage) {
  const puts: string[] = [];
  const deletes: string[] = [];
  const wrapped: FileStorage = {
    put: (key, data) => (puts.push(key), store.put(key, data)),
    get: (key) => store.get(key),
    delete: (key) => (deletes.push(key), store.delete(key)),
  };
  return { store: wrapped, puts, deletes };
}

/** A phone photo: a large JPEG with a location in its EXIF. */
const phonePhoto = (width = 3000, height = 2000) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 30 } } })
    .jpeg()
    .withExif({ IFD0: { ImageDescription: "secret-location 51.46,-0.11" } })
    .toBuffer();
const tinyPhoto = () =>
  sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 0, g: 0, b: 0 } } })
    .png()
    .toBuffer();

const DAY_START = new Date(Date.UTC(2031, 0, 5, 8));
const NOW = new Date(Date.UTC(2031, 0, 5, 7));

describe.each(dbKinds)("job photos on %s", (kind) => {
  let t: TestDatabase;
  let admin: { id: string; ip: string };
  let crew: { id: string; ip: string };
  let otherCrew: { id: string; ip: string };
  let customer: { id: string; ip: string };
  let otherCustomer: { id: string; ip: string };
  let vanA: string;
  let slot = 0;

  // Short jobs an hour apart from 08:00 on the day: all today's or tomorrow's, the days a technician
  // may act on (ADR 0053).
  const book = (status: BookingStatus = "confirmed", customerId = customer.id) => {
    const startsAt = new Date(DAY_START.getTime() + slot++ * 3_600_000);
    return insertBooking(t.db, {
      customerId,
      teamId: vanA,
      status,
      startsAt,
      endsAt: new Date(startsAt.getTime() + 30 * 60_000),
    });
  };
  type Add = Parameters<typeof addJobPhoto>;
  const addPhoto = (db: Add[0], store: Add[1], actor: Add[2], input: Add[3]) =>
    addJobPhoto(db, store, actor, input, { now: NOW });
  const photoRow = async (id: string) =>
    (
      await t.db
        .select({ id: jobPhotos.id, key: uploads.key, upload: uploads })
        .from(jobPhotos)
        .innerJoin(uploads, eq(uploads.id, jobPhotos.uploadId))
        .where(eq(jobPhotos.id, id))
    )[0];
  const photosOf = (bookingId: string) =>
    t.db.select().from(jobPhotos).where(eq(jobPhotos.bookingId, bookingId));
  const jobUploads = async () => t.db.$count(uploads, eq(uploads.purpose, "job_photo"));
  /** The thumbnail stored beside a photo. */
  const thumbOf = (key: string | undefined) => (key ?? "").replace(/\.webp$/, "-thumb.webp");

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, { businessName: "Shine Street", timeZone: "Europe/London" });
    vanA = (await insertTeam(t.db, { name: "Van A" })).id;
    const vanB = (await insertTeam(t.db, { name: "Van B" })).id;
    admin = { id: (await insertUser(t.db, { role: "admin" })).id, ip: "203.0.113.50" };
    crew = { id: (await insertStaff(t.db, { name: "Tess Tech", teamIds: [vanA] })).id, ip: "203.0.113.51" };
    otherCrew = { id: (await insertStaff(t.db, { teamIds: [vanB] })).id, ip: "203.0.113.52" };
    customer = { id: (await insertUser(t.db, { name: "Cara Customer" })).id, ip: "203.0.113.53" };
    otherCustomer = { id: (await insertUser(t.db)).id, ip: "203.0.113.54" };
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  describe.each(stores)("through the %s", (_name, make) => {
    let files: ReturnType<typeof tracked>;
    beforeAll(() => {
      files = tracked(make(kind));
    });

    it("stores a phone photo re-encoded as WebP within 1600 px, without its metadata, on the timeline", async () => {
      const job = await book();
      const { photoId } = await addPhoto(t.db, files.store, crew, {
        bookingId: job.id,
        kind: "before",
        file: await phonePhoto(),
      });
      const row = await photoRow(photoId);
      expect(row?.upload).toMatchObject({
        purpose: "job_photo",
        contentType: "image/webp",
        ownerId: customer.id,
      });
      expect(row?.key).toMatch(/^jobs\/[0-9a-f-]+\.webp$/);
      expect(files.puts).toContain(row?.key);
      const stored = await files.store.get(row?.key ?? "");
      expect(stored?.byteLength).toBe(row?.upload.sizeBytes);
      const meta = await sharp(stored ?? Buffer.alloc(0)).metadata();
      expect(meta).toMatchObject({ format: "webp", width: 1600, height: 1067 });
      expect(meta.exif).toBeUndefined();
      expect(stored?.includes("secret-location")).toBe(false);
      // Its thumbnail beside it, what the pages show: 480 px, a fraction of the bytes, no metadata.
      expect(files.puts).toContain(thumbOf(row?.key));
      const thumb = (await files.store.get(thumbOf(row?.key))) ?? Buffer.alloc(0);
      const thumbMeta = await sharp(thumb).metadata();
      expect(thumbMeta).toMatchObject({ format: "webp", width: 480, height: 320 });
      expect(thumbMeta.exif).toBeUndefined();
      expect(thumb.byteLength).toBeLessThan((stored?.byteLength ?? 0) / 4);
      const [photo] = await photosOf(job.id);
      expect(photo).toMatchObject({ kind: "before", takenBy: crew.id });
      const events = await t.db
        .select()
        .from(bookingEvents)
        .where(and(eq(bookingEvents.bookingId, job.id), eq(bookingEvents.type, "note")));
      expect(events.map((e) => [e.actorId, e.data])).toEqual([
        [crew.id, { photo: true, photoId, kind: "before", added: true }],
      ]);
      // The admin's timeline says what it was (not "Internal notes updated").
      expect(events.map((e) => describeEvent(e, "GBP").what)).toEqual(["Before photo added"]);
      const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, job.id));
      expect(audit.map((a) => [a.action, a.actorId, a.ip])).toEqual([
        ["booking.photo_added", crew.id, crew.ip],
      ]);
    });

    it("refuses an empty file, a text file named .jpg and one over 5 MB under the image field; stores nothing", async () => {
      const job = await book();
      const before = { puts: files.puts.length, uploads: await jobUploads() };
      const cases: [Buffer, string][] = [
        [Buffer.alloc(0), "Choose an image file."],
        [
          Buffer.from("holiday-photo.jpg\nNot a picture at all, just text."),
          "This file isn't an image we can use. Choose a JPEG, PNG, WebP or AVIF photo.",
        ],
        [Buffer.alloc(MAX_IMAGE_BYTES + 1, 0xff), "The image is larger than 5 MB. Choose a smaller one."],
      ];
      for (const [file, message] of cases)
        await expect(
          addPhoto(t.db, files.store, crew, { bookingId: job.id, kind: "after", file }),
        ).rejects.toMatchObject({ code: "VALIDATION", fieldErrors: { image: [message] } });
      expect(files.puts).toHaveLength(before.puts);
      expect(await jobUploads()).toBe(before.uploads);
      expect(await photosOf(job.id)).toHaveLength(0);
    });

    it("gives another team's technician and a customer NOT_FOUND before storing anything", async () => {
      const job = await book();
      const before = { puts: files.puts.length, uploads: await jobUploads() };
      const file = await tinyPhoto();
      const gone = await insertStaff(t.db, { teamIds: [vanA] });
      await deactivateStaff(t.db, admin, gone.id);
      // A removed admin too: their request may already be past its session check.
      const removedAdmin = { id: (await insertUser(t.db, { role: "admin", banned: true })).id, ip: null };
      for (const actor of [otherCrew, customer, otherCustomer, { id: gone.id, ip: null }, removedAdmin])
        await expect(
          addPhoto(t.db, files.store, actor, { bookingId: job.id, kind: "before", file }),
        ).rejects.toMatchObject({ code: "NOT_FOUND" });
      await expect(
        addPhoto(t.db, files.store, crew, { bookingId: crypto.randomUUID(), kind: "before", file }),
      ).rejects.toMatchObject({ code: "NOT_FOUND" });
      expect(files.puts).toHaveLength(before.puts);
      expect(await jobUploads()).toBe(before.uploads);
    });

    it("refuses a cancelled booking with CONFLICT and leaves no file behind", async () => {
      const job = await book("cancelled");
      const before = files.puts.length;
      await expect(
        addPhoto(t.db, files.store, crew, { bookingId: job.id, kind: "before", file: await tinyPhoto() }),
      ).rejects.toMatchObject({ code: "CONFLICT" });
      const written = files.puts.slice(before);
      expect(written).toEqual([expect.stringMatching(/\.webp$/), thumbOf(written[0])]);
      for (const key of written) {
        expect(files.deletes).toContain(key);
        expect(await files.store.get(key)).toBeNull();
      }
      expect(await photosOf(job.id)).toHaveLength(0);
    });

    it(`keeps at most ${MAX_PHOTOS_PER_JOB} photos a job, and the refused one's file is removed`, async () => {
      const job = await book("in_progress");
      const file = await tinyPhoto();
      for (let i = 0; i < MAX_PHOTOS_PER_JOB; i++)
        await addPhoto(t.db, files.store, i % 2 ? admin : crew, {
          bookingId: job.id,
          kind: i < 10 ? "before" : "after",
          file,
        });
      await expect(
        addPhoto(t.db, files.store, crew, { bookingId: job.id, kind: "after", file }),
      ).rejects.toMatchObject({
        code: "VALIDATION",
        fieldErrors: { image: [`A job keeps at most ${MAX_PHOTOS_PER_JOB} photos. Remove one first.`] },
      });
      for (const refusedKey of files.puts.slice(-2)) expect(await files.store.get(refusedKey)).toBeNull();
      expect(await photosOf(job.id)).toHaveLength(MAX_PHOTOS_PER_JOB);
    });

    it("shows a photo to the admin, the job's technician and the booking's customer only", async () => {
      const job = await book("completed");
      const { photoId } = await addPhoto(t.db, files.store, crew, {
        bookingId: job.id,
        kind: "after",
        file: await tinyPhoto(),
      });
      const key = (await photoRow(photoId))?.key ?? "";
      const stored = await files.store.get(key);
      const thumb = await files.store.get(thumbOf(key));
      for (const viewer of [admin, crew, customer]) {
        expect(await readJobPhoto(t.db, files.store, viewer, photoId)).toEqual({
          data: stored,
          contentType: "image/webp",
        });
        expect(await readJobPhoto(t.db, files.store, viewer, photoId, "thumb")).toEqual({
          data: thumb,
          contentType: "image/webp",
        });
      }
      for (const viewer of [otherCustomer, otherCrew, { id: "nobody" }])
        for (const size of ["full", "thumb"] as const)
          expect(await readJobPhoto(t.db, files.store, viewer, photoId, size)).toBeNull();
      // A photo stored before thumbnails existed has none: the photo itself stands in for it.
      await files.store.delete(thumbOf(key));
      expect(await readJobPhoto(t.db, files.store, customer, photoId, "thumb")).toEqual({
        data: stored,
        contentType: "image/webp",
      });
      expect(await readJobPhoto(t.db, files.store, admin, crypto.randomUUID())).toBeNull();
    });

    it("erases a customer's job photos, rows and files, as their account's eraser", async () => {
      const leaver = await insertUser(t.db);
      const job = await book("completed", leaver.id);
      const kept = await book("completed");
      const file = await tinyPhoto();
      const mine = await addPhoto(t.db, files.store, crew, { bookingId: job.id, kind: "after", file });
      const theirs = await addPhoto(t.db, files.store, crew, { bookingId: kept.id, kind: "after", file });
      const [mineKey, theirsKey] = [
        (await photoRow(mine.photoId))?.key,
        (await photoRow(theirs.photoId))?.key,
      ];
      await t.db.transaction((tx) => eraseJobPhotosWith(() => files.store)(tx, leaver.id));
      expect(await photosOf(job.id)).toHaveLength(0);
      expect(await files.store.get(mineKey ?? "")).toBeNull();
      expect(await files.store.get(thumbOf(mineKey))).toBeNull();
      expect(await photosOf(kept.id)).toHaveLength(1);
      expect(await files.store.get(theirsKey ?? "")).not.toBeNull();
      expect(await files.store.get(thumbOf(theirsKey))).not.toBeNull();
    });
  });

  it("lists the photos in the customer's data export, and deletes their rows and files with the account", async () => {
    const storage = getStorage();
    const leaver = await insertUser(t.db, { name: "Lee Ver", email: `leaver-${kind}@example.test` });
    const past = new Date(Date.now() - 30 * 86_400_000);
    const job = await insertBooking(t.db, {
      customerId: leaver.id,
      teamId: vanA,
      status: "completed",
      startsAt: past,
      paidMinor: 8500,
    });
    const other = await book("completed");
    const file = await tinyPhoto();
    // A month-old job: the office adds its photos (a technician acts on today's and tomorrow's only).
    const before = await addPhoto(t.db, storage, admin, { bookingId: job.id, kind: "before", file });
    const after = await addPhoto(t.db, storage, admin, { bookingId: job.id, kind: "after", file });
    const kept = await addPhoto(t.db, storage, crew, { bookingId: other.id, kind: "after", file });

    const data = await exportMyData(t.db, leaver);
    expect(data.jobPhotos).toHaveLength(2);
    expect(data.jobPhotos).toEqual(
      expect.arrayContaining(
        [
          [before.photoId, "before"],
          [after.photoId, "after"],
        ].map(([id, kind]) =>
          expect.objectContaining({
            booking: job.reference,
            kind,
            takenAt: expect.any(Date),
            url: expect.stringMatching(new RegExp(`^https?://[^/]+/api/job-photos/${id}$`)),
          }),
        ),
      ),
    );
    expect(JSON.stringify((await exportMyData(t.db, customer)).jobPhotos)).not.toContain(before.photoId);

    const keys = [before, after].map(async (p) => (await photoRow(p.photoId))?.key ?? "");
    const [beforeKey, afterKey] = await Promise.all(keys);
    const uploadIds = (await photosOf(job.id)).map((p) => p.uploadId);
    expect(fs.existsSync(path.join(uploadsDir, beforeKey ?? ""))).toBe(true);

    await deleteAccount(t.db, { id: leaver.id, role: "customer" });
    expect(await photosOf(job.id)).toHaveLength(0);
    expect(await t.db.select().from(uploads).where(inArray(uploads.id, uploadIds))).toHaveLength(0);
    for (const key of [beforeKey, afterKey]) {
      expect(await storage.get(key ?? "")).toBeNull();
      expect(fs.existsSync(path.join(uploadsDir, key ?? ""))).toBe(false);
    }
    // The booking stays for the business's accounts; another customer's photo stays too.
    expect(await t.db.select().from(bookings).where(eq(bookings.id, job.id))).toHaveLength(1);
    expect(await readJobPhoto(t.db, storage, customer, kept.photoId)).not.toBeNull();
  });
});

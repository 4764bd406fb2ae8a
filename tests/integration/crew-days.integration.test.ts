import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BookingStatus } from "@/lib/enums";
import { saveJobNotes } from "@/modules/bookings/server";
import { changeBookingAsAdmin } from "@/modules/bookings/server/admin/admin-booking-actions";
import { recordPayment } from "@/modules/payments/server/record-payment";
import { addJobPhoto } from "@/modules/staff/server/job-photos";
import { removeJobPhoto } from "@/modules/staff/server/photo-removal";
import { setDatabaseForProcess } from "@/server/db";
import { auditLog, bookingEvents, bookings, jobPhotos, payments } from "@/server/db/schema";
import { LocalDiskStorage } from "@/server/storage";
import { insertBooking, insertSettings, insertStaff, insertTeam, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// The job clock's two overrides and the technician's days (issue 41 §4, ADR 0043 and 0053):
// - completing a job before its booked start (it was started early) needs a reason, as starting early
//   does — for the admin and for the technician alike — and the reason is kept on the timeline and audit;
// - a technician acts (start, complete, money, notes, photos) only on today's and tomorrow's jobs, the
//   days their phone shows; further ahead is refused with a message saying when the job is, and nothing
//   is written. The admin may act on any day. Another team's technician still learns nothing (NOT_FOUND).

// A Wednesday in March: London is on GMT, so local times are UTC times.
const NOW = new Date("2031-03-12T09:30:00Z");
const at = (day: number, hour: number) => new Date(Date.UTC(2031, 2, 12 + day, hour));
const REASON = "The customer asked us to come a week early.";

describe.each(dbKinds)("the job clock and a technician's days, on %s", (kind) => {
  let t: TestDatabase;
  let admin: { id: string; ip: string };
  let tech: { id: string; ip: string };
  let otherTech: { id: string; ip: string };
  let customer: string;
  let vanA: string;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "forecourt-crew-days-"));
  const storage = new LocalDiskStorage(dir);

  const book = (startsAt: Date, status: BookingStatus = "confirmed") =>
    insertBooking(t.db, { customerId: customer, teamId: vanA, startsAt, status });
  const rowOf = async (id: string) => (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0];
  const eventsOf = (id: string) =>
    t.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, id), eq(bookingEvents.type, "status_changed")));
  const photo = () =>
    sharp({ create: { width: 8, height: 8, channels: 3, background: { r: 9, g: 9, b: 9 } } })
      .png()
      .toBuffer();

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, { timeZone: "Europe/London", startLeadMinutes: 60 });
    vanA = (await insertTeam(t.db, { name: "Van A" })).id;
    const vanB = (await insertTeam(t.db, { name: "Van B" })).id;
    admin = { id: (await insertUser(t.db, { role: "admin" })).id, ip: "203.0.113.60" };
    tech = { id: (await insertStaff(t.db, { name: "Tess Tech", teamIds: [vanA] })).id, ip: "203.0.113.61" };
    otherTech = { id: (await insertStaff(t.db, { teamIds: [vanB] })).id, ip: "203.0.113.62" };
    customer = (await insertUser(t.db, { name: "Cara Customer" })).id;
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("refuses the admin completing a job five days before its start without a reason; keeps the reason given", async () => {
    const job = await book(at(5, 10));
    await changeBookingAsAdmin(
      t.db,
      admin,
      "start",
      { bookingId: job.id, from: "confirmed", overrideReason: REASON },
      { now: NOW },
    );
    const complete = (overrideReason?: string) =>
      changeBookingAsAdmin(
        t.db,
        admin,
        "complete",
        { bookingId: job.id, from: "in_progress", overrideReason },
        { now: NOW },
      );
    for (const missing of [undefined, "", " no "])
      await expect(complete(missing)).rejects.toMatchObject({
        code: "VALIDATION",
        fieldErrors: {
          overrideReason: [
            "This job starts on Mon 17 Mar at 10:00 GMT (in 5 days). Completing before it needs a reason.",
          ],
        },
      });
    expect((await rowOf(job.id))?.status).toBe("in_progress");

    expect(await complete(REASON)).toEqual({ status: "completed" });
    const done = (await eventsOf(job.id)).find((e) => e.toValue === "completed");
    expect(done?.data).toMatchObject({
      reason: `Completed early: ${REASON}`,
      earlyComplete: true,
      overrideReason: REASON,
    });
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, job.id), eq(auditLog.action, "booking.complete")));
    expect(audit?.summary).toMatchObject({ earlyComplete: true, overrideReason: REASON });
  });

  it("asks the technician for the same reason; after the start, completing needs none", async () => {
    const early = await book(at(0, 14), "in_progress");
    const complete = (bookingId: string, overrideReason?: string) =>
      changeBookingAsAdmin(
        t.db,
        tech,
        "complete",
        { bookingId, from: "in_progress", overrideReason },
        { now: NOW },
      );
    await expect(complete(early.id)).rejects.toMatchObject({
      code: "VALIDATION",
      fieldErrors: { overrideReason: [expect.stringMatching(/Completing before it needs a reason\.$/)] },
    });
    expect(await complete(early.id, "Finished quickly, customer happy.")).toEqual({ status: "completed" });
    expect((await eventsOf(early.id)).at(-1)).toMatchObject({
      actorId: tech.id,
      data: { earlyComplete: true },
    });

    const begun = await book(at(0, 8), "in_progress");
    expect(await complete(begun.id)).toEqual({ status: "completed" });
    expect((await eventsOf(begun.id)).at(-1)?.data).not.toHaveProperty("earlyComplete");
  });

  it("refuses a technician every job action three weeks ahead, saying when the job is; writes nothing", async () => {
    const ahead = await book(at(21, 10));
    const started = await book(at(22, 10), "in_progress");
    const { photoId } = await addJobPhoto(
      t.db,
      storage,
      admin,
      { bookingId: ahead.id, kind: "before", file: await photo() },
      { now: NOW },
    );
    const message =
      "This job is on Wed 2 Apr at 11:00 BST. On your phone you can work on today's and tomorrow's jobs only: ask the office.";
    const refusals: [string, () => Promise<unknown>][] = [
      [
        "start",
        () =>
          changeBookingAsAdmin(
            t.db,
            tech,
            "start",
            { bookingId: ahead.id, from: "confirmed", overrideReason: REASON },
            { now: NOW },
          ),
      ],
      [
        "notes",
        () => saveJobNotes(t.db, tech, { bookingId: ahead.id, notes: "Bring the ladder." }, { now: NOW }),
      ],
      [
        "payment",
        () =>
          recordPayment(
            t.db,
            tech,
            {
              bookingId: ahead.id,
              from: "confirmed",
              method: "cash",
              amountMinor: 1000,
              reference: null,
              moreThanDue: false,
            },
            { now: NOW },
          ),
      ],
      [
        "photo",
        async () =>
          addJobPhoto(
            t.db,
            storage,
            tech,
            { bookingId: ahead.id, kind: "after", file: await photo() },
            { now: NOW },
          ),
      ],
      ["remove photo", () => removeJobPhoto(t.db, tech, { photoId }, { now: NOW })],
    ];
    for (const [what, act] of refusals)
      await expect(act(), what).rejects.toMatchObject({ code: "FORBIDDEN", message });
    await expect(
      changeBookingAsAdmin(
        t.db,
        tech,
        "complete",
        { bookingId: started.id, from: "in_progress", overrideReason: REASON },
        { now: NOW },
      ),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringMatching(/^This job is on Thu 3 Apr/),
    });

    expect(await rowOf(ahead.id)).toMatchObject({ status: "confirmed", jobNotes: null, amountPaidMinor: 0 });
    expect((await rowOf(started.id))?.status).toBe("in_progress");
    expect(await t.db.$count(payments, eq(payments.bookingId, ahead.id))).toBe(0);
    expect(await t.db.$count(jobPhotos, eq(jobPhotos.bookingId, ahead.id))).toBe(1);

    // Another team's technician learns nothing of it: the answer a missing booking gets.
    await expect(
      saveJobNotes(t.db, otherTech, { bookingId: ahead.id, notes: "Hello." }, { now: NOW }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
  });

  it("lets the technician act on tomorrow's job, but not the day after's", async () => {
    const tomorrow = await book(at(1, 16));
    const dayAfter = await book(at(2, 9));
    await saveJobNotes(t.db, tech, { bookingId: tomorrow.id, notes: "Gate code 1234." }, { now: NOW });
    expect((await rowOf(tomorrow.id))?.jobNotes).toBe("Gate code 1234.");
    await expect(
      saveJobNotes(t.db, tech, { bookingId: dayAfter.id, notes: "Too soon." }, { now: NOW }),
    ).rejects.toMatchObject({
      code: "FORBIDDEN",
      message: expect.stringMatching(/^This job is on Fri 14 Mar/),
    });
    // A day later, the same job is tomorrow's.
    await saveJobNotes(t.db, tech, { bookingId: dayAfter.id, notes: "Now it's fine." }, { now: at(1, 8) });
    expect((await rowOf(dayAfter.id))?.jobNotes).toBe("Now it's fine.");
  });

  it("lets the admin act on a job weeks ahead: notes, money, photos, an early start with a reason", async () => {
    const ahead = await book(at(28, 10));
    await saveJobNotes(t.db, admin, { bookingId: ahead.id, notes: "Customer rang." }, { now: NOW });
    await recordPayment(
      t.db,
      admin,
      {
        bookingId: ahead.id,
        from: "confirmed",
        method: "bank_transfer",
        amountMinor: 2000,
        reference: "BT-1",
        moreThanDue: false,
      },
      { now: NOW },
    );
    await addJobPhoto(
      t.db,
      storage,
      admin,
      { bookingId: ahead.id, kind: "before", file: await photo() },
      { now: NOW },
    );
    await changeBookingAsAdmin(
      t.db,
      admin,
      "start",
      { bookingId: ahead.id, from: "confirmed", overrideReason: REASON },
      { now: NOW },
    );
    expect(await rowOf(ahead.id)).toMatchObject({
      status: "in_progress",
      jobNotes: "Customer rang.",
      amountPaidMinor: 2000,
    });
    expect(await t.db.$count(jobPhotos, eq(jobPhotos.bookingId, ahead.id))).toBe(1);
  });
});

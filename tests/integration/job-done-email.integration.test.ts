import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeBookingAsAdmin } from "@/modules/bookings/server";
import { addJobPhoto } from "@/modules/staff/server";
import { setDatabaseForProcess } from "@/server/db";
import { emails } from "@/server/db/schema";
import { getStorage } from "@/server/storage";
import { insertBooking, insertSettings, insertStaff, insertTeam, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";
import { envOverrides } from "../support/env";

// The customer hears that the job is done when it has photos (ADR 0053): one email linking to their
// booking's page, where the photos are; a job done without photos sends nothing.

const env = envOverrides();
const uploadsDir = fs.mkdtempSync(path.join(os.tmpdir(), "forecourt-job-done-"));
beforeAll(() => env.set({ UPLOADS_DIR: uploadsDir, S3_BUCKET: undefined }));
afterAll(() => {
  env.restore();
  fs.rmSync(uploadsDir, { recursive: true, force: true });
});

const NOW = new Date("2026-11-25T12:00:00Z");
const photo = () =>
  sharp({ create: { width: 800, height: 600, channels: 3, background: "#335577" } })
    .jpeg()
    .toBuffer();

describe.each(dbKinds)("the job-done email on %s", (kind) => {
  let t: TestDatabase;
  let teamId = "";
  let techId = "";

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, { timeZone: "Europe/London" });
    teamId = (await insertTeam(t.db, { name: "Van A" })).id;
    techId = (await insertStaff(t.db, { name: "Tia Tech", teamIds: [teamId] })).id;
  });
  afterAll(() => t.drop());

  async function doneJob(withPhoto: boolean, hoursAgo: number) {
    const customer = await insertUser(t.db, { name: "Cara Client", password: "Tidy-Wheels-Arch-42" });
    const booking = await insertBooking(t.db, {
      customerId: customer.id,
      teamId,
      startsAt: new Date(NOW.getTime() - hoursAgo * 3_600_000),
      status: "in_progress",
    });
    const actor = { id: techId, ip: "127.0.0.1" };
    if (withPhoto)
      await addJobPhoto(
        t.db,
        getStorage(),
        actor,
        {
          bookingId: booking.id,
          kind: "after",
          file: await photo(),
        },
        { now: NOW },
      );
    await changeBookingAsAdmin(
      t.db,
      actor,
      "complete",
      { bookingId: booking.id, from: "in_progress" },
      { now: NOW },
    );
    return t.db
      .select()
      .from(emails)
      .where(and(eq(emails.bookingId, booking.id), eq(emails.template, "booking-completed")));
  }

  it("sends one email with the booking page's link when the job has photos", async () => {
    const sent = await doneJob(true, 1);
    expect(sent).toHaveLength(1);
    const data = sent[0]?.data as { photoCount: number; url: string; setupUrl: string | null };
    expect(data.photoCount).toBe(1);
    expect(data.url).toMatch(/\/dashboard\/bookings\/[0-9a-f-]{36}$/);
    // The customer has a password: no set-up link.
    expect(data.setupUrl).toBeNull();
  });

  it("sends nothing for a job done without photos", async () => {
    expect(await doneJob(false, 5)).toHaveLength(0);
  });
});

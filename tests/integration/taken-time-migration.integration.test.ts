import { readFileSync } from "node:fs";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { allocations } from "@/server/db/schema";
import { insertBooking, insertSettings, insertTeam, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// ADR 0043: migration 0028 gives jobs completed or missed under the old code (their allocation released)
// their time back — unless someone has been booked into it since, which stays as it is and does not fail
// the upgrade. Its data part is replayed here on rows written as the old code left them.

const migration = readFileSync(new URL("../../drizzle/0028_schedule_truth.sql", import.meta.url), "utf8");
const backfill = migration
  .slice(migration.indexOf("-- BEGIN taken-time backfill"), migration.indexOf("-- END taken-time backfill"))
  .split("--> statement-breakpoint")
  .map((s) => s.trim())
  .filter((s) => s.replace(/--.*$/gm, "").trim() !== "");

describe.each(dbKinds)("migration 0028's backfill of done jobs' time (%s)", (kind) => {
  let t: TestDatabase;
  const own = (bookingId: string) =>
    t.db
      .select({ status: allocations.status, releasedAt: allocations.releasedAt })
      .from(allocations)
      .where(and(eq(allocations.bookingId, bookingId), eq(allocations.kind, "booking")));

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db);
  });
  afterAll(() => t.drop());

  it("holds the time of done jobs again, except where another booking took it meanwhile", async () => {
    const customer = await insertUser(t.db);
    const team = await insertTeam(t.db);
    const at = (iso: string) => new Date(iso);
    const released = async (status: "completed" | "no_show", startsAt: string) => {
      const b = await insertBooking(t.db, {
        customerId: customer.id,
        teamId: team.id,
        status,
        startsAt: at(startsAt),
      });
      // As the old code left it: its time released.
      await t.db
        .update(allocations)
        .set({ status: "released", releasedAt: at(startsAt) })
        .where(eq(allocations.bookingId, b.id));
      return b;
    };
    const done = await released("completed", "2026-03-02T09:00:00Z");
    const missed = await released("no_show", "2026-03-03T09:00:00Z");
    const overtaken = await released("completed", "2026-03-04T09:00:00Z");
    const since = await insertBooking(t.db, {
      customerId: customer.id,
      teamId: team.id,
      status: "confirmed",
      startsAt: at("2026-03-04T10:00:00Z"),
    });
    expect(backfill.length).toBe(1);
    for (const statement of backfill) await t.db.execute(sql.raw(statement));
    expect(await own(done.id)).toEqual([{ status: "completed", releasedAt: null }]);
    expect(await own(missed.id)).toEqual([{ status: "no_show", releasedAt: null }]);
    expect((await own(overtaken.id))[0]?.status).toBe("released");
    expect((await own(since.id))[0]?.status).toBe("confirmed");
  });
});

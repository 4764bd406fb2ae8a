import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookingSeries } from "@/server/db/schema";
import { insertBooking, insertSettings, insertTeam, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Issue 40 §5: migration 0036 gives each series made before it its rule — the anchor date, wall-clock time
// and template of its latest visit still standing (in the business's zone) — and counts it held through
// its last date (every visit up to it was held when it was made), so the daily job makes nothing new for
// it. Its data part is replayed here on rows as the old code left them.

const migration = readFileSync(new URL("../../drizzle/0036_series_rolling.sql", import.meta.url), "utf8");
const backfill = migration
  .slice(migration.indexOf("-- BEGIN series backfill"), migration.indexOf("-- END series backfill"))
  .split("--> statement-breakpoint")
  .map((s) => s.trim())
  .filter((s) => s.replace(/--.*$/gm, "").trim() !== "");

describe.each(dbKinds)("migration 0036's backfill of a series' rule (%s)", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db, { timeZone: "Europe/London" });
  });
  afterAll(() => t.drop());

  it("takes the rule from the latest visit still standing, at its local time, held through the last date", async () => {
    const customer = await insertUser(t.db);
    const team = await insertTeam(t.db);
    const [series] = await t.db
      .insert(bookingSeries)
      .values({
        customerId: customer.id,
        intervalWeeks: 2,
        untilDate: "2027-06-01",
        anchorDate: "2000-01-01",
        startMinutes: 0,
        heldThrough: "2000-01-01",
      })
      .returning();
    const visit = (startsAt: string, status: "confirmed" | "cancelled") =>
      insertBooking(t.db, {
        customerId: customer.id,
        teamId: team.id,
        status,
        startsAt: new Date(startsAt),
        seriesId: series?.id,
      });
    await visit("2027-04-20T08:30:00Z", "confirmed");
    const latest = await visit("2027-05-04T08:30:00Z", "confirmed");
    await visit("2027-05-18T08:30:00Z", "cancelled");
    expect(backfill).toHaveLength(2);
    for (const statement of backfill) await t.db.execute(sql.raw(statement));
    const [row] = await t.db
      .select()
      .from(bookingSeries)
      .where(eq(bookingSeries.id, series?.id ?? ""));
    // 08:30 UTC on 4 May is 09:30 British Summer Time.
    expect(row).toMatchObject({
      templateBookingId: latest.id,
      anchorDate: "2027-05-04",
      startMinutes: 570,
      heldThrough: "2027-06-01",
    });
  });
});

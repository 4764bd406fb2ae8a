import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAdminBookings, parseAdminBookingsQuery } from "@/modules/booking-list/server";
import { pauseSeries } from "@/modules/series/server";
import { setDatabaseForProcess } from "@/server/db";
import { bookings, bookingSeries } from "@/server/db/schema";
import { insertBooking, insertSettings, insertTeam, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Issue 42 §5: in America/Santiago the clocks go forward at midnight on 6 September 2026, so that day has no
// 00:00 and begins at 01:00 (04:00 UTC). A date bound read as "local midnight" got no instant: the bookings
// list dropped its "from" bound, and pausing a series from that date was refused. Both read localDayStart.

const ZONE = "America/Santiago";
const admin = { role: "admin" as const };

describe.each(dbKinds)("a business day without a midnight (Santiago) on %s", (kind) => {
  let t: TestDatabase;
  let customerId = "";
  let teamId = "";
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, { timeZone: ZONE });
    teamId = (await insertTeam(t.db, { name: "Van 1" })).id;
    customerId = (await insertUser(t.db, { name: "Regular", email: `regular-${kind}@example.test` })).id;
    const add = async (key: string, startsAt: string) => {
      ids[key] = (
        await insertBooking(t.db, {
          customerId,
          teamId,
          startsAt: new Date(startsAt),
          status: "confirmed",
          withAllocation: false,
        })
      ).id;
    };
    await add("sat", "2026-09-06T02:30:00Z"); // Saturday 5 September, 22:30 (-04)
    await add("sun", "2026-09-06T13:00:00Z"); // Sunday 6 September, 10:00 (-03)
    await add("mon", "2026-09-07T03:30:00Z"); // Monday 7 September, 00:30 (-03)
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  it("the bookings list keeps its 'from' bound on that date", async () => {
    const page = await listAdminBookings(
      t.db,
      admin,
      parseAdminBookingsQuery(new URLSearchParams({ from: "2026-09-06", to: "2026-09-06" })),
      ZONE,
    );
    expect(page.rows.map((r) => r.id)).toEqual([ids.sun]);
    const from = await listAdminBookings(
      t.db,
      admin,
      parseAdminBookingsQuery(new URLSearchParams({ from: "2026-09-06" })),
      ZONE,
    );
    expect(from.rows.map((r) => r.id).sort()).toEqual([ids.sun, ids.mon].sort());
  });

  it("pausing a series from that date is accepted and stops the visits of that day on", async () => {
    const [series] = await t.db
      .insert(bookingSeries)
      .values({
        customerId,
        intervalWeeks: 1,
        untilDate: "2026-12-31",
        anchorDate: "2026-09-05",
        startMinutes: 22 * 60 + 30,
        heldThrough: "2026-12-31",
      })
      .returning();
    const seriesId = series?.id ?? "";
    await t.db.update(bookings).set({ seriesId }).where(eq(bookings.customerId, customerId));
    const me = { id: customerId, role: "customer" as const };
    const paused = await pauseSeries(
      t.db,
      me,
      { seriesId, from: "2026-09-06", until: "2026-09-06" },
      new Date("2026-09-01T12:00:00Z"),
    );
    expect(paused).toEqual({ cancelled: [ids.sun], kept: [] });
    const after = await t.db
      .select({ id: bookings.id, status: bookings.status })
      .from(bookings)
      .where(eq(bookings.seriesId, seriesId))
      .orderBy(asc(bookings.startsAt));
    expect(after.map((b) => b.status)).toEqual(["confirmed", "cancelled", "confirmed"]);
  });
});

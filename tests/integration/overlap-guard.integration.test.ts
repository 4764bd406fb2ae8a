import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sqlState, SQLSTATE } from "@/server/errors";
import { allocations, bookings, rescheduleRequests } from "@/server/db/schema";
import { insertBlock, insertBooking, insertSettings, insertTeam, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

const at = (iso: string) => new Date(iso);

describe.each(dbKinds)("overlap guard on %s", (kind) => {
  let t: TestDatabase;
  let customerId: string;
  let teamA: string;
  let teamB: string;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db);
    customerId = (await insertUser(t.db)).id;
    teamA = (await insertTeam(t.db)).id;
    teamB = (await insertTeam(t.db)).id;
  });
  afterAll(() => t.drop());

  async function expectViolation(p: Promise<unknown>) {
    const err = await p.then(
      () => null,
      (e: unknown) => e,
    );
    expect(err, "expected the insert to be rejected").not.toBeNull();
    expect(sqlState(err)).toBe(SQLSTATE.exclusionViolation);
  }

  it("rejects an overlapping booking for the same team with 23P01", async () => {
    await insertBooking(t.db, {
      customerId,
      teamId: teamA,
      startsAt: at("2030-03-04T09:00:00Z"),
      endsAt: at("2030-03-04T11:00:00Z"),
    });
    await expectViolation(
      t.db.transaction((tx) =>
        insertBooking(tx, {
          customerId,
          teamId: teamA,
          startsAt: at("2030-03-04T10:30:00Z"),
          endsAt: at("2030-03-04T12:00:00Z"),
        }),
      ),
    );
    // Nothing of the rejected booking was kept (its transaction rolled back).
    const rows = await t.db.select().from(bookings).where(eq(bookings.teamId, teamA));
    expect(rows).toHaveLength(1);
  });

  it("accepts the same time for another team", async () => {
    const b = await insertBooking(t.db, {
      customerId,
      teamId: teamB,
      startsAt: at("2030-03-04T09:00:00Z"),
      endsAt: at("2030-03-04T11:00:00Z"),
    });
    expect(b.teamId).toBe(teamB);
  });

  it("accepts back-to-back times (ranges are half-open)", async () => {
    const b = await insertBooking(t.db, {
      customerId,
      teamId: teamA,
      startsAt: at("2030-03-04T11:00:00Z"),
      endsAt: at("2030-03-04T12:00:00Z"),
    });
    expect(b.startsAt.toISOString()).toBe("2030-03-04T11:00:00.000Z");
  });

  it("rejects a block over a booking, and a booking over a block", async () => {
    await expectViolation(
      t.db.transaction((tx) =>
        insertBlock(tx, {
          teamId: teamA,
          startsAt: at("2030-03-04T08:00:00Z"),
          endsAt: at("2030-03-04T09:30:00Z"),
        }),
      ),
    );
    await insertBlock(t.db, {
      teamId: teamA,
      startsAt: at("2030-03-05T08:00:00Z"),
      endsAt: at("2030-03-05T10:00:00Z"),
    });
    await expectViolation(
      t.db.transaction((tx) =>
        insertBooking(tx, {
          customerId,
          teamId: teamA,
          startsAt: at("2030-03-05T09:00:00Z"),
          endsAt: at("2030-03-05T09:30:00Z"),
        }),
      ),
    );
  });

  it.each(["released", "expired"] as const)(
    "accepts the time again once the first allocation is %s",
    async (status) => {
      const day = status === "released" ? "2030-03-06" : "2030-03-07";
      const first = await insertBooking(t.db, {
        customerId,
        teamId: teamA,
        status: "pending_payment",
        startsAt: at(`${day}T09:00:00Z`),
        endsAt: at(`${day}T10:00:00Z`),
      });
      await expectViolation(
        t.db.transaction((tx) =>
          insertBooking(tx, {
            customerId,
            teamId: teamA,
            startsAt: at(`${day}T09:30:00Z`),
            endsAt: at(`${day}T10:30:00Z`),
          }),
        ),
      );
      await t.db.update(allocations).set({ status }).where(eq(allocations.bookingId, first.id));
      const second = await insertBooking(t.db, {
        customerId,
        teamId: teamA,
        startsAt: at(`${day}T09:30:00Z`),
        endsAt: at(`${day}T10:30:00Z`),
      });
      expect(second.id).not.toBe(first.id);
    },
  );

  // ADR 0043: a job in progress, completed or missed keeps its time; only the ones that will not happen free it.
  it("holds time for every time-taking status (done jobs too) and none for the ones that will not happen", async () => {
    const holding = [
      "pending_payment",
      "awaiting_approval",
      "confirmed",
      "in_progress",
      "completed",
      "no_show",
    ] as const;
    for (const [i, status] of holding.entries()) {
      const start = at(`2030-04-0${i + 1}T09:00:00Z`);
      await insertBooking(t.db, {
        customerId,
        teamId: teamB,
        status,
        startsAt: start,
        endsAt: at(`2030-04-0${i + 1}T10:00:00Z`),
      });
      await expectViolation(
        t.db.transaction((tx) =>
          insertBooking(tx, {
            customerId,
            teamId: teamB,
            startsAt: start,
            endsAt: at(`2030-04-0${i + 1}T10:00:00Z`),
          }),
        ),
      );
    }
    for (const status of ["cancelled", "declined", "expired"] as const) {
      const start = at("2030-05-01T09:00:00Z");
      await insertBooking(t.db, {
        customerId,
        teamId: teamB,
        status,
        startsAt: start,
        endsAt: at("2030-05-01T10:00:00Z"),
      });
    }
  });

  it("refuses an empty or unbounded range", async () => {
    const err = await t.db
      .insert(allocations)
      .values({
        teamId: teamA,
        during: { start: at("2030-06-01T09:00:00Z"), end: at("2030-06-01T09:00:00Z") },
        kind: "block",
        status: "block",
        blockId: null,
      })
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(sqlState(err)).toBe(SQLSTATE.checkViolation);
  });
});

describe.each(dbKinds)("reschedule holds on %s", (kind) => {
  let t: TestDatabase;
  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db);
  });
  afterAll(() => t.drop());

  it("may overlap the booking they move, but never another booking of the team", async () => {
    const customerId = (await insertUser(t.db)).id;
    const teamId = (await insertTeam(t.db)).id;
    const mine = await insertBooking(t.db, {
      customerId,
      teamId,
      startsAt: at("2030-07-01T09:00:00Z"),
      endsAt: at("2030-07-01T11:00:00Z"),
    });
    const other = await insertBooking(t.db, {
      customerId,
      teamId,
      startsAt: at("2030-07-01T13:00:00Z"),
      endsAt: at("2030-07-01T14:00:00Z"),
    });
    const hold = async (bookingId: string, start: string, end: string) => {
      const [req] = await t.db
        .insert(rescheduleRequests)
        .values({
          bookingId,
          teamId,
          requestedStartsAt: at(start),
          requestedEndsAt: at(end),
          expiresAt: at("2030-06-30T00:00:00Z"),
        })
        .returning();
      await t.db.insert(allocations).values({
        teamId,
        during: { start: at(start), end: at(end) },
        kind: "reschedule_hold",
        status: "pending_reschedule",
        bookingId,
        rescheduleRequestId: req?.id,
      });
    };
    // One hour later: overlaps its own booking — allowed.
    await hold(mine.id, "2030-07-01T10:00:00Z", "2030-07-01T12:00:00Z");
    // The other booking asking for a time that overlaps the first booking (and its hold) — refused.
    const err = await hold(other.id, "2030-07-01T10:30:00Z", "2030-07-01T11:30:00Z").then(
      () => null,
      (e: unknown) => e,
    );
    expect(sqlState(err)).toBe(SQLSTATE.exclusionViolation);
    // A block still conflicts with the booking and with its hold.
    const blockErr = await t.db
      .transaction((tx) =>
        insertBlock(tx, { teamId, startsAt: at("2030-07-01T11:30:00Z"), endsAt: at("2030-07-01T11:45:00Z") }),
      )
      .then(
        () => null,
        (e: unknown) => e,
      );
    expect(sqlState(blockErr)).toBe(SQLSTATE.exclusionViolation);
  });
});

import { and, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { blockInput, blockWindow } from "@/modules/availability/block-schemas";
import { createBlock, deleteBlock } from "@/modules/availability/server/blocks";
import { getCalendar } from "@/modules/availability/server/calendar";
import type { DbOrTx } from "@/server/db";
import { allocations, auditLog, blocks, bookings, liveEvents, rescheduleRequests } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import {
  insertBlock,
  insertBooking,
  insertSettings,
  insertTeam,
  insertUser,
  insertWeeklyHours,
} from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

/** Counts the queries a read makes: every query starts with db.select(). */
function countingDb(db: DbOrTx) {
  const counter = { selects: 0 };
  const proxy = new Proxy(db, {
    get(target, prop, receiver) {
      if (prop === "select") counter.selects += 1;
      return Reflect.get(target, prop, receiver);
    },
  });
  return { db: proxy, counter };
}

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, "expected the call to be refused").toBeInstanceOf(AppError);
  return err as AppError;
}

describe.each(dbKinds)("schedule calendar and blocks on %s", (kind) => {
  let t: TestDatabase;
  let actor: { id: string; ip: string };
  let customer: { id: string; name: string };
  let van1: string;
  let van2: string;
  let van3Inactive: string;
  let confirmedRef: string;
  let confirmedId: string;

  const totals = async () => {
    const [b] = await t.db.select({ n: count() }).from(blocks);
    const [a] = await t.db.select({ n: count() }).from(allocations);
    const [au] = await t.db.select({ n: count() }).from(auditLog);
    const [le] = await t.db.select({ n: count() }).from(liveEvents);
    return { blocks: b?.n, allocations: a?.n, audit: au?.n, events: le?.n };
  };

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db); // Europe/London
    actor = { id: (await insertUser(t.db, { role: "admin" })).id, ip: "203.0.113.7" };
    customer = await insertUser(t.db, { name: "Priya Shah" });
    van1 = (await insertTeam(t.db, { name: "Van 1", sortOrder: 1 })).id;
    van2 = (await insertTeam(t.db, { name: "Van 2", sortOrder: 2 })).id;
    van3Inactive = (await insertTeam(t.db, { name: "Van 3", sortOrder: 3, isActive: false })).id;
    // Mon–Fri 08:00–12:30, 13:00–18:00.
    const weekday: [number, number][] = [
      [480, 750],
      [780, 1080],
    ];
    await insertWeeklyHours(t.db, { 1: weekday, 2: weekday, 3: weekday, 4: weekday, 5: weekday });

    // Tuesday 5 March 2030 (GMT): a confirmed booking 10:00–12:00 on Van 1.
    const confirmed = await insertBooking(t.db, {
      customerId: customer.id,
      teamId: van1,
      startsAt: at("2030-03-05T10:00:00Z"),
      endsAt: at("2030-03-05T12:00:00Z"),
      items: [
        { kind: "package", name: "Mini Valet", priceMinor: 6000, minutes: 90 },
        { kind: "addon", name: "Pet Hair Removal", priceMinor: 2000, minutes: 30 },
      ],
    });
    confirmedRef = confirmed.reference;
    confirmedId = confirmed.id;
    // A booking awaiting payment on Van 2 (a hold), 14:00–15:00, held until 10:30.
    await insertBooking(t.db, {
      customerId: customer.id,
      teamId: van2,
      startsAt: at("2030-03-05T14:00:00Z"),
      endsAt: at("2030-03-05T15:00:00Z"),
      status: "pending_payment",
      holdExpiresAt: at("2030-03-05T10:30:00Z"),
    });
    // A cancelled booking holds nothing and is not shown.
    await insertBooking(t.db, {
      customerId: customer.id,
      teamId: van2,
      startsAt: at("2030-03-05T09:00:00Z"),
      endsAt: at("2030-03-05T10:00:00Z"),
      status: "cancelled",
    });
    // The confirmed booking's customer asked to move it to Thursday 09:00–11:00: a reschedule hold.
    const [request] = await t.db
      .insert(rescheduleRequests)
      .values({
        bookingId: confirmed.id,
        requestedStartsAt: at("2030-03-07T09:00:00Z"),
        requestedEndsAt: at("2030-03-07T11:00:00Z"),
        teamId: van1,
        expiresAt: at("2030-03-06T09:00:00Z"),
      })
      .returning();
    await t.db.insert(allocations).values({
      teamId: van1,
      during: { start: at("2030-03-07T09:00:00Z"), end: at("2030-03-07T11:00:00Z") },
      kind: "reschedule_hold",
      status: "pending_reschedule",
      bookingId: confirmed.id,
      rescheduleRequestId: request?.id,
      holdExpiresAt: at("2030-03-06T09:00:00Z"),
    });
    // A block on Van 2 from Monday 22:00 to Tuesday 02:00: it belongs to both days.
    await insertBlock(t.db, {
      teamId: van2,
      startsAt: at("2030-03-04T22:00:00Z"),
      endsAt: at("2030-03-05T02:00:00Z"),
      reason: "Night clean",
    });
  });
  afterAll(() => t.drop());

  it("day view: the local day's bookings, holds and blocks, labelled, with the teams and hours", async () => {
    const cal = await getCalendar({ view: "day", date: "2030-03-05" }, t.db);
    expect(cal.timeZone).toBe("Europe/London");
    expect(cal.zoneNames).toEqual(["GMT"]);
    expect(cal.from.toISOString()).toBe("2030-03-05T00:00:00.000Z");
    expect(cal.to.toISOString()).toBe("2030-03-06T00:00:00.000Z");
    expect(cal.prevDate).toBe("2030-03-04");
    expect(cal.nextDate).toBe("2030-03-06");
    // The inactive van holds nothing here, so it has no column.
    expect(cal.teams.map((x) => x.name)).toEqual(["Van 1", "Van 2"]);
    expect(cal.items.map((i) => [i.kind, i.label])).toEqual([
      ["block", "Night clean"],
      ["booking", `${confirmedRef} · Mini Valet`],
      ["hold", expect.stringMatching(/^FC-[A-Z0-9]+ · Held for payment until 10:30 GMT$/)],
    ]);
    const booking = cal.items.find((i) => i.kind === "booking");
    expect(booking).toMatchObject({
      teamId: van1,
      bookingId: confirmedId,
      reference: confirmedRef,
      customerName: "Priya Shah",
      serviceName: "Mini Valet",
      status: "confirmed",
    });
    expect(booking?.start.toISOString()).toBe("2030-03-05T10:00:00.000Z");
    const day = cal.days[0];
    expect(day?.open.map((r) => [r.start.toISOString(), r.end.toISOString()])).toEqual([
      ["2030-03-05T08:00:00.000Z", "2030-03-05T12:30:00.000Z"],
      ["2030-03-05T13:00:00.000Z", "2030-03-05T18:00:00.000Z"],
    ]);
    expect(day?.counts).toEqual({ bookings: 1, holds: 1, blocks: 1 });
  });

  it("week view: Monday to Sunday, including the requested move's hold", async () => {
    const cal = await getCalendar({ view: "week", date: "2030-03-07" }, t.db);
    expect(cal.days.map((d) => d.date)).toEqual([
      "2030-03-04",
      "2030-03-05",
      "2030-03-06",
      "2030-03-07",
      "2030-03-08",
      "2030-03-09",
      "2030-03-10",
    ]);
    expect(cal.prevDate).toBe("2030-02-28");
    const hold = cal.items.find((i) => i.holdFor === "reschedule");
    expect(hold).toMatchObject({
      kind: "hold",
      teamId: van1,
      reference: confirmedRef,
      status: "pending_reschedule",
    });
    expect(hold?.label).toBe(`${confirmedRef} · Held for a requested move until 09:00 GMT`);
    expect(cal.days.find((d) => d.date === "2030-03-04")?.counts).toEqual({
      bookings: 0,
      holds: 0,
      blocks: 1,
    });
    expect(cal.days.find((d) => d.date === "2030-03-07")?.counts).toEqual({
      bookings: 0,
      holds: 1,
      blocks: 0,
    });
    expect(cal.days.find((d) => d.date === "2030-03-09")?.open).toEqual([]);
  });

  it("month view: full Monday-first weeks with counts per day, in the same few queries as a day", async () => {
    const day = countingDb(t.db);
    await getCalendar({ view: "day", date: "2030-03-05" }, day.db);
    const month = countingDb(t.db);
    const cal = await getCalendar({ view: "month", date: "2030-03-18" }, month.db);
    expect(month.counter.selects).toBe(day.counter.selects);
    expect(month.counter.selects).toBeLessThanOrEqual(5);

    expect(cal.days[0]?.date).toBe("2030-02-25");
    expect(cal.days.at(-1)?.date).toBe("2030-03-31");
    expect(cal.days).toHaveLength(35);
    expect(cal.days.filter((d) => d.isInPeriod)).toHaveLength(31);
    expect(cal.days[0]?.isInPeriod).toBe(false);
    expect(cal.prevDate).toBe("2030-02-01");
    expect(cal.nextDate).toBe("2030-04-01");
    const counts = Object.fromEntries(cal.days.map((d) => [d.date, d.counts]));
    expect(counts["2030-03-05"]).toEqual({ bookings: 1, holds: 1, blocks: 1 });
    expect(counts["2030-03-07"]).toEqual({ bookings: 0, holds: 1, blocks: 0 });
    expect(counts["2030-03-12"]).toEqual({ bookings: 0, holds: 0, blocks: 0 });
    // 31 March 2030 is the day the clocks go forward: 23 hours long.
    const last = cal.days.at(-1);
    expect(last && (last.end.getTime() - last.start.getTime()) / HOUR).toBe(23);
  });

  it("a DST day is local midnight to local midnight: 23 h in spring, 25 h in autumn", async () => {
    const springBlock = await createBlock(t.db, actor, {
      teamId: van1,
      startsAt: at("2027-03-28T22:00:00Z"), // 23:00 BST on the 28th
      endsAt: at("2027-03-28T22:45:00Z"),
      reason: "Late inside the short day",
    });
    await createBlock(t.db, actor, {
      teamId: van1,
      startsAt: at("2027-03-28T23:15:00Z"), // 00:15 BST on the 29th: the next day
      endsAt: at("2027-03-28T23:45:00Z"),
      reason: "Next day already",
    });
    const spring = await getCalendar({ view: "day", date: "2027-03-28" }, t.db);
    expect(spring.from.toISOString()).toBe("2027-03-28T00:00:00.000Z");
    expect(spring.to.toISOString()).toBe("2027-03-28T23:00:00.000Z");
    expect(spring.zoneNames).toEqual(["GMT", "BST"]);
    expect(spring.items.map((i) => i.blockId)).toEqual([springBlock]);

    await createBlock(t.db, actor, {
      teamId: van1,
      startsAt: at("2026-10-24T23:10:00Z"), // 00:10 BST on the 25th
      endsAt: at("2026-10-24T23:30:00Z"),
      reason: "Just after midnight",
    });
    await createBlock(t.db, actor, {
      teamId: van1,
      startsAt: at("2026-10-25T23:30:00Z"), // 23:30 GMT, still the 25th
      endsAt: at("2026-10-25T23:50:00Z"),
      reason: "The 25th hour",
    });
    await createBlock(t.db, actor, {
      teamId: van1,
      startsAt: at("2026-10-24T22:30:00Z"), // 23:30 BST on the 24th
      endsAt: at("2026-10-24T22:50:00Z"),
      reason: "The day before",
    });
    const autumn = await getCalendar({ view: "day", date: "2026-10-25" }, t.db);
    expect(autumn.from.toISOString()).toBe("2026-10-24T23:00:00.000Z");
    expect(autumn.to.toISOString()).toBe("2026-10-26T00:00:00.000Z");
    expect(autumn.items.map((i) => i.label)).toEqual(["Just after midnight", "The 25th hour"]);
    const week = await getCalendar({ view: "week", date: "2026-10-25" }, t.db);
    const sunday = week.days.find((d) => d.date === "2026-10-25");
    expect(sunday && (sunday.end.getTime() - sunday.start.getTime()) / HOUR).toBe(25);
    expect(sunday?.counts.blocks).toBe(2);
  });

  it("a block for one team: one block row, one allocation, audited, published, on the calendar", async () => {
    const before = await totals();
    const id = await createBlock(t.db, actor, {
      teamId: van2,
      startsAt: at("2030-03-06T13:00:00Z"),
      endsAt: at("2030-03-06T15:00:00Z"),
      reason: "  MOT  ",
    });
    const [row] = await t.db.select().from(blocks).where(eq(blocks.id, id));
    expect(row).toMatchObject({ teamId: van2, reason: "MOT", createdBy: actor.id, deletedAt: null });
    const held = await t.db.select().from(allocations).where(eq(allocations.blockId, id));
    expect(held.map((a) => [a.teamId, a.kind, a.status])).toEqual([[van2, "block", "block"]]);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.entityId, id));
    expect(audit.map((a) => [a.action, a.actorId, a.ip])).toEqual([["block.created", actor.id, actor.ip]]);
    const events = await t.db.select().from(liveEvents).where(eq(liveEvents.type, "schedule.changed"));
    expect(events.at(-1)?.payload).toEqual({
      from: "2030-03-06T13:00:00.000Z",
      to: "2030-03-06T15:00:00.000Z",
      teamId: van2,
    });
    expect(events.at(-1)?.audience).toBe("admins");
    const after = await totals();
    expect(after.blocks).toBe((before.blocks ?? 0) + 1);
    expect(after.events).toBe((before.events ?? 0) + 1);

    const cal = await getCalendar({ view: "day", date: "2030-03-06" }, t.db);
    expect(cal.items).toEqual([
      expect.objectContaining({ kind: "block", blockId: id, teamId: van2, label: "MOT", isAllTeams: false }),
    ]);
  });

  it("a block for all teams: one block row and one allocation per active team", async () => {
    const id = await createBlock(t.db, actor, {
      teamId: null,
      startsAt: at("2030-03-08T08:00:00Z"),
      endsAt: at("2030-03-08T18:00:00Z"),
      reason: "Team training day",
    });
    const [row] = await t.db.select().from(blocks).where(eq(blocks.id, id));
    expect(row?.teamId).toBeNull();
    const held = await t.db.select().from(allocations).where(eq(allocations.blockId, id));
    expect(held.map((a) => a.teamId).sort()).toEqual([van1, van2].sort());
    expect(held.some((a) => a.teamId === van3Inactive)).toBe(false);
    const events = await t.db.select().from(liveEvents).where(eq(liveEvents.type, "schedule.changed"));
    expect(events.at(-1)?.payload).toMatchObject({ teamId: null });

    const cal = await getCalendar({ view: "month", date: "2030-03-01" }, t.db);
    expect(cal.items.filter((i) => i.blockId === id).map((i) => i.isAllTeams)).toEqual([true, true]);
    // Counted once on its day, although two teams show it.
    expect(cal.days.find((d) => d.date === "2030-03-08")?.counts.blocks).toBe(1);
  });

  it("a block over a booking is refused with what is in the way, and nothing is written", async () => {
    const before = await totals();
    const err = await refusal(
      createBlock(t.db, actor, {
        teamId: van1,
        startsAt: at("2030-03-05T11:00:00Z"),
        endsAt: at("2030-03-05T13:00:00Z"),
        reason: "Van service",
      }),
    );
    expect(err.code).toBe("CONFLICT");
    expect(err.message).toBe(
      `Van 1 is booked then (${confirmedRef}, 10:00–12:00 GMT). Choose another time or team.`,
    );
    // For all teams: Van 2 is free but Van 1 is not, so nothing is blocked anywhere.
    const all = await refusal(
      createBlock(t.db, actor, {
        teamId: null,
        startsAt: at("2030-03-05T11:30:00Z"),
        endsAt: at("2030-03-05T14:30:00Z"),
        reason: "Staff meeting",
      }),
    );
    expect(all.message).toMatch(
      /^Van 1 is booked then \(FC-[A-Z0-9]+, 10:00–12:00 GMT\)\. 1 other thing is in that time too\. Choose another time or team\.$/,
    );
    // Over a payment hold, and over another block.
    const hold = await refusal(
      createBlock(t.db, actor, {
        teamId: van2,
        startsAt: at("2030-03-05T14:30:00Z"),
        endsAt: at("2030-03-05T16:00:00Z"),
        reason: "x",
      }),
    );
    expect(hold.message).toMatch(
      /^Van 2 is held for a booking awaiting payment then \(FC-[A-Z0-9]+, 14:00–15:00 GMT\)/,
    );
    const blocked = await refusal(
      createBlock(t.db, actor, {
        teamId: van2,
        startsAt: at("2030-03-04T20:00:00Z"),
        endsAt: at("2030-03-04T23:00:00Z"),
        reason: "x",
      }),
    );
    expect(blocked.message).toBe(
      "Van 2 is already blocked then (Night clean, Monday, 4 March 2030, 22:00 GMT – Tuesday, 5 March 2030, 02:00 GMT). Choose another time or team.",
    );
    expect(await totals()).toEqual(before);
  });

  it("a lapsed payment hold is not shown, and a block over it expires it (the booking too)", async () => {
    const lapsed = await insertBooking(t.db, {
      customerId: customer.id,
      teamId: van1,
      startsAt: at("2030-03-13T10:00:00Z"),
      endsAt: at("2030-03-13T11:00:00Z"),
      status: "pending_payment",
      holdExpiresAt: at("2020-01-01T00:00:00Z"),
    });
    const cal = await getCalendar({ view: "day", date: "2030-03-13" }, t.db);
    expect(cal.items).toEqual([]);

    const id = await createBlock(t.db, actor, {
      teamId: van1,
      startsAt: at("2030-03-13T10:30:00Z"),
      endsAt: at("2030-03-13T12:00:00Z"),
      reason: "Tyres",
    });
    expect(id).toBeTruthy();
    const [held] = await t.db.select().from(allocations).where(eq(allocations.bookingId, lapsed.id));
    expect(held?.status).toBe("expired");
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, lapsed.id));
    expect(booking?.status).toBe("expired");
    const events = await t.db.select().from(liveEvents).where(eq(liveEvents.type, "booking.updated"));
    expect(events.map((e) => e.payload)).toContainEqual(
      expect.objectContaining({ bookingId: lapsed.id, status: "expired" }),
    );
  });

  it("refuses what makes no sense, field by field", async () => {
    const base = { teamId: van1, startsAt: at("2030-04-01T09:00:00Z"), endsAt: at("2030-04-01T10:00:00Z") };
    expect((await refusal(createBlock(t.db, actor, { ...base, reason: "   " }))).fieldErrors).toHaveProperty(
      "reason",
    );
    const backwards = await refusal(
      createBlock(t.db, actor, { ...base, endsAt: base.startsAt, reason: "Service" }),
    );
    expect(backwards.fieldErrors).toHaveProperty("endTime");
    const inactive = await refusal(
      createBlock(t.db, actor, { ...base, teamId: van3Inactive, reason: "Service" }),
    );
    expect(inactive.fieldErrors?.teamId).toEqual(["Van 3 is inactive; it takes no bookings."]);
  });

  it("deleting a block releases its time (a status change) and lets a new block take it", async () => {
    const range = { startsAt: at("2030-03-11T09:00:00Z"), endsAt: at("2030-03-11T11:00:00Z") };
    const first = await createBlock(t.db, actor, { teamId: null, ...range, reason: "Supplier visit" });
    await refusal(createBlock(t.db, actor, { teamId: van1, ...range, reason: "Overlapping" }));
    await deleteBlock(t.db, actor, { id: first });

    const [row] = await t.db.select().from(blocks).where(eq(blocks.id, first));
    expect(row?.deletedAt).toBeInstanceOf(Date);
    const held = await t.db.select().from(allocations).where(eq(allocations.blockId, first));
    expect(held).toHaveLength(2);
    expect(held.every((a) => a.status === "released" && a.releasedAt instanceof Date)).toBe(true);
    const audit = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, first), eq(auditLog.action, "block.deleted")));
    expect(audit).toHaveLength(1);
    const events = await t.db.select().from(liveEvents).where(eq(liveEvents.type, "schedule.changed"));
    expect(events.at(-1)?.payload).toEqual({
      from: "2030-03-11T09:00:00.000Z",
      to: "2030-03-11T11:00:00.000Z",
      teamId: null,
    });
    const cal = await getCalendar({ view: "day", date: "2030-03-11" }, t.db);
    expect(cal.items).toEqual([]);

    const second = await createBlock(t.db, actor, { teamId: van1, ...range, reason: "Van service" });
    expect(second).not.toBe(first);
    const again = await refusal(deleteBlock(t.db, actor, { id: first }));
    expect(again.code).toBe("NOT_FOUND");
  });

  it("concurrent blocks for the same time: exactly one wins, the others say what is in the way", async () => {
    const range = { startsAt: at("2030-03-12T09:00:00Z"), endsAt: at("2030-03-12T10:00:00Z") };
    const results = await Promise.allSettled(
      Array.from({ length: 5 }, (_, i) =>
        createBlock(t.db, actor, { teamId: van2, ...range, reason: `Race ${i}` }),
      ),
    );
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(4);
    for (const r of lost) {
      expect(r.reason).toBeInstanceOf(AppError);
      expect((r.reason as AppError).code).toBe("CONFLICT");
      expect((r.reason as AppError).message).toMatch(
        /^Van 2 is already blocked then \(Race \d, 09:00–10:00 GMT\)/,
      );
    }
  });

  it("the block form's wall-clock values become instants in the business zone, DST-correctly", () => {
    const parse = (v: Record<string, string>) =>
      blockWindow(blockInput.parse({ teamId: "all", reason: "Service", endDate: "", ...v }), "Europe/London");
    expect(parse({ date: "2027-03-28", startTime: "00:30", endTime: "03:00" })).toEqual({
      ok: true,
      value: {
        teamId: null,
        startsAt: at("2027-03-28T00:30:00Z"),
        endsAt: at("2027-03-28T02:00:00Z"),
        reason: "Service",
      },
    });
    expect(parse({ date: "2027-03-28", startTime: "01:30", endTime: "03:00" })).toMatchObject({
      ok: false,
      fieldErrors: { startTime: [expect.stringContaining("clocks go forward")] },
    });
    expect(parse({ date: "2030-06-10", startTime: "22:00", endTime: "02:00" })).toMatchObject({
      ok: false,
      fieldErrors: { endTime: [expect.stringContaining("set the end date")] },
    });
    expect(
      parse({ date: "2030-06-10", startTime: "22:00", endDate: "2030-06-11", endTime: "02:00" }),
    ).toMatchObject({
      ok: true,
      value: { startsAt: at("2030-06-10T21:00:00Z"), endsAt: at("2030-06-11T01:00:00Z") },
    });
    expect(
      blockInput.safeParse({
        teamId: "van",
        date: "2030-02-30",
        startTime: "9",
        endTime: "10:00",
        reason: "",
      }).success,
    ).toBe(false);
  });
});

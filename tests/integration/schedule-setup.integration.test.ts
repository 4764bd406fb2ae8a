import { and, asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { addDays, isoWeekday, localDateOf, localToInstant } from "@/lib/dates";
import {
  dateOverrideInput,
  deleteOverrideInput,
  teamInput,
  weeklyHoursInput,
} from "@/modules/availability/schedule-schemas";
import {
  deleteOverride,
  loadOverrides,
  loadWeeklyHours,
  saveOverride,
  saveWeeklyHours,
} from "@/modules/availability/server/hours";
import {
  createTeam,
  deleteTeam,
  loadTeamsForAdmin,
  moveTeam,
  setTeamActive,
  updateTeam,
} from "@/modules/availability/server/teams";
import {
  allocations,
  auditLog,
  dateOverrides,
  liveEvents,
  rescheduleRequests,
  teams,
  workingHours,
} from "@/server/db/schema";
import { insertBlock, insertBooking, insertSettings, insertTeam, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

const TZ = "Europe/London";
const h = (hh: number, mm = 0) => hh * 60 + mm;
const at = (date: string, minutes: number) => localToInstant(date, minutes, TZ) as Date;
const hour = [{ kind: "package" as const, name: "Wash", priceMinor: 3000, minutes: 60 }];

/** The first date on or after `from` days from today that falls on `weekday`. */
function nextWeekday(weekday: number, fromDays: number): string {
  let d = addDays(localDateOf(new Date(), TZ), fromDays);
  while (isoWeekday(d) !== weekday) d = addDays(d, 1);
  return d;
}

const weekly = (weekday: number, ranges: [string, string][], confirmStranded = false) =>
  weeklyHoursInput.parse({
    weekday,
    ranges: ranges.map(([opens, closes]) => ({ opens, closes })),
    confirmStranded,
  });

const override = (v: Record<string, unknown>) => dateOverrideInput.parse(v);

describe.each(dbKinds)("schedule setup on %s", (kind) => {
  let t: TestDatabase;
  let actor: { id: string; ip: string };
  let customerId: string;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await insertSettings(t.db, { timeZone: TZ });
    actor = { id: (await insertUser(t.db, { role: "admin" })).id, ip: "203.0.113.9" };
    customerId = (await insertUser(t.db)).id;
  });
  afterAll(() => t.drop());

  const audits = (action: string) =>
    t.db.select().from(auditLog).where(eq(auditLog.action, action)).orderBy(asc(auditLog.at));
  const scheduleEvents = () =>
    t.db.select().from(liveEvents).where(eq(liveEvents.type, "schedule.changed")).orderBy(asc(liveEvents.id));
  const teamNames = async () =>
    (await t.db.select().from(teams).orderBy(asc(teams.sortOrder))).map((r) => r.name);

  describe("teams", () => {
    it("creates teams at the end of the list, audited, with a live event; refuses a duplicate name", async () => {
      const eventsBefore = (await scheduleEvents()).length;
      const a = await createTeam(t.db, actor, teamInput.parse({ name: "Van 1" }));
      const b = await createTeam(t.db, actor, teamInput.parse({ name: "Van 2", colour: "#B45309" }));
      const rows = await t.db.select().from(teams).orderBy(asc(teams.sortOrder));
      expect(rows.map((r) => [r.name, r.colour, r.isActive])).toEqual([
        ["Van 1", "#0f766e", true],
        ["Van 2", "#b45309", true],
      ]);
      await expect(createTeam(t.db, actor, teamInput.parse({ name: " van 1 " }))).rejects.toMatchObject({
        code: "VALIDATION",
        fieldErrors: { name: ["A team with this name already exists."] },
      });
      const created = await audits("team.created");
      expect(created.map((r) => r.entityId)).toEqual([a, b]);
      expect(created[0]).toMatchObject({ actorId: actor.id, ip: actor.ip, summary: { name: "Van 1" } });
      const events = (await scheduleEvents()).slice(eventsBefore);
      expect(events).toHaveLength(2);
      expect(events[1]).toMatchObject({ audience: "admins", payload: { teamId: b } });
      const payload = events[1]?.payload as { from: string; to: string };
      expect(payload.from).toBe(localDateOf(new Date(), TZ));
      expect(payload.to).toBe(addDays(payload.from, 60));
    });

    it("renames and recolours; a rename onto another team's name is refused", async () => {
      const [van2] = await t.db.select().from(teams).where(eq(teams.name, "Van 2"));
      const id = van2?.id ?? "";
      await updateTeam(t.db, actor, { id, name: "Van B", colour: "#1d4ed8" });
      const [after] = await t.db.select().from(teams).where(eq(teams.id, id));
      expect(after).toMatchObject({ name: "Van B", colour: "#1d4ed8" });
      await expect(updateTeam(t.db, actor, { id, name: "VAN 1", colour: "#1d4ed8" })).rejects.toMatchObject({
        fieldErrors: { name: ["A team with this name already exists."] },
      });
      const [audit] = await audits("team.updated");
      expect(audit?.summary).toEqual({
        from: { name: "Van 2", colour: "#b45309" },
        to: { name: "Van B", colour: "#1d4ed8" },
      });
    });

    it("moves a team up and down by one place, ignoring moves past either end", async () => {
      const c = await createTeam(t.db, actor, teamInput.parse({ name: "Van C" }));
      await moveTeam(t.db, actor, { id: c, direction: "up" });
      expect(await teamNames()).toEqual(["Van 1", "Van C", "Van B"]);
      await moveTeam(t.db, actor, { id: c, direction: "up" });
      await moveTeam(t.db, actor, { id: c, direction: "up" });
      expect(await teamNames()).toEqual(["Van C", "Van 1", "Van B"]);
      await moveTeam(t.db, actor, { id: c, direction: "down" });
      expect(await teamNames()).toEqual(["Van 1", "Van C", "Van B"]);
      expect((await t.db.select().from(teams).orderBy(asc(teams.sortOrder))).map((r) => r.sortOrder)).toEqual(
        [1, 2, 3],
      );
      expect((await audits("team.moved")).length).toBe(3);
    });

    it("refuses to deactivate a team with upcoming bookings, listing them; counts them in the list", async () => {
      const team = await insertTeam(t.db, { name: "Van 9" });
      const monday = nextWeekday(1, 7);
      const refs: string[] = [];
      for (const start of [h(9), h(11), h(14)]) {
        const b = await insertBooking(t.db, {
          customerId,
          teamId: team.id,
          startsAt: at(monday, start),
          items: hour,
        });
        refs.push(b.reference);
      }
      // Past, cancelled and expired bookings don't count.
      await insertBooking(t.db, {
        customerId,
        teamId: team.id,
        startsAt: at(addDays(monday, -21), h(9)),
        items: hour,
      });
      await insertBooking(t.db, {
        customerId,
        teamId: team.id,
        startsAt: at(monday, h(16)),
        status: "cancelled",
        items: hour,
      });

      const listed = (await loadTeamsForAdmin(t.db)).find((x) => x.id === team.id);
      // The list says beforehand what setTeamActive and deleteTeam will refuse (the page disables them).
      expect(listed).toMatchObject({
        name: "Van 9",
        isActive: true,
        upcomingCount: 3,
        deleteBlockedBy: "bookings",
      });

      const err = await setTeamActive(t.db, actor, { id: team.id, isActive: false }).catch((e: unknown) => e);
      expect(err).toMatchObject({ code: "CONFLICT" });
      const message = (err as Error).message;
      expect(message).toMatch(/^Van 9 has 3 upcoming bookings: /);
      expect(message).toContain(`${refs[0]} Mon `);
      expect(message).toContain(", 09:00 G"); // GMT or BST, with the zone's name
      expect(message.indexOf(refs[0] ?? "x")).toBeLessThan(message.indexOf(refs[2] ?? "x"));
      expect(message).toMatch(/\. Move or cancel them first\.$/);
      const [still] = await t.db.select().from(teams).where(eq(teams.id, team.id));
      expect(still?.isActive).toBe(true);
    });

    it("deactivates and activates a team with nothing upcoming, audited", async () => {
      const [van1] = await t.db.select().from(teams).where(eq(teams.name, "Van 1"));
      const id = van1?.id ?? "";
      await setTeamActive(t.db, actor, { id, isActive: false });
      expect((await t.db.select().from(teams).where(eq(teams.id, id)))[0]?.isActive).toBe(false);
      await setTeamActive(t.db, actor, { id, isActive: true });
      expect((await t.db.select().from(teams).where(eq(teams.id, id)))[0]?.isActive).toBe(true);
      const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, id))).map(
        (r) => r.action,
      );
      expect(actions).toEqual(expect.arrayContaining(["team.deactivated", "team.activated"]));
    });

    it("deletes only a team with nothing ever on its calendar", async () => {
      const [van9] = await t.db.select().from(teams).where(eq(teams.name, "Van 9"));
      await expect(deleteTeam(t.db, actor, { id: van9?.id ?? "" })).rejects.toThrow(
        "Van 9 can't be deleted: 5 bookings use it, past or upcoming. Deactivate it instead.",
      );
      const spare = await createTeam(t.db, actor, teamInput.parse({ name: "Spare van" }));
      const blockedVan = await createTeam(t.db, actor, teamInput.parse({ name: "Blocked van" }));
      const monday = nextWeekday(1, 7);
      await insertBlock(t.db, { teamId: blockedVan, startsAt: at(monday, h(9)), endsAt: at(monday, h(10)) });
      const listed = await loadTeamsForAdmin(t.db);
      expect(listed.find((x) => x.id === spare)).toMatchObject({ deleteBlockedBy: null, upcomingCount: 0 });
      expect(listed.find((x) => x.id === blockedVan)).toMatchObject({ deleteBlockedBy: "calendar" });
      await expect(deleteTeam(t.db, actor, { id: blockedVan })).rejects.toThrow(
        "Blocked van can't be deleted: it has blocks or requested moves on its calendar. Deactivate it instead.",
      );
      await deleteTeam(t.db, actor, { id: spare });
      expect(await teamNames()).not.toContain("Spare van");
      const [audit] = await audits("team.deleted");
      expect(audit).toMatchObject({ entityId: spare, summary: { name: "Spare van" } });
      await expect(deleteTeam(t.db, actor, { id: spare })).rejects.toMatchObject({ code: "NOT_FOUND" });
    });
  });

  describe("opening hours", () => {
    let team: { id: string; name: string };
    beforeAll(async () => {
      team = await insertTeam(t.db, { name: "Hours van" });
    });
    beforeEach(async () => {
      await t.db.delete(dateOverrides);
      await t.db.delete(workingHours);
      // Every other booking is made harmless: only the ones each test makes can be stranded.
      await t.db.update(allocations).set({ status: "released" });
      await saveWeeklyHours(
        t.db,
        actor,
        weekly(1, [
          ["08:00", "12:30"],
          ["13:00", "18:00"],
        ]),
      );
    });

    it("replaces one weekday's ranges, leaving the others; an empty day is closed", async () => {
      await saveWeeklyHours(t.db, actor, weekly(6, [["09:00", "16:00"]]));
      await saveWeeklyHours(
        t.db,
        actor,
        weekly(6, [
          ["13:00", "16:00"],
          ["9:00", "1200"],
        ]),
      );
      let week = await loadWeeklyHours(t.db);
      expect(week).toHaveLength(7);
      expect(week[5]).toEqual({
        weekday: 6,
        ranges: [
          { opens: h(9), closes: h(12) },
          { opens: h(13), closes: h(16) },
        ],
      });
      expect(week[0]?.ranges).toEqual([
        { opens: h(8), closes: h(12, 30) },
        { opens: h(13), closes: h(18) },
      ]);
      await saveWeeklyHours(t.db, actor, weekly(6, []));
      week = await loadWeeklyHours(t.db);
      expect(week[5]?.ranges).toEqual([]);
      const [last] = (await audits("working_hours.saved")).slice(-1);
      expect(last).toMatchObject({
        entityId: "6",
        summary: { weekday: "Saturday", from: "09:00–12:00, 13:00–16:00", to: "Closed" },
      });
    });

    it("two saves of the same weekday at once leave one of them, never a mix", async () => {
      const a = weekly(4, [
        ["08:00", "12:00"],
        ["13:00", "17:00"],
      ]);
      const b = weekly(4, [["10:00", "15:00"]]);
      await Promise.all([saveWeeklyHours(t.db, actor, a), saveWeeklyHours(t.db, actor, b)]);
      const thursday = (await loadWeeklyHours(t.db))[3]?.ranges;
      expect([a.ranges, b.ranges]).toContainEqual(thursday);
    });

    it("refuses overlapping or inverted ranges with field messages, changing nothing", () => {
      const bad = weeklyHoursInput.safeParse({
        weekday: 2,
        ranges: [
          { opens: "08:00", closes: "12:30" },
          { opens: "12:00", closes: "18:00" },
          { opens: "19:00", closes: "18:30" },
        ],
      });
      expect(bad.success).toBe(false);
      expect(Object.fromEntries(bad.error?.issues.map((i) => [i.path.join("."), i.message]) ?? [])).toEqual({
        "ranges.1.opens": "Overlaps range 1 (08:00–12:30).",
        "ranges.2.closes": "Closing time must be after opening time.",
      });
    });

    it("lists upcoming bookings a weekly change would strand, saves nothing until confirmed, then audits them", async () => {
      const monday = nextWeekday(1, 7);
      const morning = await insertBooking(t.db, {
        customerId,
        teamId: team.id,
        startsAt: at(monday, h(9)),
        items: hour,
      });
      const afternoon = await insertBooking(t.db, {
        customerId,
        teamId: team.id,
        startsAt: at(monday, h(14)),
        items: hour,
      });
      // Not upcoming or not holding: never listed.
      await insertBooking(t.db, {
        customerId,
        teamId: team.id,
        startsAt: at(addDays(monday, -14), h(9)),
        items: hour,
      });
      await insertBooking(t.db, {
        customerId,
        teamId: team.id,
        startsAt: at(addDays(monday, 7), h(9)),
        status: "cancelled",
        items: hour,
      });
      await insertBooking(t.db, {
        customerId,
        teamId: team.id,
        startsAt: at(addDays(monday, 14), h(9)),
        status: "pending_payment",
        holdExpiresAt: new Date(Date.now() - 60_000),
        items: hour,
      });
      const eventsBefore = (await scheduleEvents()).length;

      const first = await saveWeeklyHours(t.db, actor, weekly(1, [["13:00", "18:00"]]));
      expect(first.ok).toBe(false);
      expect(first.stranded).toEqual([
        {
          bookingId: morning.id,
          reference: morning.reference,
          startsAt: morning.startsAt,
          endsAt: morning.endsAt,
          teamName: "Hours van",
          isRequestedMove: false,
        },
      ]);
      expect((await loadWeeklyHours(t.db))[0]?.ranges).toHaveLength(2);
      expect((await scheduleEvents()).length).toBe(eventsBefore);

      const confirmed = await saveWeeklyHours(t.db, actor, weekly(1, [["13:00", "18:00"]], true));
      expect(confirmed.ok).toBe(true);
      expect(confirmed.stranded.map((b) => b.reference)).toEqual([morning.reference]);
      expect((await loadWeeklyHours(t.db))[0]?.ranges).toEqual([{ opens: h(13), closes: h(18) }]);
      const [audit] = (await audits("working_hours.saved")).slice(-1);
      expect(audit?.summary).toMatchObject({
        weekday: "Monday",
        from: "08:00–12:30, 13:00–18:00",
        to: "13:00–18:00",
        strandedConfirmed: [{ reference: morning.reference, team: "Hours van" }],
      });
      const events = (await scheduleEvents()).slice(eventsBefore);
      expect(events).toHaveLength(1);
      expect(events[0]?.payload).toMatchObject({ teamId: null, from: localDateOf(new Date(), TZ) });
      expect(afternoon.reference).not.toBe(morning.reference);
    });

    it("a job that spans the break is stranded by a new break; a requested move counts too", async () => {
      await saveWeeklyHours(t.db, actor, weekly(1, [["08:00", "18:00"]]));
      const monday = nextWeekday(1, 7);
      const across = await insertBooking(t.db, {
        customerId,
        teamId: team.id,
        startsAt: at(monday, h(12)),
        items: hour,
      });
      const moving = await insertBooking(t.db, {
        customerId,
        teamId: team.id,
        startsAt: at(addDays(monday, 1), h(9)),
        items: hour,
      });
      const requestedStart = at(addDays(monday, 7), h(8));
      const [request] = await t.db
        .insert(rescheduleRequests)
        .values({
          bookingId: moving.id,
          requestedStartsAt: requestedStart,
          requestedEndsAt: new Date(requestedStart.getTime() + 3_600_000),
          teamId: team.id,
          expiresAt: new Date(Date.now() + 86_400_000),
        })
        .returning();
      await t.db.insert(allocations).values({
        teamId: team.id,
        during: { start: requestedStart, end: new Date(requestedStart.getTime() + 3_600_000) },
        kind: "reschedule_hold",
        status: "pending_reschedule",
        bookingId: moving.id,
        rescheduleRequestId: request?.id,
        holdExpiresAt: new Date(Date.now() + 86_400_000),
      });
      const result = await saveWeeklyHours(
        t.db,
        actor,
        weekly(1, [
          ["09:00", "12:30"],
          ["13:00", "18:00"],
        ]),
      );
      expect(result.ok).toBe(false);
      expect(result.stranded.map((b) => [b.reference, b.isRequestedMove])).toEqual([
        [across.reference, false],
        [moving.reference, true],
      ]);
    });

    it("an override on a date shields its bookings from a weekly change", async () => {
      const monday1 = nextWeekday(1, 7);
      const monday2 = addDays(monday1, 7);
      const shielded = await insertBooking(t.db, {
        customerId,
        teamId: team.id,
        startsAt: at(monday1, h(9)),
        items: hour,
      });
      const exposed = await insertBooking(t.db, {
        customerId,
        teamId: team.id,
        startsAt: at(monday2, h(9)),
        items: hour,
      });
      const special = await saveOverride(
        t.db,
        actor,
        override({
          date: monday1,
          isClosed: "open",
          ranges: [{ opens: "08:00", closes: "12:00" }],
          note: "Short day",
        }),
      );
      expect(special.ok).toBe(true);
      const result = await saveWeeklyHours(t.db, actor, weekly(1, []));
      expect(result.ok).toBe(false);
      expect(result.stranded.map((b) => b.reference)).toEqual([exposed.reference]);
      expect(result.stranded.map((b) => b.reference)).not.toContain(shielded.reference);
    });

    it("a closed override on a date with bookings lists them until confirmed", async () => {
      const tuesday = nextWeekday(2, 7);
      await saveWeeklyHours(t.db, actor, weekly(2, [["08:00", "18:00"]]));
      const booking = await insertBooking(t.db, {
        customerId,
        teamId: team.id,
        startsAt: at(tuesday, h(10)),
        items: hour,
      });
      const eventsBefore = (await scheduleEvents()).length;
      const input = { date: tuesday, isClosed: "closed", note: "Staff training" };
      const first = await saveOverride(t.db, actor, override(input));
      expect(first).toMatchObject({ ok: false, stranded: [{ reference: booking.reference }] });
      expect(await t.db.select().from(dateOverrides)).toHaveLength(0);

      const saved = await saveOverride(t.db, actor, override({ ...input, confirmStranded: true }));
      expect(saved.ok).toBe(true);
      const [row] = await loadOverrides(t.db, { from: tuesday });
      expect(row).toMatchObject({
        id: saved.id,
        date: tuesday,
        isClosed: true,
        note: "Staff training",
        ranges: [],
      });
      const [audit] = (await audits("date_override.created")).slice(-1);
      expect(audit).toMatchObject({
        entityId: saved.id,
        summary: {
          to: { date: tuesday, hours: "Closed", note: "Staff training" },
          strandedConfirmed: [{ reference: booking.reference }],
        },
      });
      const events = (await scheduleEvents()).slice(eventsBefore);
      expect(events.map((e) => e.payload)).toEqual([{ from: tuesday, to: tuesday, teamId: null }]);
    });

    it("special hours keep the bookings inside them; moving an override checks both dates", async () => {
      const wednesday = nextWeekday(3, 7);
      const nextWednesday = addDays(wednesday, 7);
      await saveWeeklyHours(t.db, actor, weekly(3, [["10:00", "16:00"]]));
      const early = await insertBooking(t.db, {
        customerId,
        teamId: team.id,
        startsAt: at(wednesday, h(8)),
        items: hour,
      });
      // A date with its own earlier hours holds an 08:00 booking the weekly hours would not allow.
      const created = await saveOverride(
        t.db,
        actor,
        override({ date: wednesday, isClosed: "open", ranges: [{ opens: "07:00", closes: "12:00" }] }),
      );
      expect(created.ok).toBe(true);
      const id = created.id ?? "";
      // Narrower special hours that exclude it are listed…
      const narrower = await saveOverride(
        t.db,
        actor,
        override({ id, date: wednesday, isClosed: false, ranges: [{ opens: "09:00", closes: "12:00" }] }),
      );
      expect(narrower).toMatchObject({ ok: false, stranded: [{ reference: early.reference }] });
      // …and so is moving the override away: its old date falls back to the weekly 10:00–16:00.
      const moved = await saveOverride(
        t.db,
        actor,
        override({ id, date: nextWednesday, isClosed: "closed" }),
      );
      expect(moved).toMatchObject({ ok: false, stranded: [{ reference: early.reference }] });
      const deleted = await deleteOverride(t.db, actor, deleteOverrideInput.parse({ id }));
      expect(deleted).toMatchObject({ ok: false, stranded: [{ reference: early.reference }] });
      expect(await loadOverrides(t.db, { from: wednesday })).toHaveLength(1);

      const confirmedDelete = await deleteOverride(t.db, actor, { id, confirmStranded: true });
      expect(confirmedDelete.ok).toBe(true);
      expect(await loadOverrides(t.db, { from: wednesday })).toHaveLength(0);
      const [audit] = (await audits("date_override.deleted")).slice(-1);
      expect(audit).toMatchObject({
        entityId: id,
        summary: { date: wednesday, strandedConfirmed: [{ reference: early.reference }] },
      });
    });

    it("refuses a past date and a date that already has an override; edits and deletes a holiday", async () => {
      const today = localDateOf(new Date(), TZ);
      await expect(
        saveOverride(t.db, actor, override({ date: addDays(today, -1), isClosed: true })),
      ).rejects.toMatchObject({
        code: "VALIDATION",
        fieldErrors: { date: ["Choose today or a later date."] },
      });
      const sunday = nextWeekday(7, 30);
      const holiday = await saveOverride(
        t.db,
        actor,
        override({ date: sunday, isClosed: true, note: "Holiday" }),
      );
      expect(holiday.ok).toBe(true);
      await expect(
        saveOverride(t.db, actor, override({ date: sunday, isClosed: true })),
      ).rejects.toMatchObject({
        fieldErrors: { date: ["This date already has its own hours. Edit that entry instead."] },
      });
      const edited = await saveOverride(
        t.db,
        actor,
        override({
          id: holiday.id,
          date: sunday,
          isClosed: "open",
          ranges: [
            { opens: "13:00", closes: "17:00" },
            { opens: "09:00", closes: "12:00" },
          ],
          note: "Open for the fair",
        }),
      );
      expect(edited.ok).toBe(true);
      const [row] = await loadOverrides(t.db, { from: sunday });
      expect(row).toMatchObject({
        isClosed: false,
        note: "Open for the fair",
        ranges: [
          { opens: h(9), closes: h(12) },
          { opens: h(13), closes: h(17) },
        ],
      });
      const [updated] = (await audits("date_override.updated")).slice(-1);
      expect(updated?.summary).toMatchObject({
        from: { date: sunday, hours: "Closed", note: "Holiday" },
        to: { date: sunday, hours: "09:00–12:00, 13:00–17:00", note: "Open for the fair" },
      });
      const gone = await deleteOverride(t.db, actor, { id: holiday.id ?? "", confirmStranded: false });
      expect(gone.ok).toBe(true);
      expect(
        await t.db
          .select()
          .from(dateOverrides)
          .where(and(eq(dateOverrides.date, sunday))),
      ).toHaveLength(0);
      await expect(
        deleteOverride(t.db, actor, { id: holiday.id ?? "", confirmStranded: false }),
      ).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    });
  });
});

import { and, eq, sql } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { moveBookingInput } from "@/modules/booking-moves/schemas";
import {
  answerSiteCheck,
  getSiteCheckPage,
  sendDueBookingReminders,
  siteCheckToken,
} from "@/modules/reminders/server";
import {
  calendarFeedIcs,
  calendarFeedSlots,
  createCalendarFeed,
  revokeCalendarFeed,
} from "@/modules/calendar-feeds/server";
import { changeBookingAsAdmin, getAdminBookingPage } from "@/modules/bookings/server";
import { moveBookingAsAdmin } from "@/modules/booking-moves/server";
import { buildBookingIcs } from "@/modules/bookings/server/booking-ics";
import { loadJobDays } from "@/modules/today/server/admin-today-jobs";
import { renderTemplate } from "@/modules/notifications/templates";
import { setDatabaseForProcess } from "@/server/db";
import { openDatabase } from "@/server/db/client";
import { auditLog, bookingEvents, bookings, emails, liveEvents, users } from "@/server/db/schema";
import {
  insertBooking,
  insertSettings,
  insertStaff,
  insertTeam,
  insertUser,
  insertWeeklyHours,
} from "@tests/factories";
import { deactivateStaff, inviteStaff, setStaffTeams } from "@/modules/accounts/server";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Booking reminders with the site checklist, calendar files and feeds (issue 17, ADR 0027): the reminder
// goes once at start − lead time, is re-planned by a move, never sent for a cancelled booking or one made
// inside the lead time, and sent once by several workers; the checklist's signed links store the answer
// for the admin; every calendar file of a booking has one UID and a rising SEQUENCE, a cancellation
// METHOD:CANCEL; private feeds show only what their owner may see and die when revoked.

// Monday, 11 January 2027, 09:00 GMT (London = UTC in winter).
const NOW = new Date("2027-01-11T09:00:00Z");
const HOUR = 3_600_000;
const at = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2027, 0, day, hour, minute));
const ctx = {
  businessName: "Shine",
  contactEmail: "hi@shine.test",
  contactPhone: "0123",
  appUrl: "http://x",
};

/** The one event of a booking's calendar file. */
function only(content: string) {
  const first = parse(content).events[0];
  if (!first) throw new Error("no VEVENT");
  return first.event;
}

function parse(content: string) {
  const calendar = new ICAL.Component(ICAL.parse(content));
  return {
    calendar,
    events: calendar.getAllSubcomponents("vevent").map((v) => ({ vevent: v, event: new ICAL.Event(v) })),
  };
}

describe.each(dbKinds)("booking reminders, checklist and calendars, on %s", (kind) => {
  let t: TestDatabase;
  let teamA: string;
  let teamB: string;
  let adminId: string;

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, {
      businessName: "Shine",
      contactEmail: "hi@shine.test",
      timeZone: "Europe/London",
      slotIntervalMinutes: 30,
      bufferMinutes: 0,
      minNoticeMinutes: 60,
      horizonDays: 60,
      reminderLeadHours: 24,
    });
    const week: Record<number, [number, number][]> = {};
    for (let d = 1; d <= 7; d++) week[d] = [[8 * 60, 18 * 60]];
    await insertWeeklyHours(t.db, week);
    teamA = (await insertTeam(t.db, { name: "Alpha" })).id;
    teamB = (await insertTeam(t.db, { name: "Bravo" })).id;
    adminId = (await insertUser(t.db, { name: "Owner", role: "admin" })).id;
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  /** A confirmed booking for a new customer, booked `bookedBefore` hours before its start. */
  async function booked(
    startsAt: Date,
    bookedBefore = 24 * 5,
    over: Partial<typeof users.$inferInsert> = {},
  ) {
    const customer = await insertUser(t.db, { name: "Ada", ...over });
    const booking = await insertBooking(t.db, {
      customerId: customer.id,
      teamId: teamA,
      startsAt,
      status: "confirmed",
      createdAt: new Date(startsAt.getTime() - bookedBefore * HOUR),
    });
    return { customer, booking };
  }
  const reminders = async (bookingId: string) =>
    (await t.db.select().from(emails).where(eq(emails.bookingId, bookingId))).filter(
      (m) => m.template === "booking-reminder",
    );
  const row = async (id: string) => {
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    if (!b) throw new Error(`no booking ${id}`);
    return b;
  };
  const sweep = (now: Date) => sendDueBookingReminders(t.db, { now });
  const icsOf = (mail: { attachments: { content: string }[] } | undefined) =>
    Buffer.from(mail?.attachments[0]?.content ?? "", "base64").toString("utf8");

  it("plans the reminder at start − lead time, sends it once with the checklist, and logs it", async () => {
    const { customer, booking } = await booked(at(20, 10));
    await sweep(new Date(at(19, 10).getTime() - 60_000));
    expect(await reminders(booking.id)).toHaveLength(0);
    await sweep(at(19, 10));
    await sweep(at(19, 11));
    await sweep(at(20, 9));
    const mail = await reminders(booking.id);
    expect(mail).toHaveLength(1);
    expect(mail[0]?.to).toBe(customer.email);
    expect((await row(booking.id)).reminderSentAt).toEqual(at(19, 10));
    const data = mail[0]?.data as Parameters<typeof renderTemplate<"booking-reminder">>[1];
    expect(data.allSetUrl).toContain("/booking/site-check?token=");
    expect(data.allSetUrl).toContain("answer=all-set");
    expect(data.changedUrl).toContain("answer=changed");
    const text = (await renderTemplate("booking-reminder", data, ctx)).text;
    expect(text).toContain("Water we can use: yes");
    expect(text).toContain("Covered space: no");
    expect(text).toContain("Parking and access: no notes");
    expect(text).toContain("email preferences");
    const events = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, booking.id));
    expect(events.filter((e) => e.type === "email_sent" && e.toValue === "reminder")).toHaveLength(1);
  });

  it("sends none for a booking made inside the lead time, nor after the job has started", async () => {
    const late = await booked(at(21, 10), 10);
    const run = await sweep(at(21, 2));
    expect(run.none).toBeGreaterThanOrEqual(1);
    expect(await reminders(late.booking.id)).toHaveLength(0);
    const missed = await booked(at(21, 15));
    await sweep(at(21, 15, 1));
    expect(await reminders(missed.booking.id)).toHaveLength(0);
  });

  it("a move re-plans it: nothing at the old instant, one at the new — again after it was sent", async () => {
    const { booking } = await booked(at(14, 10));
    const move = (b: typeof booking, start: Date, now: Date) =>
      moveBookingAsAdmin(
        t.db,
        { id: adminId },
        moveBookingInput.parse({
          bookingId: b.id,
          from: "confirmed",
          fromStart: b.startsAt.toISOString(),
          fromTeamId: b.teamId,
          start: start.toISOString(),
          teamId: teamA,
          reason: "Customer phoned.",
        }),
        { now },
      );
    await move(booking, at(16, 10), NOW);
    await sweep(at(13, 10));
    expect(await reminders(booking.id)).toHaveLength(0);
    await sweep(at(15, 10));
    expect(await reminders(booking.id)).toHaveLength(1);
    // Sent, then moved two days later (chosen well before the new reminder): one more reminder.
    await move(await row(booking.id), at(18, 10), at(15, 12));
    expect((await row(booking.id)).reminderSentAt).toBeNull();
    await sweep(at(17, 10));
    expect(await reminders(booking.id)).toHaveLength(2);
    // Moved to a time inside the lead time: none (the moved email has just said it).
    await move(await row(booking.id), at(18, 15), at(17, 16));
    await sweep(at(18, 14));
    expect(await reminders(booking.id)).toHaveLength(2);
  });

  it("a cancellation cancels it; the cancel email carries METHOD:CANCEL with the same UID and a raised SEQUENCE", async () => {
    const { booking } = await booked(at(22, 10));
    const confirmed = only((await buildBookingIcs(t.db, booking.id)).content);
    await changeBookingAsAdmin(t.db, { id: adminId }, "cancel", {
      bookingId: booking.id,
      from: "confirmed",
      reason: "Storm warning",
    });
    await sweep(at(21, 10));
    expect(await reminders(booking.id)).toHaveLength(0);
    const mail = (await t.db.select().from(emails).where(eq(emails.bookingId, booking.id))).find(
      (m) => m.template === "booking-cancelled",
    );
    expect(mail?.attachments[0]?.contentType).toContain("method=CANCEL");
    const { calendar, events } = parse(icsOf(mail));
    expect(calendar.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(events[0]?.event.uid).toBe(confirmed.uid);
    expect(events[0]?.event.sequence).toBe(confirmed.sequence + 1);
    expect(events[0]?.vevent.getFirstPropertyValue("status")).toBe("CANCELLED");
  });

  it("a move's calendar file keeps the UID and raises the SEQUENCE", async () => {
    const { booking } = await booked(at(23, 10));
    const before = only((await buildBookingIcs(t.db, booking.id)).content);
    await moveBookingAsAdmin(
      t.db,
      { id: adminId },
      moveBookingInput.parse({
        bookingId: booking.id,
        from: "confirmed",
        fromStart: booking.startsAt.toISOString(),
        fromTeamId: booking.teamId,
        start: at(23, 13).toISOString(),
        teamId: teamA,
        reason: "Customer phoned.",
      }),
      { now: NOW },
    );
    const mail = (await t.db.select().from(emails).where(eq(emails.bookingId, booking.id))).find(
      (m) => m.template === "booking-moved",
    );
    const after = only(icsOf(mail));
    expect(after.uid).toBe(before.uid);
    expect(after.sequence).toBe(before.sequence + 1);
    expect(after.startDate.toJSDate()).toEqual(at(23, 13));
    expect((await row(booking.id)).sequence).toBe(before.sequence + 1);
  });

  it("respects the customer's reminders opt-out (claimed, not sent)", async () => {
    const { booking } = await booked(at(24, 10), 100, { notifyReminders: false });
    const run = await sweep(at(23, 10, 30));
    expect(run.opted_out).toBeGreaterThanOrEqual(1);
    expect(await reminders(booking.id)).toHaveLength(0);
    expect((await row(booking.id)).reminderSentAt).not.toBeNull();
  });

  it("sends exactly one email when several workers sweep at once", async () => {
    const { booking } = await booked(at(25, 10));
    const now = at(24, 10, 5);
    if (t.url) {
      // Two workers: two separate connection pools on the same PostgreSQL database.
      const other = await openDatabase({ url: t.url, poolSize: 3 });
      try {
        await Promise.all([
          sendDueBookingReminders(t.db, { now }),
          sendDueBookingReminders(other.db, { now }),
          sendDueBookingReminders(other.db, { now }),
          sendDueBookingReminders(t.db, { now }),
        ]);
      } finally {
        await other.close();
      }
    } else {
      await Promise.all([sweep(now), sweep(now), sweep(now)]);
    }
    expect(await reminders(booking.id)).toHaveLength(1);
  });

  it("stores the checklist answer from the signed link: audited, on the timeline, live, shown to the admin", async () => {
    const { customer, booking } = await booked(at(26, 10));
    const token = siteCheckToken(booking.id);
    expect((await getSiteCheckPage(t.db, token, NOW))?.open).toBe(true);
    await answerSiteCheck(t.db, { token, answer: "all_set" }, { now: NOW });
    expect(await row(booking.id)).toMatchObject({ siteCheck: "all_set", siteCheckNote: null });
    // "Something changed" needs a note: a field error and nothing changes.
    await expect(
      answerSiteCheck(t.db, { token, answer: "changed", note: "  " }, { now: NOW }),
    ).rejects.toMatchObject({ code: "VALIDATION", fieldErrors: { note: [expect.any(String)] } });
    expect((await row(booking.id)).siteCheck).toBe("all_set");
    const later = new Date(NOW.getTime() + HOUR);
    await answerSiteCheck(t.db, { token, answer: "changed", note: "No outside tap <now>" }, { now: later });
    expect(await row(booking.id)).toMatchObject({
      siteCheck: "changed",
      siteCheckNote: "No outside tap <now>",
      siteCheckAt: later,
    });
    const events = await t.db
      .select()
      .from(bookingEvents)
      .where(and(eq(bookingEvents.bookingId, booking.id), eq(bookingEvents.type, "site_check")));
    expect(events.map((e) => [e.actorId, e.toValue])).toEqual([
      [customer.id, "all_set"],
      [customer.id, "changed"],
    ]);
    const audits = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "booking.site_check"), eq(auditLog.entityId, booking.id)));
    expect(audits).toHaveLength(2);
    const live = await t.db
      .select({ id: liveEvents.id })
      .from(liveEvents)
      .where(sql`${liveEvents.payload} ->> 'bookingId' = ${booking.id}`);
    expect(live.length).toBeGreaterThanOrEqual(2);
    const page = await getAdminBookingPage(t.db, booking.id, NOW);
    expect(page?.siteCheck).toMatchObject({ answer: "changed", note: "No outside tap <now>" });
    expect(page?.timeline.map((e) => e.what)).toContain("Customer: something changed at the site");
    const { days } = await loadJobDays(t.db, {
      dates: ["2027-01-26"],
      timeZone: "Europe/London",
      teams: Promise.resolve([{ id: teamA, name: "Alpha", colour: "#000" }] as never),
      now: NOW,
    });
    const job = days[0]?.teams.flatMap((x) => x.jobs).find((j) => j.id === booking.id);
    expect(job?.siteCheck).toEqual({ answer: "changed", note: "No outside tap <now>" });
  });

  it("refuses a forged or other booking's token, and answers after the start", async () => {
    const { booking } = await booked(at(27, 10));
    const other = await booked(at(27, 14));
    const sig = siteCheckToken(other.booking.id).split(".")[1];
    for (const token of [`${booking.id}.${sig}`, "nonsense", `${booking.id}.`, booking.accessToken])
      await expect(answerSiteCheck(t.db, { token, answer: "all_set" }, { now: NOW })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    expect(await getSiteCheckPage(t.db, `${booking.id}.${sig}`, NOW)).toBeNull();
    await expect(
      answerSiteCheck(t.db, { token: siteCheckToken(booking.id), answer: "all_set" }, { now: at(27, 10, 1) }),
    ).rejects.toMatchObject({ code: "CONFLICT" });
    expect((await row(booking.id)).siteCheck).toBeNull();
  });

  it("feeds: the admin's whole schedule, a team's jobs, a customer's own bookings only; revocable", async () => {
    const ada = await booked(at(28, 10));
    const bob = await booked(at(28, 14));
    await t.db.update(bookings).set({ teamId: teamB }).where(eq(bookings.id, bob.booking.id));
    const tokenOf = (url: string) => (url.split("/api/calendar/")[1] ?? "").replace(/\.ics$/, "");
    const uid = (id: string) => `${id}@${new URL(process.env.APP_URL ?? "http://localhost:3000").hostname}`;
    const uidsOf = async (token: string, now = NOW) => {
      const ics = await calendarFeedIcs(t.db, token, now);
      return ics ? parse(ics).events.map((e) => e.event.uid) : null;
    };

    const admin = await createCalendarFeed(t.db, { id: adminId }, { kind: "admin" }, { now: NOW });
    const adminUids = await uidsOf(tokenOf(admin.url));
    expect(adminUids).toEqual(expect.arrayContaining([uid(ada.booking.id), uid(bob.booking.id)]));
    const team = await createCalendarFeed(
      t.db,
      { id: adminId },
      { kind: "team", teamId: teamB },
      { now: NOW },
    );
    const teamUids = await uidsOf(tokenOf(team.url));
    expect(teamUids).toContain(uid(bob.booking.id));
    expect(teamUids).not.toContain(uid(ada.booking.id));

    const mine = await createCalendarFeed(t.db, { id: ada.customer.id }, { kind: "customer" }, { now: NOW });
    const ics = await calendarFeedIcs(t.db, tokenOf(mine.url), NOW);
    const parsed = parse(ics ?? "");
    expect(parsed.events.map((e) => e.event.uid)).toEqual([uid(ada.booking.id)]);
    expect(parsed.calendar.getFirstPropertyValue("method")).toBe("PUBLISH");
    expect(ics).not.toContain("Owner");
    // A customer may not hold an admin feed.
    await expect(createCalendarFeed(t.db, { id: ada.customer.id }, { kind: "admin" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    // The account page's slots: the customer sees one, the admin the schedule and a row per team.
    expect((await calendarFeedSlots(t.db, { id: ada.customer.id })).map((s) => s.kind)).toEqual(["customer"]);
    const slots = await calendarFeedSlots(t.db, { id: adminId });
    expect(slots.map((s) => s.key)).toEqual(["admin", `team-${teamA}`, `team-${teamB}`]);
    expect(slots[0]?.feed).not.toBeNull();

    // Regenerating revokes the old token; revoking stops the new one.
    const again = await createCalendarFeed(t.db, { id: ada.customer.id }, { kind: "customer" }, { now: NOW });
    expect(await calendarFeedIcs(t.db, tokenOf(mine.url), NOW)).toBeNull();
    expect(await uidsOf(tokenOf(again.url))).toEqual([uid(ada.booking.id)]);
    await expect(
      revokeCalendarFeed(t.db, { id: bob.customer.id }, { feedId: again.id }),
    ).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    await revokeCalendarFeed(t.db, { id: ada.customer.id }, { feedId: again.id });
    expect(await calendarFeedIcs(t.db, tokenOf(again.url), NOW)).toBeNull();
    // An admin who stops being one loses their feeds.
    await t.db.update(users).set({ role: "customer" }).where(eq(users.id, adminId));
    expect(await calendarFeedIcs(t.db, tokenOf(admin.url), NOW)).toBeNull();
    await t.db.update(users).set({ role: "admin" }).where(eq(users.id, adminId));
    expect(await calendarFeedIcs(t.db, "x".repeat(43), NOW)).toBeNull();
  });
  it("feeds: a technician's holds the jobs of the teams they are on when asked; gone when deactivated", async () => {
    const alpha = await booked(at(30, 9));
    const bravo = await booked(at(30, 13));
    await t.db.update(bookings).set({ teamId: teamB }).where(eq(bookings.id, bravo.booking.id));
    const tokenOf = (url: string) => (url.split("/api/calendar/")[1] ?? "").replace(/\.ics$/, "");
    const uid = (id: string) => `${id}@${new URL(process.env.APP_URL ?? "http://localhost:3000").hostname}`;
    const owner = { id: adminId, ip: null };
    const tess = await insertStaff(t.db, {
      name: "Tess Tech",
      email: "tess@shine.test",
      teamIds: [teamA],
    });
    // A job 100 days ahead is in the office's calendar, not on a technician's phone (7 days back, 60 ahead).
    const far = await booked(new Date(NOW.getTime() + 100 * 24 * HOUR));

    // Their account page offers one feed: their teams' jobs. They may hold no other kind, nor may others hold theirs.
    expect((await calendarFeedSlots(t.db, { id: tess.id })).map((s) => [s.kind, s.label])).toEqual([
      ["staff", "Your team's jobs"],
    ]);
    for (const kind of ["admin", "customer"] as const)
      await expect(createCalendarFeed(t.db, { id: tess.id }, { kind })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });
    await expect(
      createCalendarFeed(t.db, { id: tess.id }, { kind: "team", teamId: teamA }),
    ).rejects.toMatchObject({ code: "NOT_FOUND" });
    for (const id of [adminId, alpha.customer.id])
      await expect(createCalendarFeed(t.db, { id }, { kind: "staff" })).rejects.toMatchObject({
        code: "NOT_FOUND",
      });

    const feed = await createCalendarFeed(t.db, { id: tess.id }, { kind: "staff" }, { now: NOW });
    const token = tokenOf(feed.url);
    const read = async () => {
      const ics = await calendarFeedIcs(t.db, token, NOW);
      return ics === null ? null : { ics, uids: parse(ics).events.map((e) => e.event.uid) };
    };
    const first = await read();
    expect(first?.uids).toContain(uid(alpha.booking.id));
    expect(first?.uids).not.toContain(uid(far.booking.id));
    expect(first?.uids).not.toContain(uid(bravo.booking.id));
    // What the door needs, and a link to their day — not to the admin's pages.
    expect(first?.ics).toContain("Team: Alpha");
    expect(first?.ics).toContain("/staff");
    expect(first?.ics).not.toContain("/admin/bookings/");
    expect(parse(first?.ics ?? "").calendar.getFirstPropertyValue("x-wr-calname")).toBe("Shine — my jobs");

    // Moved to Bravo by the office: the same link now holds Bravo's jobs, not Alpha's.
    await setStaffTeams(t.db, owner, { id: tess.id, teamIds: [teamB] });
    const moved = await read();
    expect(moved?.uids).toContain(uid(bravo.booking.id));
    expect(moved?.uids).not.toContain(uid(alpha.booking.id));

    // Deactivated: the link answers nothing, and they can't make another.
    await deactivateStaff(t.db, owner, tess.id);
    expect(await read()).toBeNull();
    await expect(createCalendarFeed(t.db, { id: tess.id }, { kind: "staff" })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    // Invited back: the old link stays off (it was revoked when they lost access); a new one works.
    expect(
      (await inviteStaff(t.db, owner, { name: "Tess Tech", email: "tess@shine.test", teamIds: [teamA] }))
        .outcome,
    ).toBe("reinstated");
    expect(await read()).toBeNull();
    const fresh = await createCalendarFeed(t.db, { id: tess.id }, { kind: "staff" }, { now: NOW });
    expect(await calendarFeedIcs(t.db, tokenOf(fresh.url), NOW)).not.toBeNull();
  });
});

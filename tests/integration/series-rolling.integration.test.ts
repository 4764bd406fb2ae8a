import { and, asc, count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { appJobPlan } from "@/composition/jobs";
import { bookingStatusLabel } from "@/modules/bookings/server";
import { createSeriesInput, holdSeriesDateInput, seriesInput } from "@/modules/series/schemas";
import {
  changeSeries,
  createSeries,
  endSeries,
  extendSeries,
  holdSeriesDate,
  loadSeriesPanel,
  pauseSeries,
  planSeries,
} from "@/modules/series/server";
import { setDatabaseForProcess } from "@/server/db";
import { auditLog, bookings, bookingSeries, bookingSeriesDates, emails } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import {
  insertBooking,
  insertSettings,
  insertTeam,
  insertUser,
  insertWeeklyHours,
  insertZone,
} from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Issue 40 §5 / ADR 0052 (amended): a fortnightly regular's series runs until it is ended (a rolling
// 12-month window), not just to the booking horizon. The visits inside the horizon (56 days here) are held
// when it is made; the daily job holds each later one through reserve() as the horizon reaches it, once
// (a unique row per series and date: a second run, or two at once, holds nothing twice). A date whose time
// isn't free is offered to the customer with the nearest free times (email and the booking page) and the
// business is alerted; the customer chooses one. A pause reaches beyond the horizon (the job skips those
// dates) and its visits read Paused. A change moves the rule the job follows; an ended series stops.

// Monday 11 January 2027, 09:00 GMT. One team: one job at a time. The horizon is 56 days.
const NOW = new Date("2027-01-11T09:00:00Z");
const at = (month: number, day: number, hour: number, minute = 0) =>
  new Date(Date.UTC(2027, month - 1, day, hour, minute));
/** The daily job's run on a day (03:00 GMT). */
const jobDay = (month: number, day: number) => at(month, day, 3);
const JOB = [{ kind: "package" as const, name: "Exterior Wash", priceMinor: 3500, minutes: 60 }];

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe.each(dbKinds)("a series extended by the daily job, on %s", (kind) => {
  let t: TestDatabase;
  let teamId: string;
  const customers: Record<string, string> = {};
  const as = (who: string) => ({ id: customers[who] as string, role: "customer" as const });
  const base = async (who: string, startsAt: Date) =>
    (
      await insertBooking(t.db, {
        customerId: customers[who] as string,
        teamId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 60 * 60_000),
        status: "confirmed",
        items: JOB,
      })
    ).id;
  const counts = async () => ({
    bookings: (await t.db.select({ n: count() }).from(bookings))[0]?.n,
    series: (await t.db.select({ n: count() }).from(bookingSeries))[0]?.n,
    dates: (await t.db.select({ n: count() }).from(bookingSeriesDates))[0]?.n,
    emails: (await t.db.select({ n: count() }).from(emails))[0]?.n,
  });
  const visitsOf = async (seriesId: string) =>
    (
      await t.db
        .select()
        .from(bookings)
        .where(eq(bookings.seriesId, seriesId))
        .orderBy(asc(bookings.startsAt))
    ).map((v) => [v.startsAt.toISOString(), bookingStatusLabel(v)]);

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, {
      timeZone: "Europe/London",
      slotIntervalMinutes: 30,
      bufferMinutes: 0,
      minNoticeMinutes: 60,
      paymentMode: "deposit",
      depositPercent: 20,
      horizonDays: 56,
    });
    const day: [number, number][] = [[8 * 60, 18 * 60]];
    await insertWeeklyHours(t.db, { 1: day, 2: day, 3: day, 4: day, 5: day });
    teamId = (await insertTeam(t.db, { name: "Van 1" })).id;
    await insertZone(t.db, { name: "Brixton", postcodePrefixes: ["SW9"], travelFeeMinor: 0 });
    await insertUser(t.db, { name: "Owner", role: "admin" });
    for (const who of ["regular", "other"])
      customers[who] = (await insertUser(t.db, { name: who, email: `${who}-${kind}@example.test` })).id;
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  let first = "";
  let seriesId = "";

  it("previews 12 months: the dates inside the horizon checked now, the later ones held automatically, each priced", async () => {
    first = await base("regular", at(1, 12, 9));
    const before = await counts();
    const plan = await planSeries(
      t.db,
      as("regular"),
      { bookingId: first, intervalWeeks: 2, until: "", openEnded: true },
      NOW,
    );
    expect(plan.until).toBe("2028-01-12");
    expect(plan.occurrences).toHaveLength(26);
    expect(plan.occurrences.filter((o) => o.heldNow).map((o) => o.date)).toEqual([
      "2027-01-26",
      "2027-02-09",
      "2027-02-23",
    ]);
    // 9 March is beyond the horizon (8 March): held automatically on the day the horizon reaches it.
    expect(plan.occurrences[3]).toMatchObject({ date: "2027-03-09", heldNow: false, heldFrom: "2027-01-12" });
    expect(plan.occurrences[3]?.start?.toISOString()).toBe("2027-03-09T09:00:00.000Z");
    expect(plan).toMatchObject({ priceMinor: 3500, currency: "GBP", openEnded: true });
    // A deposit policy: the series says plainly that its visits are paid on the day.
    expect(plan.payment).toMatch(
      /every visit after the first is held for you without a deposit online and is paid on the day/,
    );
    expect(await counts()).toEqual(before);
  });

  it("bad input gets field errors and writes nothing", async () => {
    const before = await counts();
    const noEnd = seriesInput.safeParse({ bookingId: first, intervalWeeks: 2, until: "" });
    expect(noEnd.error?.flatten().fieldErrors.until).toEqual(["Choose a last date, or until you end it."]);
    const bad = createSeriesInput.safeParse({
      bookingId: first,
      intervalWeeks: 0,
      until: "2027-13-45",
      choices: [],
    });
    expect(Object.keys(bad.error?.flatten().fieldErrors ?? {}).sort()).toEqual(["intervalWeeks", "until"]);
    const badTime = holdSeriesDateInput.safeParse({ seriesId: first, date: "2027-03-23", start: "at ten" });
    expect(badTime.error?.flatten().fieldErrors.start).toBeDefined();
    // Past 12 months after the first visit.
    const far = await refusal(
      planSeries(t.db, as("regular"), { bookingId: first, intervalWeeks: 2, until: "2028-01-13" }, NOW),
    );
    expect(far.fieldErrors?.until).toEqual(["Choose a last date up to 12 January 2028."]);
    const farMade = await refusal(
      createSeries(
        t.db,
        as("regular"),
        createSeriesInput.parse({ bookingId: first, intervalWeeks: 2, until: "2028-02-01", choices: [] }),
        NOW,
      ),
    );
    expect(farMade.fieldErrors?.until).toBeDefined();
    expect(await counts()).toEqual(before);
  });

  it("makes it: the visits inside the horizon held now, the rule kept for the later ones, one email", async () => {
    const plan = await planSeries(
      t.db,
      as("regular"),
      { bookingId: first, intervalWeeks: 2, until: "", openEnded: true },
      NOW,
    );
    const made = await createSeries(
      t.db,
      as("regular"),
      createSeriesInput.parse({
        bookingId: first,
        intervalWeeks: 2,
        openEnded: true,
        choices: plan.occurrences
          .filter((o) => o.heldNow)
          .map((o) => ({ date: o.date, start: o.start?.toISOString() ?? "" })),
      }),
      NOW,
    );
    seriesId = made.seriesId;
    expect(made.bookingIds).toHaveLength(3);
    const [row] = await t.db.select().from(bookingSeries).where(eq(bookingSeries.id, seriesId));
    expect(row).toMatchObject({
      openEnded: true,
      untilDate: "2028-01-12",
      anchorDate: "2027-01-12",
      startMinutes: 540,
      templateBookingId: first,
      heldThrough: "2027-03-08",
    });
    const [mail] = await t.db.select().from(emails).where(eq(emails.template, "series-set"));
    expect((mail?.data as { later?: string }).later).toMatch(
      /^The visits after 8 March 2027 \(until you end it\) are held for you automatically/,
    );
    expect((mail?.data as { payment: string }).payment).toMatch(/paid on the day/);
    const panel = await loadSeriesPanel(t.db, as("regular"), first, NOW);
    expect(panel?.kind === "series" && panel.visits.map((v) => v.price)).toEqual([
      "£35.00",
      "£35.00",
      "£35.00",
      "£35.00",
    ]);
  });

  it("the daily job holds the dates the horizon reaches, offers the nearest times where one isn't free, and holds nothing twice", async () => {
    // Someone else already has 23 March at 09:00.
    const blocker = await base("other", at(3, 23, 9));
    const before = await counts();
    const run = await extendSeries(t.db, jobDay(1, 26));
    expect(run).toEqual({ series: 1, held: 1, notFree: 1, failed: 0 });
    expect((await visitsOf(seriesId)).slice(-1)).toEqual([["2027-03-09T09:00:00.000Z", "Confirmed"]]);
    const dates = await t.db
      .select()
      .from(bookingSeriesDates)
      .where(eq(bookingSeriesDates.seriesId, seriesId))
      .orderBy(asc(bookingSeriesDates.date));
    expect(dates.map((d) => [d.date, d.outcome, d.bookingId !== null])).toEqual([
      ["2027-03-09", "held", true],
      ["2027-03-23", "not_free", false],
    ]);
    expect(dates[1]?.offered).toEqual([
      "2027-03-23T08:00:00.000Z",
      "2027-03-23T10:00:00.000Z",
      "2027-03-23T10:30:00.000Z",
    ]);
    const [row] = await t.db.select().from(bookingSeries).where(eq(bookingSeries.id, seriesId));
    // Held through the horizon; the rolling window moved on with the day.
    expect(row).toMatchObject({ heldThrough: "2027-03-23", untilDate: "2028-01-26" });
    // One email to the customer with the nearest times, one alert to the business.
    const added = (await t.db.select().from(emails).orderBy(asc(emails.createdAt))).slice(before.emails ?? 0);
    expect(added.map((m) => m.template).sort()).toEqual(["payment-alert-admin", "series-not-held"]);
    const offer = added.find((m) => m.template === "series-not-held")?.data as {
      dates: { date: string; wanted: string; times: string[] }[];
      url: string;
    };
    expect(offer.dates).toEqual([
      {
        date: "23 March 2027",
        wanted: "09:00 GMT isn't free",
        times: ["08:00 GMT", "10:00 GMT", "10:30 GMT"],
      },
    ]);
    expect(offer.url).toMatch(/\/dashboard\/bookings\/[0-9a-f-]{36}$/);
    const alert = added.find((m) => m.template === "payment-alert-admin")?.data as {
      kind: string;
      detail: string;
    };
    expect(alert.kind).toBe("series_changed");
    expect(alert.detail).toMatch(/usual time isn't free on 23 March 2027/);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, "series.extended"));
    expect(audit?.summary).toMatchObject({ notFree: ["2027-03-23"], heldThrough: "2027-03-23" });

    // The same day again, and two runs at once a fortnight on: each date is dealt with once.
    const afterFirst = await counts();
    expect(await extendSeries(t.db, jobDay(1, 26))).toEqual({ series: 0, held: 0, notFree: 0, failed: 0 });
    expect(await counts()).toEqual(afterFirst);
    const twice = await Promise.all([extendSeries(t.db, jobDay(2, 9)), extendSeries(t.db, jobDay(2, 9))]);
    expect(twice.map((r) => r.held).sort()).toEqual([0, 1]);
    const [onApril6] = await t.db
      .select({ n: count() })
      .from(bookings)
      .where(and(eq(bookings.seriesId, seriesId), eq(bookings.startsAt, at(4, 6, 8))));
    // 6 April is British Summer Time: 09:00 local is 08:00 UTC.
    expect(onApril6?.n).toBe(1);
    void blocker;
  });

  it("the customer chooses one of the nearest times for the date not held; a time not offered writes nothing", async () => {
    const today = jobDay(2, 9);
    const panel = await loadSeriesPanel(t.db, as("regular"), first, today);
    if (panel?.kind !== "series") throw new Error("no series panel");
    expect(panel.notHeld).toEqual([
      {
        date: "2027-03-23",
        wanted: "09:00 GMT isn't free.",
        options: [
          { start: "2027-03-23T08:00:00.000Z", label: "08:00 GMT" },
          { start: "2027-03-23T10:00:00.000Z", label: "10:00 GMT" },
          { start: "2027-03-23T10:30:00.000Z", label: "10:30 GMT" },
        ],
      },
    ]);
    const before = await counts();
    const notOffered = await refusal(
      holdSeriesDate(
        t.db,
        as("regular"),
        { seriesId, date: "2027-03-23", start: "2027-03-23T13:17:00.000Z" },
        today,
      ),
    );
    expect(notOffered.code).toBe("VALIDATION");
    expect(notOffered.fieldErrors?.start?.[0]).toBe(
      "Choose one of the times free now: 08:00 GMT, 10:00 GMT, 10:30 GMT.",
    );
    expect(
      (
        await refusal(
          holdSeriesDate(
            t.db,
            as("other"),
            { seriesId, date: "2027-03-23", start: "2027-03-23T10:00:00.000Z" },
            today,
          ),
        )
      ).code,
    ).toBe("NOT_FOUND");
    expect(await counts()).toEqual(before);

    const held = await holdSeriesDate(
      t.db,
      as("regular"),
      { seriesId, date: "2027-03-23", start: "2027-03-23T10:00:00.000Z" },
      today,
    );
    expect(held.bookingId).not.toBeNull();
    expect(await visitsOf(seriesId)).toContainEqual(["2027-03-23T10:00:00.000Z", "Confirmed"]);
    const after = await loadSeriesPanel(t.db, as("regular"), first, today);
    expect(after?.kind === "series" && after.notHeld).toEqual([]);
    // Chosen once: the date is dealt with.
    expect(
      (
        await refusal(
          holdSeriesDate(
            t.db,
            as("regular"),
            { seriesId, date: "2027-03-23", start: "2027-03-23T10:30:00.000Z" },
            today,
          ),
        )
      ).code,
    ).toBe("CONFLICT");
  });

  it("a pause reaches beyond the horizon: its held visits read Paused and the job skips its later dates", async () => {
    const today = jobDay(2, 9);
    const paused = await pauseSeries(
      t.db,
      as("regular"),
      { seriesId, from: "2027-03-01", until: "2027-04-30" },
      today,
    );
    expect(paused.cancelled).toHaveLength(3);
    expect((await visitsOf(seriesId)).filter(([, label]) => label === "Paused").map(([at]) => at)).toEqual([
      "2027-03-09T09:00:00.000Z",
      "2027-03-23T10:00:00.000Z",
      "2027-04-06T08:00:00.000Z",
    ]);
    const panel = await loadSeriesPanel(t.db, as("regular"), first, today);
    expect(panel?.kind === "series" && panel.pausedAhead).toEqual(["2027-04-20"]);
    expect(panel?.kind === "series" && panel.visits.filter((v) => v.statusLabel === "Paused")).toHaveLength(
      3,
    );
    // The horizon reaches 20 April: paused, not held. Then 4 May: held.
    expect(await extendSeries(t.db, jobDay(2, 23))).toMatchObject({ held: 0, notFree: 0 });
    expect(await extendSeries(t.db, jobDay(3, 9))).toMatchObject({ held: 1, notFree: 0 });
    const upcoming = (await visitsOf(seriesId)).filter(([at]) => (at as string) >= "2027-04-07");
    expect(upcoming).toEqual([["2027-05-04T08:00:00.000Z", "Confirmed"]]);
  });

  it("a change moves the rule the job follows; an ended series is extended no more", async () => {
    const today = jobDay(3, 9);
    const [may4] = await t.db
      .select()
      .from(bookings)
      .where(and(eq(bookings.seriesId, seriesId), eq(bookings.startsAt, at(5, 4, 8))));
    await changeSeries(
      t.db,
      as("regular"),
      {
        seriesId,
        fromBookingId: may4?.id ?? "",
        intervalWeeks: 1,
        time: "11:00",
        until: "",
        openEnded: true,
      },
      today,
    );
    const [row] = await t.db.select().from(bookingSeries).where(eq(bookingSeries.id, seriesId));
    expect(row).toMatchObject({
      intervalWeeks: 1,
      anchorDate: "2027-05-04",
      startMinutes: 660,
      openEnded: true,
    });
    // A week on, the horizon reaches 11 May: weekly at 11:00 BST (10:00 UTC).
    expect(await extendSeries(t.db, jobDay(3, 16))).toMatchObject({ held: 1 });
    expect((await visitsOf(seriesId)).slice(-2)).toEqual([
      ["2027-05-04T10:00:00.000Z", "Confirmed"],
      ["2027-05-11T10:00:00.000Z", "Confirmed"],
    ]);
    await endSeries(t.db, as("regular"), { seriesId }, jobDay(3, 17));
    const before = await counts();
    expect(await extendSeries(t.db, jobDay(4, 20))).toEqual({ series: 0, held: 0, notFree: 0, failed: 0 });
    expect(await counts()).toEqual(before);
  });

  it("the daily job is in the app's job plan, on a schedule", () => {
    const job = appJobPlan().jobs.find((j) => j.queue === "series-extend");
    expect(job?.schedule).toBe("23 2 * * *");
  });
});

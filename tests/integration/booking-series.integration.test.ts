import { and, asc, count, eq, isNotNull } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listAdminBookings } from "@/modules/booking-list/server";
import { createSeriesInput } from "@/modules/series/schemas";
import {
  createSeries,
  endSeries,
  loadCustomerSeries,
  changeSeries,
  loadSeriesPanel,
  pauseSeries,
  planSeries,
} from "@/modules/series/server";
import { setDatabaseForProcess } from "@/server/db";
import {
  auditLog,
  bookingItems,
  bookings,
  bookingSeries,
  businessCustomers,
  emails,
} from "@/server/db/schema";
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

// Issue 31 / ADR 0052: a regular's booking repeats every N weeks. The plan shows each date at the first
// visit's time, or the nearest free times where it is taken; making the series holds every chosen time
// through reserve() in one transaction — a time taken meanwhile refuses it all and writes nothing; two
// customers racing for the same recurring times get exactly the capacity; ending it cancels the unpaid
// visits to come with one email, keeping paid ones.

// Monday 11 January 2027, 09:00 GMT. One team: capacity one job at a time.
const NOW = new Date("2027-01-11T09:00:00Z");
const at = (month: number, day: number, hour: number, minute = 0) =>
  new Date(Date.UTC(2027, month - 1, day, hour, minute));
const JOB = [{ kind: "package" as const, name: "Exterior Wash", priceMinor: 3500, minutes: 60 }];

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe.each(dbKinds)("repeat bookings, on %s", (kind) => {
  let t: TestDatabase;
  let teamId: string;
  let adminId: string;
  const customers: Record<string, string> = {};
  const base = async (who: string, startsAt: Date, extra: Record<string, unknown> = {}) =>
    (
      await insertBooking(t.db, {
        customerId: customers[who] as string,
        teamId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 60 * 60_000),
        status: "confirmed",
        items: JOB,
        ...extra,
      })
    ).id;
  const as = (who: string) => ({ id: customers[who] as string, role: "customer" as const });
  const choicesOf = (plan: Awaited<ReturnType<typeof planSeries>>) =>
    plan.occurrences.map((o) => ({ date: o.date, start: o.fits ? (o.start?.toISOString() ?? "") : "" }));
  const counts = async () => ({
    bookings: (await t.db.select({ n: count() }).from(bookings))[0]?.n,
    series: (await t.db.select({ n: count() }).from(bookingSeries))[0]?.n,
    emails: (await t.db.select({ n: count() }).from(emails))[0]?.n,
  });

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, {
      timeZone: "Europe/London",
      slotIntervalMinutes: 30,
      bufferMinutes: 0,
      minNoticeMinutes: 60,
      paymentMode: "on_the_day",
      horizonDays: 365,
    });
    const day: [number, number][] = [[8 * 60, 18 * 60]];
    await insertWeeklyHours(t.db, { 1: day, 2: day, 3: day, 4: day, 5: day });
    teamId = (await insertTeam(t.db, { name: "Van 1" })).id;
    await insertZone(t.db, { name: "Brixton", postcodePrefixes: ["SW9"], travelFeeMinor: 0 });
    adminId = (await insertUser(t.db, { name: "Owner", role: "admin" })).id;
    for (const who of ["regular", "other", "rivalA", "rivalB", "fleet", "changer"])
      customers[who] = (await insertUser(t.db, { name: who, email: `${who}-${kind}@example.test` })).id;
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  let regularBase = "";
  let seriesId = "";
  it("plans every other Tuesday at the first visit's time, offering the nearest free times where it is taken", async () => {
    regularBase = await base("regular", at(1, 12, 9));
    // Someone else already has 9 February at 09:00.
    await base("other", at(2, 9, 9));
    const before = await counts();
    const plan = await planSeries(
      t.db,
      as("regular"),
      { bookingId: regularBase, intervalWeeks: 2, until: "2027-03-09" },
      NOW,
    );
    expect(plan.occurrences.map((o) => [o.date, o.fits])).toEqual([
      ["2027-01-26", true],
      ["2027-02-09", false],
      ["2027-02-23", true],
      ["2027-03-09", true],
    ]);
    expect(plan.occurrences[0]?.start?.toISOString()).toBe("2027-01-26T09:00:00.000Z");
    expect(plan.occurrences[1]?.alternatives.map((a) => a.toISOString())).toEqual([
      "2027-02-09T08:00:00.000Z",
      "2027-02-09T10:00:00.000Z",
      "2027-02-09T10:30:00.000Z",
    ]);
    // A plan writes nothing.
    expect(await counts()).toEqual(before);
  });

  it("refuses someone else's booking, a last date past the horizon, and a rule with no date", async () => {
    expect(
      (
        await refusal(
          planSeries(
            t.db,
            as("other"),
            { bookingId: regularBase, intervalWeeks: 2, until: "2027-03-09" },
            NOW,
          ),
        )
      ).code,
    ).toBe("NOT_FOUND");
    const far = await refusal(
      planSeries(t.db, as("regular"), { bookingId: regularBase, intervalWeeks: 2, until: "2028-06-01" }, NOW),
    );
    expect(far.fieldErrors?.until?.[0]).toMatch(/^Choose a last date up to/);
    const none = await refusal(
      planSeries(t.db, as("regular"), { bookingId: regularBase, intervalWeeks: 4, until: "2027-01-20" }, NOW),
    );
    expect(none.fieldErrors?.until?.[0]).toMatch(/^No visit falls by then/);
    // A first visit that has passed can't start one.
    const past = await base("other", at(1, 8, 9));
    expect(
      (
        await refusal(
          planSeries(t.db, as("other"), { bookingId: past, intervalWeeks: 1, until: "2027-02-01" }, NOW),
        )
      ).code,
    ).toBe("CONFLICT");
    const bad = createSeriesInput.safeParse({
      bookingId: regularBase,
      intervalWeeks: 13,
      until: "x",
      choices: [],
    });
    expect(Object.keys(bad.error?.flatten().fieldErrors ?? {}).sort()).toEqual(["intervalWeeks", "until"]);
  });

  it("books the chosen times (an alternative for the taken date) in one go, with one email and an audit row", async () => {
    const before = await counts();
    const plan = await planSeries(
      t.db,
      as("regular"),
      { bookingId: regularBase, intervalWeeks: 2, until: "2027-03-09" },
      NOW,
    );
    const choices = choicesOf(plan).map((c) =>
      c.date === "2027-02-09" ? { ...c, start: "2027-02-09T10:00:00.000Z" } : c,
    );
    // Only the times offered: any other instant for a date is refused, and nothing is written.
    const offPlan = choices.map((c) =>
      c.date === "2027-01-26" ? { ...c, start: "2027-01-26T13:17:00.000Z" } : c,
    );
    const notOffered = await refusal(
      createSeries(
        t.db,
        as("regular"),
        createSeriesInput.parse({
          bookingId: regularBase,
          intervalWeeks: 2,
          until: "2027-03-09",
          choices: offPlan,
        }),
        NOW,
      ),
    );
    expect(notOffered.fieldErrors?.choices?.[0]).toMatch(
      /^Choose one of the times offered for 26 January 2027/,
    );
    expect(await counts()).toEqual(before);
    const made = await createSeries(
      t.db,
      as("regular"),
      createSeriesInput.parse({ bookingId: regularBase, intervalWeeks: 2, until: "2027-03-09", choices }),
      NOW,
    );
    seriesId = made.seriesId;
    expect(made.bookingIds).toHaveLength(4);
    const visits = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.seriesId, seriesId))
      .orderBy(asc(bookings.startsAt));
    expect(visits.map((v) => [v.startsAt.toISOString(), v.status, v.totalMinor])).toEqual([
      ["2027-01-12T09:00:00.000Z", "confirmed", 3500],
      ["2027-01-26T09:00:00.000Z", "confirmed", 3500],
      ["2027-02-09T10:00:00.000Z", "confirmed", 3500],
      ["2027-02-23T09:00:00.000Z", "confirmed", 3500],
      ["2027-03-09T09:00:00.000Z", "confirmed", 3500],
    ]);
    const lines = await t.db
      .select()
      .from(bookingItems)
      .where(eq(bookingItems.bookingId, made.bookingIds[0] as string));
    expect(lines.map((l) => [l.kind, l.name, l.priceMinor, l.vehiclePosition])).toEqual([
      ["package", "Exterior Wash", 3500, 0],
    ]);
    const after = await counts();
    expect(after.bookings).toBe((before.bookings ?? 0) + 4);
    expect(after.series).toBe((before.series ?? 0) + 1);
    const mail = await t.db
      .select()
      .from(emails)
      .where(eq(emails.userId, customers.regular as string));
    expect(mail.map((m) => m.template)).toEqual(["series-set"]);
    const [audit] = await t.db.select().from(auditLog).where(eq(auditLog.action, "series.created"));
    expect(audit?.summary).toMatchObject({ intervalWeeks: 2, skipped: [] });
    // The first visit's page shows the series.
    const panel = await loadSeriesPanel(t.db, as("regular"), regularBase, NOW);
    expect(panel?.kind === "series" && panel.visits.map((v) => v.current)).toEqual([
      true,
      false,
      false,
      false,
      false,
    ]);
    // The customer's page (admin) lists the series with its next visit.
    const listed = await loadCustomerSeries(customers.regular as string, NOW);
    expect(listed).toHaveLength(1);
    expect(listed[0]).toMatchObject({
      title: "Exterior Wash",
      rule: "Every 2 weeks",
      ahead: 5,
      active: true,
    });
    expect(listed[0]?.next?.bookingId).toBe(regularBase);
    // The bookings table finds the visits of repeat bookings, and the one-off bookings, by its filter.
    const repeatRows = await listAdminBookings(
      t.db,
      { role: "admin" },
      { repeat: "repeat" },
      "Europe/London",
    );
    expect(repeatRows.rows.map((r) => r.id).sort()).toEqual([regularBase, ...made.bookingIds].sort());
    const single = await listAdminBookings(t.db, { role: "admin" }, { repeat: "single" }, "Europe/London");
    expect(single.rows.some((r) => r.id === regularBase)).toBe(false);
    // A booking already in a series can't start another.
    expect(
      (
        await refusal(
          planSeries(
            t.db,
            as("regular"),
            { bookingId: regularBase, intervalWeeks: 1, until: "2027-02-01" },
            NOW,
          ),
        )
      ).code,
    ).toBe("CONFLICT");
  });

  it("two customers racing for the same recurring times get exactly the one team's capacity; the other writes nothing", async () => {
    // Both want Tuesdays at 14:00: rival A fortnightly from 12 January, rival B weekly from 19 January.
    const a = await base("rivalA", at(1, 12, 14));
    const b = await base("rivalB", at(1, 19, 14));
    const planA = await planSeries(
      t.db,
      as("rivalA"),
      { bookingId: a, intervalWeeks: 2, until: "2027-02-23" },
      NOW,
    );
    const planB = await planSeries(
      t.db,
      as("rivalB"),
      { bookingId: b, intervalWeeks: 1, until: "2027-02-23" },
      NOW,
    );
    expect(planA.occurrences.every((o) => o.fits) && planB.occurrences.every((o) => o.fits)).toBe(true);
    const before = await counts();
    const results = await Promise.allSettled([
      createSeries(
        t.db,
        as("rivalA"),
        createSeriesInput.parse({
          bookingId: a,
          intervalWeeks: 2,
          until: "2027-02-23",
          choices: choicesOf(planA),
        }),
        NOW,
      ),
      createSeries(
        t.db,
        as("rivalB"),
        createSeriesInput.parse({
          bookingId: b,
          intervalWeeks: 1,
          until: "2027-02-23",
          choices: choicesOf(planB),
        }),
        NOW,
      ),
    ]);
    const won = results.filter((r) => r.status === "fulfilled");
    const lost = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(1);
    expect(lost[0]?.reason).toBeInstanceOf(AppError);
    expect((lost[0]?.reason as AppError).message).toMatch(
      /aren't free: .*(26 January|9 February|23 February) 2027/,
    );
    // Exactly one job at each contested 14:00.
    for (const day of [26, 9, 23]) {
      const month = day === 26 ? 1 : 2;
      const [n] = await t.db
        .select({ n: count() })
        .from(bookings)
        .where(and(eq(bookings.startsAt, at(month, day, 14)), eq(bookings.status, "confirmed")));
      expect(n?.n, `${day}`).toBe(1);
    }
    const after = await counts();
    expect(after.series).toBe((before.series ?? 0) + 1);
    const winnerVisits = won[0]?.status === "fulfilled" ? won[0].value.bookingIds.length : 0;
    expect(after.bookings).toBe((before.bookings ?? 0) + winnerVisits);
  });

  it("ends the series: the unpaid visits to come are cancelled with one email, a paid one is kept", async () => {
    const visits = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.seriesId, seriesId))
      .orderBy(asc(bookings.startsAt));
    // The 23 February visit was paid ahead.
    const paid = visits.find((v) => v.startsAt.getTime() === at(2, 23, 9).getTime());
    await t.db
      .update(bookings)
      .set({ amountPaidMinor: 3500 })
      .where(eq(bookings.id, paid?.id ?? ""));
    const mailBefore = (await counts()).emails ?? 0;
    // The customer ends it on 20 January: 26 January onwards is still to come.
    const ended = await endSeries(t.db, as("regular"), { seriesId }, new Date("2027-01-20T12:00:00Z"));
    expect(ended.kept).toEqual([paid?.id]);
    expect(ended.cancelled).toHaveLength(3);
    const after = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.seriesId, seriesId))
      .orderBy(asc(bookings.startsAt));
    expect(after.map((v) => v.status)).toEqual([
      "confirmed",
      "cancelled",
      "cancelled",
      "confirmed",
      "cancelled",
    ]);
    // One email to the customer and one alert to the business, not one per visit.
    const mail = await t.db.select().from(emails).where(isNotNull(emails.id)).orderBy(asc(emails.createdAt));
    const added = mail.slice(mailBefore);
    expect(added.map((m) => m.template).sort()).toEqual(["payment-alert-admin", "series-ended"]);
    const alert = added.find((m) => m.template === "payment-alert-admin")?.data as {
      kind: string;
      detail: string;
    };
    expect(alert.kind).toBe("series_changed");
    expect(alert.detail).toMatch(/^A repeat booking was ended\. Kept, already paid: FC-\w+\. Cancelled: /);
    const [row] = await t.db.select().from(bookingSeries).where(eq(bookingSeries.id, seriesId));
    expect(row?.status).toBe("ended");
    expect((await refusal(endSeries(t.db, as("regular"), { seriesId }, NOW))).code).toBe("CONFLICT");
    // Someone else's series is not there for them; an admin may end any.
    expect((await refusal(endSeries(t.db, as("other"), { seriesId }, NOW))).code).toBe("NOT_FOUND");
    void adminId;
  });

  it("a business on account: each visit is due within its terms of its own day", async () => {
    await t.db.insert(businessCustomers).values({
      customerId: customers.fleet as string,
      companyName: "Quick Vans Ltd",
      invoiceAddress: "Unit 4, Dock Road",
      billingEmail: "accounts@quickvans.test",
      onAccount: true,
      paymentTermsDays: 14,
    });
    const first = await base("fleet", at(1, 13, 11), { payBy: "2027-01-25" });
    const plan = await planSeries(
      t.db,
      as("fleet"),
      { bookingId: first, intervalWeeks: 4, until: "2027-03-10" },
      NOW,
    );
    const made = await createSeries(
      t.db,
      { id: adminId, role: "admin" },
      createSeriesInput.parse({
        bookingId: first,
        intervalWeeks: 4,
        until: "2027-03-10",
        choices: choicesOf(plan),
      }),
      NOW,
    );
    const visits = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.seriesId, made.seriesId))
      .orderBy(asc(bookings.startsAt));
    expect(visits.map((v) => v.payBy)).toEqual(["2027-01-25", "2027-02-24", "2027-03-24"]);

    // Paused over February: the 10 February visit is cancelled, March stays, the series goes on.
    const fleet = { id: customers.fleet as string, role: "customer" as const };
    const backwards = await refusal(
      pauseSeries(t.db, fleet, { seriesId: made.seriesId, from: "2027-02-28", until: "2027-02-01" }, NOW),
    );
    expect(backwards.fieldErrors?.until).toBeDefined();
    const empty = await refusal(
      pauseSeries(t.db, fleet, { seriesId: made.seriesId, from: "2027-02-11", until: "2027-02-20" }, NOW),
    );
    expect(empty.fieldErrors?.from?.[0]).toMatch(/No visit/);
    const paused = await pauseSeries(
      t.db,
      fleet,
      { seriesId: made.seriesId, from: "2027-02-01", until: "2027-02-28" },
      NOW,
    );
    expect(paused).toEqual({ cancelled: [visits[1]?.id], kept: [] });
    const after = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.seriesId, made.seriesId))
      .orderBy(asc(bookings.startsAt));
    expect(after.map((v) => v.status)).toEqual(["confirmed", "cancelled", "confirmed"]);
    const [row] = await t.db.select().from(bookingSeries).where(eq(bookingSeries.id, made.seriesId));
    expect(row?.status).toBe("active");
    const mail = await t.db
      .select()
      .from(emails)
      .where(eq(emails.userId, customers.fleet as string));
    expect(mail.map((m) => m.template).sort()).toEqual(["series-ended", "series-set"]);
    expect(
      (mail.find((m) => m.template === "series-ended")?.data as { pausedUntil?: string }).pausedUntil,
    ).toBe("28 February 2027");
  });

  it("changes from a visit onward: the unpaid visits from it are replaced at the new time and interval, a paid one kept", async () => {
    const first = await base("changer", at(1, 12, 15));
    const plan = await planSeries(
      t.db,
      as("changer"),
      { bookingId: first, intervalWeeks: 1, until: "2027-02-09" },
      NOW,
    );
    const made = await createSeries(
      t.db,
      as("changer"),
      createSeriesInput.parse({
        bookingId: first,
        intervalWeeks: 1,
        until: "2027-02-09",
        choices: choicesOf(plan),
      }),
      NOW,
    );
    const visits = async () =>
      t.db
        .select()
        .from(bookings)
        .where(eq(bookings.seriesId, made.seriesId))
        .orderBy(asc(bookings.startsAt));
    const before = await visits();
    const fromVisit = before.find((v) => v.startsAt.getTime() === at(1, 26, 15).getTime());
    const paid = before.find((v) => v.startsAt.getTime() === at(2, 2, 15).getTime());
    await t.db
      .update(bookings)
      .set({ amountPaidMinor: 3500 })
      .where(eq(bookings.id, paid?.id ?? ""));
    const change = {
      seriesId: made.seriesId,
      fromBookingId: fromVisit?.id ?? "",
      intervalWeeks: 2,
      time: "16:00",
      until: "2027-02-23",
    };

    // Someone else has 23 February at 16:00: the whole change is refused, naming the date; nothing changes.
    await base("other", at(2, 23, 16));
    const refused = await refusal(changeSeries(t.db, as("changer"), change, NOW));
    expect(refused.message).toMatch(/23 February 2027/);
    expect((await visits()).map((v) => v.status)).toEqual(before.map((v) => v.status));
    // Another customer can't change it.
    expect((await refusal(changeSeries(t.db, as("other"), change, NOW))).code).toBe("NOT_FOUND");

    const changed = await changeSeries(t.db, as("changer"), { ...change, until: "2027-02-16" }, NOW);
    expect(changed.bookingIds).toHaveLength(2);
    const after = (await visits()).map((v) => [v.startsAt.toISOString(), v.status]);
    expect(after).toEqual([
      ["2027-01-12T15:00:00.000Z", "confirmed"],
      ["2027-01-19T15:00:00.000Z", "confirmed"],
      ["2027-01-26T15:00:00.000Z", "cancelled"],
      ["2027-01-26T16:00:00.000Z", "confirmed"],
      ["2027-02-02T15:00:00.000Z", "confirmed"],
      ["2027-02-09T15:00:00.000Z", "cancelled"],
      ["2027-02-09T16:00:00.000Z", "confirmed"],
    ]);
    const [row] = await t.db.select().from(bookingSeries).where(eq(bookingSeries.id, made.seriesId));
    expect(row).toMatchObject({ intervalWeeks: 2, untilDate: "2027-02-16", status: "active" });
    const mail = await t.db
      .select()
      .from(emails)
      .where(eq(emails.userId, customers.changer as string))
      .orderBy(asc(emails.createdAt));
    expect(mail.map((m) => [m.template, (m.data as { changed?: boolean }).changed ?? false])).toEqual([
      ["series-set", false],
      ["series-set", true],
    ]);
  });
});

import { type DayPart, storedDayParts } from "@/lib/day-parts";
import "server-only";
import { randomBytes } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { formatCalendarDate, localDateOf } from "@/lib/dates";
import type { BookingStatus } from "@/lib/enums";
import { generateReference } from "@/lib/reference";
import { routes } from "@/lib/routes";
import { getEnv } from "@/env";
import { payByFor } from "@/modules/accounts/domain/business-account";
import { findAccountTerms, findUserById, mayEmail } from "@/modules/accounts/server";
import { reserve } from "@/modules/availability/server";
import { jobShapeOf, whenLabel } from "@/modules/booking-moves/server";
import {
  announceQuietly,
  attachToSeries,
  type Booking,
  bookingHoldExpiry,
  insertBookingRecord,
} from "@/modules/bookings/server";
import { enqueueEmail } from "@/modules/notifications/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { writeAudit } from "@/server/audit";
import type { DbOrTx, Tx } from "@/server/db";
import { bookingItems, bookingSeries, bookingVehicles } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import { horizonEnd, laterVisitsSentence, minutesOfDay } from "../domain/series-plan";
import { baseBooking, invalid, planFor, type SeriesActor, type SeriesChoice, type SeriesInput } from "./plan";
import { tellBusinessOfSeries } from "./series-alert";

// Making a repeat booking (ADR 0052): each chosen occurrence held through reserve() and written as a booking
// like the first, in one transaction with its audit row and one email. A time taken meanwhile refuses the
// whole series, naming the dates; nothing is written.

type Base = Booking;
type Line = typeof bookingItems.$inferSelect;
type Vehicle = typeof bookingVehicles.$inferSelect;

/** The first visit's job, vehicles and terms, copied into each occurrence. */
async function templateOf(tx: Tx, base: Base) {
  const items = await tx
    .select()
    .from(bookingItems)
    .where(eq(bookingItems.bookingId, base.id))
    .orderBy(asc(bookingItems.position));
  const vehicles = await tx
    .select()
    .from(bookingVehicles)
    .where(eq(bookingVehicles.bookingId, base.id))
    .orderBy(asc(bookingVehicles.position));
  // The customer's terms now: a business put on account after its first visit has its new visits on account.
  const terms = await findAccountTerms(tx, base.customerId);
  return { items, vehicles, terms, job: await jobShapeOf(tx, base) };
}

/** One occurrence's booking record: the first visit's, at its own time, on account by its own day. */
function occurrenceRecord(
  base: Base,
  t: { items: Line[]; vehicles: Vehicle[]; terms: Awaited<ReturnType<typeof findAccountTerms>> },
  o: {
    seriesId: string;
    date: string;
    status: BookingStatus;
    actorId: string | null;
    now: Date;
    timeZone: string;
  },
  slot: { teamId: string; start: Date; end: Date; parts?: readonly DayPart[] },
) {
  return {
    values: {
      reference: generateReference(),
      accessToken: randomBytes(32).toString("base64url"),
      // Unique per visit made: a changed series books a date again whose earlier visit was cancelled.
      idempotencyKey: `series:${o.seriesId}:${o.date}:${randomBytes(6).toString("base64url")}`,
      customerId: base.customerId,
      status: o.status,
      source: base.source,
      startsAt: slot.start,
      endsAt: slot.end,
      workMinutes: base.workMinutes,
      spansBreaks: base.spansBreaks,
      dayParts: storedDayParts(slot.parts ?? []),
      visitMode: base.visitMode,
      teamId: slot.teamId,
      currency: base.currency,
      totalMinor: base.totalMinor,
      depositDueMinor: 0,
      vehicleId: base.vehicleId,
      vehicleSnapshot: base.vehicleSnapshot,
      addressId: base.addressId,
      addressSnapshot: base.addressSnapshot,
      customerNotes: base.customerNotes,
      confirmedAt: o.status === "confirmed" ? o.now : null,
      // On account, each visit is due within the terms of its own day (ADR 0051, 0052).
      payBy: payByFor(t.terms, slot.start, o.timeZone),
      seriesId: o.seriesId,
    },
    items: t.items.map((i) => ({
      kind: i.kind,
      serviceId: i.serviceId,
      name: i.name,
      priceMinor: i.priceMinor,
      minutes: i.minutes,
      vehiclePosition: i.vehiclePosition,
    })),
    moreVehicles: t.vehicles.map((v) => ({ vehicleId: v.vehicleId, vehicleSnapshot: v.vehicleSnapshot })),
    created: { actorId: o.actorId, data: { source: "series", seriesId: o.seriesId, from: base.reference } },
    withAllocation: true,
  };
}

/**
 * Holds each visit's time through reserve() in date order (every writer takes the per-date locks in
 * ascending order, so two series never wait on each other in a circle) and writes it as a copy of
 * `template`, then announces the ones made without an email each. Returns the dates whose time was taken.
 */
export async function holdEach(
  tx: Tx,
  template: Base,
  visits: readonly { date: string; start: Date }[],
  o: { seriesId: string; actorId: string | null; now: Date },
): Promise<{ made: (Booking & { date: string })[]; taken: string[] }> {
  const settings = await getSettingsOrThrow(tx);
  const copy = await templateOf(tx, template);
  const status: BookingStatus = settings.approvalRequired ? "awaiting_approval" : "confirmed";
  const made: (Booking & { date: string })[] = [];
  const taken: string[] = [];
  for (const c of [...visits].sort((a, b) => a.start.getTime() - b.start.getTime())) {
    const facts = { ...o, date: c.date, status, timeZone: settings.timeZone };
    const r = await reserve(tx, {
      start: c.start,
      ...copy.job,
      now: o.now,
      holdExpiry: bookingHoldExpiry,
      createOwner: async (sp, slot) => ({
        owner: await insertBookingRecord(sp, occurrenceRecord(template, copy, facts, slot)),
        allocation: null,
      }),
    });
    if (r.ok) made.push({ ...r.owner, date: c.date });
    else taken.push(c.date);
  }
  await announceQuietly(tx, made);
  return { made, taken };
}

/**
 * Holds every visit or none: a time taken refuses them all, naming the dates — the caller's transaction
 * rolls back and nothing is written.
 */
export async function holdVisits(
  tx: Tx,
  template: Base,
  visits: readonly { date: string; start: Date }[],
  o: { seriesId: string; actorId: string | null; now: Date },
): Promise<Booking[]> {
  const { made, taken } = await holdEach(tx, template, visits, o);
  if (taken.length)
    throw new AppError(
      "CONFLICT",
      `These times aren't free: ${taken.map((d) => formatCalendarDate(d)).join(", ")}. Check the dates again.`,
      { choices: taken.map((d) => `${formatCalendarDate(d)} isn't free.`) },
    );
  return made;
}

/** The visit's package, which the series' emails name. */
export async function titleOf(tx: Tx, bookingId: string): Promise<string> {
  const [line] = await tx
    .select({ name: bookingItems.name })
    .from(bookingItems)
    .where(and(eq(bookingItems.bookingId, bookingId), eq(bookingItems.kind, "package")))
    .orderBy(asc(bookingItems.position))
    .limit(1);
  return line?.name ?? "booking";
}

export async function createSeries(
  db: DbOrTx,
  actor: SeriesActor,
  input: SeriesInput & { choices: SeriesChoice[] },
  now = new Date(),
): Promise<{ seriesId: string; bookingIds: string[] }> {
  return db.transaction(async (tx) => {
    const base = await baseBooking(tx, actor, input.bookingId, now, tx);
    const plan = await planFor(tx, base, input, now);
    const heldNow = plan.occurrences.filter((o) => o.heldNow);
    const wanted = new Map(input.choices.map((c) => [c.date, c.start]));
    if (heldNow.some((o) => !wanted.has(o.date)) || input.choices.length !== heldNow.length)
      throw new AppError("CONFLICT", "The dates have changed since you checked them. Check the dates again.");
    // Only the times the plan offered: the date's own time, or one of its nearest free times.
    for (const o of heldNow) {
      const start = wanted.get(o.date);
      // The date's own time stays acceptable though taken since: reserve() then names the date.
      const offered = [...(o.start ? [o.start] : []), ...o.alternatives];
      if (start && !offered.some((x) => x.getTime() === start.getTime()))
        throw invalid({
          choices: [`Choose one of the times offered for ${formatCalendarDate(o.date)}, or skip it.`],
        });
    }
    const chosen = heldNow.flatMap((o) => {
      const start = wanted.get(o.date);
      return start ? [{ date: o.date, start }] : [];
    });
    const later = plan.occurrences.length - heldNow.length;
    if (chosen.length === 0 && later === 0)
      throw invalid({ choices: ["Choose at least one visit to book."] });
    const skipped = heldNow.filter((o) => !wanted.get(o.date)).map((o) => o.date);

    const settings = await getSettingsOrThrow(tx);
    const tz = settings.timeZone;
    const reach = horizonEnd(localDateOf(now, tz), settings.horizonDays);
    const [series] = await tx
      .insert(bookingSeries)
      .values({
        customerId: base.customerId,
        intervalWeeks: input.intervalWeeks,
        untilDate: plan.until,
        openEnded: input.openEnded ?? false,
        anchorDate: localDateOf(base.startsAt, tz),
        startMinutes: minutesOfDay(base.startsAt, tz),
        templateBookingId: base.id,
        // The dates up to the horizon are dealt with now; the daily job takes the later ones.
        heldThrough: plan.until < reach ? plan.until : reach,
        createdBy: actor.id,
      })
      .returning();
    if (!series) throw new Error("series insert returned nothing");
    await attachToSeries(tx, base.id, series.id);

    const made = await holdVisits(tx, base, chosen, { seriesId: series.id, actorId: actor.id, now });
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "series.created",
      entity: "booking",
      entityId: base.id,
      summary: {
        seriesId: series.id,
        intervalWeeks: input.intervalWeeks,
        until: plan.until,
        openEnded: input.openEnded ?? false,
        visits: made.map((b) => b.reference),
        skipped,
        later,
      },
    });
    await tellBusinessOfSeries(tx, base, {
      what: `A repeat booking was set up from ${base.reference}, ${input.intervalWeeks === 1 ? "every week" : `every ${input.intervalWeeks} weeks`}.`,
      made,
      timeZone: settings.timeZone,
    });
    await emailSeriesSet(tx, base, {
      title: await titleOf(tx, base.id),
      intervalWeeks: input.intervalWeeks,
      made,
      skipped,
      timeZone: settings.timeZone,
      payment: plan.payment,
      later: laterVisitsSentence(series),
    });
    return { seriesId: series.id, bookingIds: made.map((b) => b.id) };
  });
}

/** The one email a new (or changed) series sends, not one per visit, when the customer takes booking emails. */
export async function emailSeriesSet(
  tx: Tx,
  base: Base,
  s: {
    title: string;
    intervalWeeks: number;
    made: Booking[];
    skipped: string[];
    timeZone: string;
    changed?: boolean;
    /** How the visits are paid, in a sentence (`visitsPaymentSentence`). */
    payment: string;
    /** The visits beyond the horizon, held later (`laterVisitsSentence`), if any. */
    later: string | null;
  },
): Promise<void> {
  const customer = await findUserById(tx, base.customerId);
  if (!customer || !(await mayEmail(tx, customer.id, "booking"))) return;
  await enqueueEmail(tx, {
    to: customer.email,
    userId: customer.id,
    bookingId: base.id,
    template: "series-set",
    data: {
      name: customer.name,
      title: s.title,
      rule: s.intervalWeeks === 1 ? "every week" : `every ${s.intervalWeeks} weeks`,
      visits: s.made.map((b) => `${whenLabel(b.startsAt, b.endsAt, s.timeZone)} · ${b.reference}`),
      skipped: s.skipped.map((d) => formatCalendarDate(d)),
      payment: s.payment,
      ...(s.later ? { later: s.later } : {}),
      url: new URL(routes.myBookings, getEnv().APP_URL).toString(),
      ...(s.changed ? { changed: true } : {}),
    },
  });
}

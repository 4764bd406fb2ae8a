import "server-only";
import { toSiteAnswer } from "@/lib/job/site-answers";
import { and, asc, inArray } from "drizzle-orm";
import { bookingParts, partOnDay } from "@/lib/day-parts";
import { addDays, formatLongDate, formatTime, localDayStart } from "@/lib/dates";
import type { BookingStatus } from "@/lib/enums";
import { formatMoney } from "@/lib/money";
import { findUserContacts, staffNamesByTeam } from "@/modules/accounts/server";
import type { ScheduleTeam } from "@/modules/availability/server";
import { nextJobId } from "../domain/admin-today";
import { bookingMoney, type MoneyState, moneyStateOf, paymentStatusLabel } from "@/lib/booking/booking-money";
import type { DbOrTx } from "@/server/db";
import { bookingItems } from "@/server/db/schema";
import {
  BOOKING_STATUS_LABELS,
  type JobRow,
  jobCrew,
  jobsOverlapping,
  loadMoreVisitVehicles,
} from "@/modules/bookings/server";

// The jobs of two local dates (today and tomorrow) grouped by team in time order: everything the person
// doing the job needs on the doorstep — who, how to call them, the car, the work, where and how to get
// in, and the money still to collect — and who is on it: each team's technicians, and who started a job
// under way (bookings' jobCrew: the timeline's status events, the one definition of who did a job).

export type TodayJob = {
  id: string;
  reference: string;
  startsAt: Date;
  endsAt: Date;
  /** "09:30 GMT" */
  time: string;
  endTime: string;
  status: BookingStatus;
  statusLabel: string;
  moneyState: MoneyState;
  paymentStatusLabel: string;
  customerName: string;
  customerPhone: string | null;
  vehicle: string;
  registration: string;
  /** The visit's other vehicles (several in one visit, ADR 0050), in order. */
  moreVehicles: { vehicle: string; registration: string }[];
  services: string[];
  addons: string[];
  address: string;
  accessNotes: string | null;
  /** Yes, no, or null: not answered. */
  readiness: { water: boolean | null; power: boolean | null; covered: boolean | null };
  customerNotes: string | null;
  /** The business's notes on the job (the technician's day shows and edits them). */
  jobNotes: string | null;
  /** The customer's answer to the reminder's site checklist (ADR 0027). */
  siteCheck: { answer: "all_set" | "changed" | null; note: string | null };
  totalMinor: number;
  dueMinor: number;
  /** "£85.00" still to collect (total less what was kept). */
  due: string;
  isNext: boolean;
  /** Who started the job, while it is in progress (null otherwise, or when no person did). */
  startedBy: string | null;
  /** "Day 2 of 2": where this day's part falls in a visit over several days (ADR 0056); null for one day. */
  visitDay: string | null;
};

export type TeamJobs = {
  teamId: string;
  teamName: string;
  colour: string;
  /** The team's active technicians, by name. */
  staff: string[];
  jobs: TodayJob[];
};

export type JobDay = {
  date: string;
  /** "Monday 23 November 2026" */
  title: string;
  count: number;
  teams: TeamJobs[];
};

type Contact = Awaited<ReturnType<typeof findUserContacts>> extends Map<string, infer C> ? C : never;

export async function loadJobDays(
  db: DbOrTx,
  // The teams come as a promise: they are read at the same time as the jobs.
  input: { dates: readonly string[]; timeZone: string; teams: Promise<readonly ScheduleTeam[]>; now: Date },
): Promise<{ days: JobDay[]; nextJobId: string | null; staffByTeam: Map<string, string[]> }> {
  const tz = input.timeZone;
  const first = input.dates[0];
  const last = input.dates.at(-1);
  if (!first || !last) return { days: [], nextJobId: null, staffByTeam: new Map() };
  const from = localDayStart(first, tz);
  const to = localDayStart(addDays(last, 1), tz);
  const rows = await jobsOverlapping(db, from, to);
  const ids = rows.map((r) => r.id);
  const [items, contacts, teams, staffByTeam, startedBy, moreVehicles] = await Promise.all([
    ids.length === 0
      ? []
      : db
          .select({ bookingId: bookingItems.bookingId, kind: bookingItems.kind, name: bookingItems.name })
          .from(bookingItems)
          .where(and(inArray(bookingItems.bookingId, ids), inArray(bookingItems.kind, ["package", "addon"])))
          .orderBy(asc(bookingItems.bookingId), asc(bookingItems.position)),
    findUserContacts(
      db,
      rows.map((r) => r.customerId),
    ),
    input.teams,
    staffNamesByTeam(db),
    jobCrew(
      db,
      rows.filter((r) => r.status === "in_progress").map((r) => r.id),
    ),
    loadMoreVisitVehicles(db, ids),
  ]);
  // Each date's end, once: the rows are placed by comparing instants, not by formatting each one.
  const ends = input.dates.map((date) => ({ date, end: localDayStart(addDays(date, 1), tz) }));
  const todayEnd = ends[0]?.end ?? to;
  const next = nextJobId(
    rows.filter((r) => r.startsAt < todayEnd),
    input.now,
  );
  const itemsOf = new Map<string, typeof items>();
  for (const i of items) itemsOf.set(i.bookingId, [...(itemsOf.get(i.bookingId) ?? []), i]);
  const byDate = new Map<string, TodayJob[]>();
  const teamOf = new Map<string, string>();
  for (const r of rows) {
    const job: TodayJob = {
      ...todayJob(r, { tz, contact: contacts.get(r.customerId), items: itemsOf.get(r.id) ?? [] }),
      isNext: r.id === next,
      startedBy: startedBy.get(r.id)?.startedBy ?? null,
      moreVehicles: (moreVehicles.get(r.id) ?? []).map((v) => ({
        vehicle: [v.make, v.model].filter(Boolean).join(" "),
        registration: v.registration,
      })),
      visitDay: null,
    };
    teamOf.set(r.id, r.teamId);
    const parts = bookingParts(r);
    for (const [i, e] of ends.entries()) {
      const dayStart = i === 0 ? from : (ends[i - 1] as { end: Date }).end;
      const on = partOnDay(parts, dayStart, e.end);
      if (!on) continue;
      // Each day's card says that day's part: its times, and which day of the visit it is.
      const card: TodayJob =
        on.of > 1
          ? {
              ...job,
              startsAt: on.part.start,
              endsAt: on.part.end,
              time: formatTime(on.part.start, tz),
              endTime: formatTime(on.part.end, tz),
              visitDay: `Day ${on.day} of ${on.of}`,
            }
          : job;
      byDate.set(e.date, [...(byDate.get(e.date) ?? []), card]);
    }
  }
  for (const [date, jobs] of byDate)
    byDate.set(
      date,
      jobs.sort((a, b) => a.startsAt.getTime() - b.startsAt.getTime()),
    );
  const days = input.dates.map((date) => {
    const jobs = byDate.get(date) ?? [];
    const teamJobs = teams
      .map((t) => ({
        teamId: t.id,
        teamName: t.name,
        colour: t.colour,
        staff: staffByTeam.get(t.id) ?? [],
        jobs: jobs.filter((j) => teamOf.get(j.id) === t.id),
      }))
      .filter((t) => t.jobs.length > 0);
    return {
      date,
      title: formatLongDate(new Date(localDayStart(date, tz).getTime() + 12 * 3_600_000), tz),
      count: jobs.length,
      teams: teamJobs,
    };
  });
  return { days, nextJobId: next, staffByTeam };
}

/** One job's card, from its row, its customer's contact and its lines. */
function todayJob(
  r: JobRow,
  {
    tz,
    contact,
    items,
  }: { tz: string; contact: Contact | undefined; items: { kind: string; name: string }[] },
): Omit<TodayJob, "isNext" | "startedBy" | "moreVehicles" | "visitDay"> {
  const money = bookingMoney(r);
  const dueMinor = money.dueMinor;
  const erased = !contact || contact.erased;
  const a = r.address;
  return {
    id: r.id,
    reference: r.reference,
    startsAt: r.startsAt,
    endsAt: r.endsAt,
    time: formatTime(r.startsAt, tz),
    endTime: formatTime(r.endsAt, tz),
    status: r.status,
    statusLabel: BOOKING_STATUS_LABELS[r.status],
    moneyState: moneyStateOf(money),
    paymentStatusLabel: paymentStatusLabel(money, r.currency),
    customerName: erased ? "(erased account)" : contact.name,
    customerPhone: erased ? null : contact.phone,
    vehicle: [r.vehicle.make, r.vehicle.model].filter(Boolean).join(" "),
    registration: r.vehicle.registration,
    services: items.filter((i) => i.kind === "package").map((i) => i.name),
    addons: items.filter((i) => i.kind === "addon").map((i) => i.name),
    address: [a.line1, a.line2, a.town, a.postcode].filter(Boolean).join(", "),
    accessNotes: a.accessNotes,
    readiness: {
      water: toSiteAnswer(a.hasWater),
      power: toSiteAnswer(a.hasPower),
      covered: toSiteAnswer(a.hasCoveredSpace),
    },
    customerNotes: r.customerNotes,
    jobNotes: r.jobNotes,
    siteCheck: { answer: r.siteCheck ?? null, note: r.siteCheckNote },
    totalMinor: r.totalMinor,
    dueMinor,
    due: formatMoney(dueMinor, r.currency),
  };
}

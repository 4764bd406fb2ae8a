import "server-only";
import { and, asc, desc, eq, inArray } from "drizzle-orm";
import { addDays, formatDateTime, formatLongDate, formatTime, localDateOf, localDayStart } from "@/lib/dates";
import { isUuid } from "@/lib/uuid";
import { findUserContacts } from "@/modules/accounts/server";
import { findWeatherDay, listWeatherDayRows, type WeatherDayRow } from "@/modules/availability/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { assertAdminActor } from "@/server/auth/assert-admin";
import type { Actor } from "@/server/audit";
import { type DbOrTx, getDb } from "@/server/db";
import { allocations, bookings, rescheduleRequests, teams, weatherDayBookings } from "@/server/db/schema";
import { isLapsed } from "../domain/reschedule-rules";
import { WEATHER_STATE_LABELS, type WeatherEntryState, weatherEntryState } from "../domain/weather-rules";
import type { WeatherDayInput } from "../weather-schemas";
import { listActiveTeams, MOVABLE_STATUSES, whenLabel } from "@/modules/booking-moves/server";
import { bookingsInWindow, weatherWindow } from "./weather-days";
import { verifyWeatherToken, weatherToken } from "./weather-links";

// The weather day's reads (ADR 0036): the admin's preview before confirming, the status list per weather
// day (who answered, who needs a phone call), the customer's answer page behind the signed link, and the
// offer on the customer's booking page.

export type WeatherPreviewRow = {
  bookingId: string;
  reference: string;
  customerName: string;
  when: string;
  teamName: string;
  status: string;
};

export type WeatherPreview = { period: string; teams: string; rows: WeatherPreviewRow[] };

function periodLabel(d: Pick<WeatherDayRow, "startsAt" | "endsAt">, timeZone: string): string {
  const date = localDateOf(d.startsAt, timeZone);
  const wholeDay =
    localDayStart(date, timeZone).getTime() === d.startsAt.getTime() &&
    localDayStart(addDays(date, 1), timeZone).getTime() === d.endsAt.getTime();
  if (wholeDay) return `${formatLongDate(d.startsAt, timeZone)}, the whole day`;
  return `${formatLongDate(d.startsAt, timeZone)}, ${formatTime(d.startsAt, timeZone)} – ${formatTime(d.endsAt, timeZone)}`;
}

async function teamNames(db: DbOrTx): Promise<Map<string, string>> {
  const rows = await db.select({ id: teams.id, name: teams.name }).from(teams);
  return new Map(rows.map((t) => [t.id, t.name]));
}

const teamsLabel = (ids: readonly string[] | null, names: Map<string, string>) =>
  ids ? ids.map((id) => names.get(id) ?? "A former team").join(", ") : "Every team";

/** The bookings that marking this period would offer new times to. */
export async function previewWeatherDay(
  db: DbOrTx,
  actor: Actor,
  input: WeatherDayInput,
  now = new Date(),
): Promise<WeatherPreview> {
  await assertAdminActor(db, actor);
  const { timeZone } = await getSettingsOrThrow(db);
  const w = weatherWindow(input, timeZone, now);
  const [rows, names] = await Promise.all([bookingsInWindow(db, w, now), teamNames(db)]);
  const people = await findUserContacts(
    db,
    rows.map((b) => b.customerId),
  );
  return {
    period: periodLabel(w, timeZone),
    teams: teamsLabel(w.teamIds, names),
    rows: rows.map((b) => ({
      bookingId: b.id,
      reference: b.reference,
      customerName: people.get(b.customerId)?.name ?? "",
      when: whenLabel(b.startsAt, b.endsAt, timeZone),
      teamName: names.get(b.teamId) ?? "",
      status: b.status.replaceAll("_", " "),
    })),
  };
}

export type WeatherStatusRow = {
  bookingId: string;
  reference: string;
  customerName: string;
  phone: string | null;
  email: string | null;
  /** The booking's time now (moved, once accepted). */
  when: string;
  state: WeatherEntryState;
  stateLabel: string;
  /** Still held for the customer (while waiting). */
  offered: string[];
  expires: string | null;
  note: string | null;
  answeredAt: string | null;
};

export type WeatherDayStatus = {
  id: string;
  period: string;
  teams: string;
  message: string;
  /** "Lifted Tue 8 Dec, 07:10 GMT" once the weather cleared; null while it holds. */
  lifted: string | null;
  /** Still to come and not lifted: the admin may lift it. */
  canLift: boolean;
  /** Lifting it would tell this many customers their booking stands (still in the period, not moved). */
  toTell: number;
  counts: Record<WeatherEntryState, number>;
  rows: WeatherStatusRow[];
};

const STATE_ORDER: Record<WeatherEntryState, number> = {
  call: 0,
  asked_another: 1,
  waiting: 2,
  accepted: 3,
  stands: 4,
};

/** The latest weather days, each with its bookings: those needing a phone call first. */
export async function listWeatherDays(
  db: DbOrTx,
  actor: Actor,
  now = new Date(),
): Promise<WeatherDayStatus[]> {
  await assertAdminActor(db, actor);
  const { timeZone } = await getSettingsOrThrow(db);
  const days = await listWeatherDayRows(db, 10);
  if (!days.length) return [];
  const [entries, names] = await Promise.all([
    db
      .select({ e: weatherDayBookings, b: bookings, o: rescheduleRequests })
      .from(weatherDayBookings)
      .innerJoin(bookings, eq(bookings.id, weatherDayBookings.bookingId))
      .leftJoin(rescheduleRequests, eq(rescheduleRequests.id, weatherDayBookings.offerId))
      .where(
        inArray(
          weatherDayBookings.weatherDayId,
          days.map((d) => d.id),
        ),
      )
      .orderBy(asc(bookings.startsAt)),
    teamNames(db),
  ]);
  const offerIds = entries.flatMap((x) => (x.o && x.o.status === "pending" ? [x.o.id] : []));
  const holds = offerIds.length
    ? await db
        .select({ requestId: allocations.rescheduleRequestId, during: allocations.during })
        .from(allocations)
        .where(
          and(
            inArray(allocations.rescheduleRequestId, offerIds),
            eq(allocations.status, "pending_reschedule"),
          ),
        )
    : [];
  const people = await findUserContacts(
    db,
    entries.map((x) => x.b.customerId),
  );
  return days.map((d) => {
    const counts: Record<WeatherEntryState, number> = {
      accepted: 0,
      asked_another: 0,
      waiting: 0,
      call: 0,
      stands: 0,
    };
    const rows = entries
      .filter((x) => x.e.weatherDayId === d.id)
      .map(({ e, b, o }): WeatherStatusRow => {
        const state = weatherEntryState({ answer: e.answer, offer: o }, now, d.liftedAt !== null);
        counts[state]++;
        const person = people.get(b.customerId);
        const reachable = person && !person.erased ? person : null;
        return {
          bookingId: b.id,
          reference: b.reference,
          customerName: reachable?.name ?? "(erased account)",
          phone: reachable?.phone ?? null,
          email: reachable?.email ?? null,
          when: whenLabel(b.startsAt, b.endsAt, timeZone),
          state,
          stateLabel: WEATHER_STATE_LABELS[state],
          offered:
            state === "waiting" && o
              ? holds
                  .filter((h) => h.requestId === o.id)
                  .sort((x, y) => x.during.start.getTime() - y.during.start.getTime())
                  .map((h) => whenLabel(h.during.start, h.during.end, timeZone))
              : [],
          expires: state === "waiting" && o ? formatDateTime(o.expiresAt, timeZone) : null,
          note: e.note,
          answeredAt: e.answeredAt ? formatDateTime(e.answeredAt, timeZone) : null,
        };
      })
      .sort((x, y) => STATE_ORDER[x.state] - STATE_ORDER[y.state]);
    return {
      id: d.id,
      period: periodLabel(d, timeZone),
      teams: teamsLabel(d.teamIds, names),
      message: d.message,
      lifted: d.liftedAt ? `Lifted ${formatDateTime(d.liftedAt, timeZone)}` : null,
      canLift: d.liftedAt === null && d.endsAt > now,
      toTell: entries.filter(
        ({ e, b, o }) =>
          e.weatherDayId === d.id &&
          weatherEntryState({ answer: e.answer, offer: o }, now) !== "accepted" &&
          MOVABLE_STATUSES.includes(b.status) &&
          b.endsAt > now &&
          b.startsAt < d.endsAt &&
          b.endsAt > d.startsAt,
      ).length,
      counts,
      rows,
    };
  });
}

// ——— The customer ———

export type WeatherOfferPage = {
  bookingId: string;
  reference: string;
  current: string;
  message: string;
  state: WeatherEntryState;
  times: { allocationId: string; label: string }[];
  expires: string | null;
};

/**
 * The held times of an offer, each answerable by its row. A booking over several days is offered one
 * time, its parts in several rows (ADR 0056): then it is one time, answered by its first part's row.
 */
async function offerTimesOf(db: DbOrTx, offerId: string, timeZone: string) {
  const rows = await db
    .select({ id: allocations.id, during: allocations.during, dayParts: bookings.dayParts })
    .from(allocations)
    .innerJoin(bookings, eq(bookings.id, allocations.bookingId))
    .where(and(eq(allocations.rescheduleRequestId, offerId), eq(allocations.status, "pending_reschedule")));
  const severalDays = rows.some((r) => r.dayParts !== null);
  const sorted = rows.sort((a, b) => a.during.start.getTime() - b.during.start.getTime());
  const first = sorted[0];
  const last = sorted.at(-1);
  if (severalDays && first && last)
    return [
      {
        allocationId: first.id,
        label: whenLabel(first.during.start, last.during.end, timeZone, sorted.length),
      },
    ];
  return sorted.map((r) => ({
    allocationId: r.id,
    label: whenLabel(r.during.start, r.during.end, timeZone),
  }));
}

/** The answer page behind the email's links (null for a token that is not one). Reads only. */
export async function getWeatherOfferPage(
  db: DbOrTx,
  token: string,
  now = new Date(),
): Promise<WeatherOfferPage | null> {
  const entryId = verifyWeatherToken(token);
  if (!entryId) return null;
  const [row] = await db
    .select({ e: weatherDayBookings, b: bookings, o: rescheduleRequests })
    .from(weatherDayBookings)
    .innerJoin(bookings, eq(bookings.id, weatherDayBookings.bookingId))
    .leftJoin(rescheduleRequests, eq(rescheduleRequests.id, weatherDayBookings.offerId))
    .where(eq(weatherDayBookings.id, entryId));
  if (!row) return null;
  const { timeZone } = await getSettingsOrThrow(db);
  const day = await findWeatherDay(db, row.e.weatherDayId);
  const state = weatherEntryState({ answer: row.e.answer, offer: row.o }, now, Boolean(day?.liftedAt));
  const open = state === "waiting" && row.o !== null && !isLapsed(row.o, now);
  return {
    bookingId: row.b.id,
    reference: row.b.reference,
    current: whenLabel(row.b.startsAt, row.b.endsAt, timeZone),
    message: day?.message ?? "",
    state,
    times: open && row.o ? await offerTimesOf(db, row.o.id, timeZone) : [],
    expires: open && row.o ? formatDateTime(row.o.expiresAt, timeZone) : null,
  };
}

export type MyWeatherOffer = { answerPath: string; times: string[]; expires: string | null; message: string };

/** The weather offer on the customer's booking page, while it waits for them (or has no time held). */
export async function getMyWeatherOffer(
  db: DbOrTx,
  customerId: string,
  bookingId: string,
  now = new Date(),
): Promise<MyWeatherOffer | null> {
  if (!isUuid(bookingId)) return null;
  const [row] = await db
    .select({ e: weatherDayBookings, o: rescheduleRequests })
    .from(weatherDayBookings)
    .innerJoin(bookings, eq(bookings.id, weatherDayBookings.bookingId))
    .leftJoin(rescheduleRequests, eq(rescheduleRequests.id, weatherDayBookings.offerId))
    .where(and(eq(bookings.id, bookingId), eq(bookings.customerId, customerId)))
    .orderBy(desc(weatherDayBookings.createdAt))
    .limit(1);
  if (!row || row.e.answer) return null;
  const day = await findWeatherDay(db, row.e.weatherDayId);
  const state = weatherEntryState({ answer: row.e.answer, offer: row.o }, now, Boolean(day?.liftedAt));
  // Moved, or the weather day was lifted (the booking stands, its timeline says so): nothing to answer.
  if (state === "accepted" || state === "stands") return null;
  const { timeZone } = await getSettingsOrThrow(db);
  const times = state === "waiting" && row.o ? await offerTimesOf(db, row.o.id, timeZone) : [];
  return {
    answerPath: `/booking/weather?token=${encodeURIComponent(weatherToken(row.e.id))}`,
    times: times.map((t) => t.label),
    expires: state === "waiting" && row.o ? formatDateTime(row.o.expiresAt, timeZone) : null,
    message: day?.message ?? "",
  };
}

/** The pages' readers. */
export async function loadWeatherDaysPage(actor: Actor, now = new Date()) {
  const db = await getDb();
  const [days, teams, settings] = await Promise.all([
    listWeatherDays(db, actor, now),
    listActiveTeams(db),
    getSettingsOrThrow(db),
  ]);
  return {
    days,
    teams,
    timeZone: settings.timeZone,
    tomorrow: localDateOf(new Date(now.getTime() + 86_400_000), settings.timeZone),
  };
}
export const loadWeatherOfferPage = async (token: string) => getWeatherOfferPage(await getDb(), token);
export const loadMyWeatherOffer = async (customerId: string, bookingId: string) =>
  getMyWeatherOffer(await getDb(), customerId, bookingId);

import "server-only";
import { allocationHoldsTime } from "@/server/db/time-taken";
import { and, asc, eq, gte, lte, sql } from "drizzle-orm";
import { addDays, formatTime, isoWeekday, localDateOf, localDayStart, localToInstant } from "@/lib/dates";
import { ALLOCATION_HOLD_STATUSES, type AllocationStatus } from "@/lib/enums";
import { getDb, type DbOrTx } from "@/server/db";
import {
  allocations,
  blocks,
  bookings,
  dateOverrideRanges,
  dateOverrides,
  teams,
  users,
  workingHours,
  type AddressSnapshot,
  type VehicleSnapshot,
} from "@/server/db/schema";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { type CalendarQuery, type CalendarView, neighbours, windowDays, zoneName } from "./calendar-dates";

export {
  CALENDAR_VIEWS,
  type CalendarQuery,
  type CalendarView,
  formatTimeSpan,
  isCalendarDate,
  localClock,
  monthTitle,
  parseCalendarParams,
  shortDate,
  zoneName,
} from "./calendar-dates";
import { holidayMap } from "@/modules/holidays/domain/holidays";

// The schedule calendar: every piece of time a team holds in a window (bookings, holds, blocks), read in
// a fixed number of queries whatever the window's length — settings, teams, hours, date overrides and
// one range query on allocations (answered by the gist index on `during`). Days are local calendar days
// in the business time zone: a day runs from local midnight to the next local midnight, so it lasts 23
// or 25 hours on DST days.

export type CalendarTeam = { id: string; name: string; colour: string; isActive: boolean };

export type CalendarItem = {
  /** The allocation's id (a block for all teams has one item per team). */
  id: string;
  kind: "booking" | "hold" | "block";
  teamId: string;
  /** The time held on the team's calendar (a booking's may include travel and buffer). */
  start: Date;
  end: Date;
  label: string;
  status: AllocationStatus;
  bookingId?: string;
  reference?: string;
  /** The job's own times, for a booking or a payment hold. */
  jobStart?: Date;
  jobEnd?: Date;
  customerName?: string;
  serviceName?: string;
  vehicle?: VehicleSnapshot;
  address?: AddressSnapshot;
  holdFor?: "payment" | "reschedule";
  holdExpiresAt?: Date;
  blockId?: string;
  reason?: string;
  isAllTeams?: boolean;
};

export type DayCounts = { bookings: number; holds: number; blocks: number };

export type CalendarDay = {
  date: string;
  start: Date;
  end: Date;
  isToday: boolean;
  /** False for the leading/trailing days of a month grid. */
  isInPeriod: boolean;
  /** Open ranges from the working hours (or that date's override), as instants. */
  open: { start: Date; end: Date }[];
  closedNote: string | null;
  /** The public holiday of the business's region on this date (closed unless opened anyway). */
  holiday: string | null;
  counts: DayCounts;
};

export type Calendar = {
  view: CalendarView;
  date: string;
  today: string;
  timeZone: string;
  /** Short zone names in the window ("GMT", or "BST", "GMT" on the day the clocks go back). */
  zoneNames: string[];
  from: Date;
  to: Date;
  days: CalendarDay[];
  teams: CalendarTeam[];
  items: CalendarItem[];
  prevDate: string;
  nextDate: string;
};

type Row = {
  id: string;
  teamId: string;
  during: { start: Date; end: Date };
  kind: "booking" | "reschedule_hold" | "block";
  status: AllocationStatus;
  holdExpiresAt: Date | null;
  bookingId: string | null;
  blockId: string | null;
  reference: string | null;
  jobStart: Date | null;
  jobEnd: Date | null;
  vehicle: VehicleSnapshot | null;
  address: AddressSnapshot | null;
  customerName: string | null;
  serviceName: string | null;
  reason: string | null;
  blockTeamId: string | null;
};

export function toCalendarItem(r: Row, timeZone: string): CalendarItem {
  const base = { id: r.id, teamId: r.teamId, start: r.during.start, end: r.during.end, status: r.status };
  if (r.kind === "block") {
    const reason = r.reason ?? "Blocked";
    return {
      ...base,
      kind: "block",
      label: reason,
      blockId: r.blockId ?? undefined,
      reason,
      isAllTeams: r.blockTeamId === null,
    };
  }
  const reference = r.reference ?? "Booking";
  const booking = {
    bookingId: r.bookingId ?? undefined,
    reference,
    customerName: r.customerName ?? undefined,
    serviceName: r.serviceName ?? undefined,
    vehicle: r.vehicle ?? undefined,
    address: r.address ?? undefined,
  };
  const until = r.holdExpiresAt ? ` until ${formatTime(r.holdExpiresAt, timeZone)}` : "";
  if (r.kind === "reschedule_hold")
    return {
      ...base,
      ...booking,
      kind: "hold",
      holdFor: "reschedule",
      holdExpiresAt: r.holdExpiresAt ?? undefined,
      label: `${reference} · Held for a requested move${until}`,
    };
  const job = { jobStart: r.jobStart ?? undefined, jobEnd: r.jobEnd ?? undefined };
  if (r.status === "pending_payment")
    return {
      ...base,
      ...booking,
      ...job,
      kind: "hold",
      holdFor: "payment",
      holdExpiresAt: r.holdExpiresAt ?? undefined,
      label: `${reference} · Held for payment${until}`,
    };
  return {
    ...base,
    ...booking,
    ...job,
    kind: "booking",
    label: r.serviceName ? `${reference} · ${r.serviceName}` : reference,
  };
}

/** Per local day: distinct bookings, holds and blocks (a block for all teams counts once). */
function countByDay(days: { date: string; start: Date; end: Date }[], items: CalendarItem[]) {
  const counts = new Map<string, DayCounts>();
  for (const day of days) {
    const seen = { bookings: new Set<string>(), holds: new Set<string>(), blocks: new Set<string>() };
    for (const item of items) {
      if (item.start >= day.end || item.end <= day.start) continue;
      if (item.kind === "block") seen.blocks.add(item.blockId ?? item.id);
      else if (item.kind === "hold") seen.holds.add(item.id);
      else seen.bookings.add(item.bookingId ?? item.id);
    }
    counts.set(day.date, {
      bookings: seen.bookings.size,
      holds: seen.holds.size,
      blocks: seen.blocks.size,
    });
  }
  return counts;
}

type OverrideRow = {
  date: string;
  isClosed: boolean;
  note: string;
  opensMinute: number | null;
  closesMinute: number | null;
};

/**
 * A date's open ranges (minutes) and note: its override's, else closed on a public holiday (ADR 0055),
 * else its weekday's.
 */
function hoursOfDay(
  date: string,
  overrides: OverrideRow[],
  weekly: { weekday: number; opensMinute: number; closesMinute: number }[],
  holidays: Map<string, string>,
): { ranges: [number, number][]; closedNote: string | null; holiday: string | null } {
  const dayOverrides = overrides.filter((o) => o.date === date);
  const holiday = holidays.get(date) ?? null;
  const override = dayOverrides[0];
  if (override)
    return {
      ranges: dayOverrides.flatMap((o) =>
        !o.isClosed && o.opensMinute !== null && o.closesMinute !== null
          ? [[o.opensMinute, o.closesMinute] as [number, number]]
          : [],
      ),
      closedNote: override.note || (override.isClosed ? "Closed" : "Special hours"),
      holiday,
    };
  if (holiday) return { ranges: [], closedNote: `${holiday} (public holiday)`, holiday };
  return {
    ranges: weekly.filter((w) => w.weekday === isoWeekday(date)).map((w) => [w.opensMinute, w.closesMinute]),
    closedNote: null,
    holiday,
  };
}

/** The calendar for a day, the week (Monday–Sunday) or the month grid containing `date`. */
export async function getCalendar(query: CalendarQuery, db?: DbOrTx): Promise<Calendar> {
  const conn = db ?? (await getDb());
  const settings = await getSettingsOrThrow(conn);
  const tz = settings.timeZone;
  const now = new Date();
  const today = localDateOf(now, tz);
  const date = query.date ?? today;
  const { days: dates, inPeriod } = windowDays(query.view, date);
  const firstDate = dates[0] ?? date;
  const lastDate = dates[dates.length - 1] ?? date;
  const bounds = dates.map((d) => ({
    date: d,
    start: localDayStart(d, tz),
    end: localDayStart(addDays(d, 1), tz),
  }));
  const from = bounds[0]?.start ?? localDayStart(firstDate, tz);
  const to = bounds[bounds.length - 1]?.end ?? localDayStart(addDays(lastDate, 1), tz);

  const [teamRows, rows, weekly, overrides] = await Promise.all([
    conn
      .select({ id: teams.id, name: teams.name, colour: teams.colour, isActive: teams.isActive })
      .from(teams)
      .orderBy(asc(teams.sortOrder), asc(teams.name)),
    conn
      .select({
        id: allocations.id,
        teamId: allocations.teamId,
        during: allocations.during,
        kind: allocations.kind,
        status: allocations.status,
        holdExpiresAt: allocations.holdExpiresAt,
        bookingId: allocations.bookingId,
        blockId: allocations.blockId,
        reference: bookings.reference,
        jobStart: bookings.startsAt,
        jobEnd: bookings.endsAt,
        vehicle: bookings.vehicleSnapshot,
        address: bookings.addressSnapshot,
        customerName: users.name,
        // Qualified by table name: inside the subquery an unqualified "id" would bind to booking_items.
        serviceName: sql<
          string | null
        >`(SELECT bi.name FROM booking_items bi WHERE bi.booking_id = "bookings"."id" ORDER BY bi.position LIMIT 1)`,
        reason: blocks.reason,
        blockTeamId: blocks.teamId,
      })
      .from(allocations)
      .leftJoin(bookings, eq(bookings.id, allocations.bookingId))
      .leftJoin(users, eq(users.id, bookings.customerId))
      .leftJoin(blocks, eq(blocks.id, allocations.blockId))
      .where(
        and(
          allocationHoldsTime(allocations.status),
          sql`${allocations.during} && tstzrange(${from.toISOString()}::timestamptz, ${to.toISOString()}::timestamptz, '[)')`,
        ),
      )
      .orderBy(sql`lower(${allocations.during})`, asc(allocations.teamId)),
    conn.select().from(workingHours).orderBy(asc(workingHours.weekday), asc(workingHours.opensMinute)),
    conn
      .select({
        date: dateOverrides.date,
        isClosed: dateOverrides.isClosed,
        note: dateOverrides.note,
        opensMinute: dateOverrideRanges.opensMinute,
        closesMinute: dateOverrideRanges.closesMinute,
      })
      .from(dateOverrides)
      .leftJoin(dateOverrideRanges, eq(dateOverrideRanges.overrideId, dateOverrides.id))
      .where(and(gte(dateOverrides.date, firstDate), lte(dateOverrides.date, lastDate)))
      .orderBy(asc(dateOverrides.date), asc(dateOverrideRanges.opensMinute)),
  ]);

  // A hold past its expiry no longer holds anything (the expiry job makes it official within a minute).
  const items = (rows as Row[])
    .filter(
      (r) =>
        !(
          r.holdExpiresAt &&
          r.holdExpiresAt <= now &&
          (ALLOCATION_HOLD_STATUSES as readonly AllocationStatus[]).includes(r.status)
        ),
    )
    .map((r) => toCalendarItem(r, tz));
  const counts = countByDay(bounds, items);
  const withItems = new Set(items.map((i) => i.teamId));
  const zoneNames = [...new Set([zoneName(from, tz), zoneName(new Date(to.getTime() - 1), tz)])];

  const holidays = holidayMap(settings.holidayRegion, firstDate, lastDate);
  const days: CalendarDay[] = bounds.map((b) => {
    const { ranges, closedNote, holiday } = hoursOfDay(b.date, overrides, weekly, holidays);
    const at = (minute: number) =>
      minute >= 24 * 60
        ? b.end
        : (localToInstant(b.date, minute, tz) ?? localToInstant(b.date, minute + 60, tz));
    const open = ranges.flatMap(([o, c]) => {
      const start = at(o);
      const end = at(c);
      return start && end && start < end ? [{ start, end }] : [];
    });
    return {
      ...b,
      isToday: b.date === today,
      isInPeriod: inPeriod(b.date),
      open,
      closedNote,
      holiday,
      counts: counts.get(b.date) ?? { bookings: 0, holds: 0, blocks: 0 },
    };
  });

  return {
    view: query.view,
    date,
    today,
    timeZone: tz,
    zoneNames,
    from,
    to,
    days,
    // Inactive teams stay off the calendar unless they still hold time in this window.
    teams: teamRows.filter((t) => t.isActive || withItems.has(t.id)),
    items,
    ...neighbours(query.view, date),
  };
}

import "server-only";
import { allocationHoldLapsed, allocationHoldsTime } from "@/server/db/time-taken";
import { and, asc, eq, sql } from "drizzle-orm";
import { formatLongDate, formatTime, localDateOf, localToInstant } from "@/lib/dates";
import { computeSlots, partsOfWork, teamsFreeAt, withoutOwnTime } from "@/modules/availability/domain/slots";
import { ownTimeOf } from "@/lib/day-parts";
import { type JobShape, loadSlotContext, slotQuery } from "@/modules/availability/server";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { DbOrTx } from "@/server/db";
import { allocations, blocks, bookings, teams } from "@/server/db/schema";

// The admin's slot picker (/admin/bookings/{id} Move and Reassign, /admin/bookings/new): the starts of
// one local date for a job of a given length and zone, with the teams free for each — the same slot
// engine the wizard uses. A booking being moved does not block its own alternatives: its allocation is
// left out of the held time. With *override* the admin may pick any time and team; then only the
// database's overlap guard stands in the way, and `whatIsInTheWay` names what does.

export type AdminSlotTeam = { id: string; name: string };

export type AdminSlot = {
  /** ISO instant. */
  start: string;
  /** "09:30 GMT" in the business zone. */
  label: string;
  teamIds: string[];
};

export type AdminSlotDay = {
  date: string;
  /** "Tuesday 8 December 2026" */
  dateLabel: string;
  timeZone: string;
  /** Active teams in the business's order. */
  teams: AdminSlotTeam[];
  slots: AdminSlot[];
};

export type AdminSlotJob = JobShape & {
  /** The booking being moved: its own time does not count as taken. */
  excludeBookingId?: string | null;
};

/** Active teams, in the business's order. */
export async function listActiveTeams(db: DbOrTx): Promise<AdminSlotTeam[]> {
  return db
    .select({ id: teams.id, name: teams.name })
    .from(teams)
    .where(eq(teams.isActive, true))
    .orderBy(asc(teams.sortOrder), asc(teams.name));
}

/** The booking's own time, part by part (to leave it out of the held time). */
async function ownTime(db: DbOrTx, bookingId: string) {
  const [row] = await db
    .select({
      teamId: bookings.teamId,
      startsAt: bookings.startsAt,
      endsAt: bookings.endsAt,
      dayParts: bookings.dayParts,
    })
    .from(bookings)
    .where(eq(bookings.id, bookingId));
  return row ? ownTimeOf(row) : [];
}

async function contextFor(db: DbOrTx, date: string, job: AdminSlotJob, now: Date) {
  const [ctx, own] = await Promise.all([
    loadSlotContext(db, { from: date, to: date }, now),
    job.excludeBookingId ? ownTime(db, job.excludeBookingId) : [],
  ]);
  return { ...ctx, held: withoutOwnTime(ctx.held, own) };
}

/** One local date's bookable starts for this job, with the free teams of each. */
export async function getAdminSlotDay(
  db: DbOrTx,
  input: AdminSlotJob & { date: string; now?: Date },
): Promise<AdminSlotDay> {
  const now = input.now ?? new Date();
  const [ctx, teamRows] = await Promise.all([contextFor(db, input.date, input, now), listActiveTeams(db)]);
  const slots = computeSlots(slotQuery(ctx, input)).get(input.date) ?? [];
  const noon = localToInstant(input.date, 12 * 60, ctx.timeZone) ?? new Date(`${input.date}T12:00:00Z`);
  return {
    date: input.date,
    dateLabel: formatLongDate(noon, ctx.timeZone),
    timeZone: ctx.timeZone,
    teams: teamRows,
    slots: slots.map((s) => ({
      start: s.start.toISOString(),
      label: formatTime(s.start, ctx.timeZone),
      teamIds: s.teamIds,
    })),
  };
}

export type SlotCheck =
  | { ok: true }
  | { ok: false; reason: "taken"; message: string }
  | { ok: false; reason: "unavailable"; message: string };

/**
 * Whether `teamId` may take the job at `start` under the business's rules (hours, notice, horizon,
 * buffers, what is held). `ignoreRules`: only what is held counts (a reassign keeps its time).
 */
export async function checkAdminSlot(
  db: DbOrTx,
  input: AdminSlotJob & { start: Date; teamId: string; now: Date; ignoreRules?: boolean },
): Promise<SlotCheck> {
  const { timeZone } = await getSettingsOrThrow(db);
  const date = localDateOf(input.start, timeZone);
  const ctx = await contextFor(db, date, input, input.now);
  const query = slotQuery(ctx, input);
  const buffer = query.bufferMinutes * 60_000;
  // Each day's part with its buffers (one part for a job of one day — ADR 0056).
  const spans = partsOfWork(query, input.start).map((p) => ({
    from: p.start.getTime() - buffer,
    to: p.end.getTime() + buffer,
  }));
  const clashes = spans.filter((s) =>
    ctx.held.some((h) => h.teamId === input.teamId && h.start < s.to && h.end > s.from),
  );
  const clash = clashes.length > 0;
  if (!clash && input.ignoreRules) return { ok: true };
  if (teamsFreeAt(query, input.start).includes(input.teamId)) return { ok: true };
  if (clash) {
    const inTheWay = (
      await Promise.all(
        clashes.map((s) =>
          whatIsInTheWay(db, {
            teamId: input.teamId,
            start: new Date(s.from),
            end: new Date(s.to),
            excludeBookingId: input.excludeBookingId ?? null,
            now: input.now,
          }),
        ),
      )
    ).flat();
    return { ok: false, reason: "taken", message: inTheWayMessage(inTheWay, ctx.timeZone) };
  }
  return {
    ok: false,
    reason: "unavailable",
    message:
      "That time is outside the team's hours, the notice period or the booking horizon. Choose a time shown, or override availability with a reason.",
  };
}

export type InTheWay = { kind: "booking" | "block" | "reschedule"; label: string; start: Date; end: Date };

/** The holding allocations of a team that overlap [start, end), named for a person. */
export async function whatIsInTheWay(
  db: DbOrTx,
  input: { teamId: string; start: Date; end: Date; excludeBookingId?: string | null; now: Date },
): Promise<InTheWay[]> {
  const rows = await db
    .select({
      kind: allocations.kind,
      bookingId: allocations.bookingId,
      reference: bookings.reference,
      blockReason: blocks.reason,
      start: sql<string>`lower(${allocations.during})`,
      end: sql<string>`upper(${allocations.during})`,
    })
    .from(allocations)
    .leftJoin(bookings, eq(bookings.id, allocations.bookingId))
    .leftJoin(blocks, eq(blocks.id, allocations.blockId))
    .where(
      and(
        eq(allocations.teamId, input.teamId),
        sql`${allocations.during} && tstzrange(${input.start.toISOString()}::timestamptz, ${input.end.toISOString()}::timestamptz)`,
        allocationHoldsTime(allocations.status),
        sql`NOT ${allocationHoldLapsed(allocations, input.now)}`,
      ),
    )
    .orderBy(sql`lower(${allocations.during})`);
  return rows
    .filter(
      (r) => !(r.kind === "booking" && input.excludeBookingId && r.bookingId === input.excludeBookingId),
    )
    .map((r) => ({
      kind: r.kind === "block" ? "block" : r.kind === "booking" ? "booking" : "reschedule",
      label:
        r.kind === "block"
          ? `a block (${r.blockReason ?? "busy"})`
          : r.kind === "booking"
            ? `booking ${r.reference ?? ""}`.trim()
            : `a requested move of booking ${r.reference ?? ""}`.trim(),
      start: new Date(r.start),
      end: new Date(r.end),
    }));
}

export function inTheWayMessage(items: readonly InTheWay[], timeZone: string): string {
  if (!items.length) return "That time was just taken on this team. Choose another time or team.";
  const named = items
    .map((i) => `${i.label}, ${formatTime(i.start, timeZone)}–${formatTime(i.end, timeZone)}`)
    .join("; ");
  return `That team is busy then: ${named} is in the way.`;
}

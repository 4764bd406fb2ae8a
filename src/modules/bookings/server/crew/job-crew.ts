import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { DbOrTx } from "@/server/db";
import { bookingEvents, users } from "@/server/db/schema";
import { WORK_STEP_STATUSES } from "@/lib/enums";

// Who did the job: the people who started and completed it, read from the booking's timeline (the status
// changes carry their actor), so it is never stored twice. An admin who completed a job from the office
// counts too; a job done by the system (none today) would show no name.

export type JobCrew = { startedBy: string | null; completedBy: string | null; names: string[] };

export async function jobCrew(db: DbOrTx, bookingIds: readonly string[]): Promise<Map<string, JobCrew>> {
  const out = new Map<string, JobCrew>();
  if (bookingIds.length === 0) return out;
  const rows = await db
    .select({ bookingId: bookingEvents.bookingId, to: bookingEvents.toValue, name: users.name })
    .from(bookingEvents)
    .innerJoin(users, eq(users.id, bookingEvents.actorId))
    .where(
      and(
        inArray(bookingEvents.bookingId, [...bookingIds]),
        eq(bookingEvents.type, "status_changed"),
        inArray(bookingEvents.toValue, [...WORK_STEP_STATUSES]),
      ),
    )
    .orderBy(asc(bookingEvents.at));
  for (const r of rows) {
    const crew = out.get(r.bookingId) ?? { startedBy: null, completedBy: null, names: [] };
    if (r.to === "in_progress") crew.startedBy = r.name;
    else crew.completedBy = r.name;
    if (!crew.names.includes(r.name)) crew.names.push(r.name);
    out.set(r.bookingId, crew);
  }
  return out;
}

import type { DbOrTx } from "@/server/db/client";
import { allocations, blocks, teams, workingHours } from "@/server/db/schema";

let seq = 0;

export async function insertTeam(db: DbOrTx, overrides: Partial<typeof teams.$inferInsert> = {}) {
  const n = ++seq;
  const [row] = await db
    .insert(teams)
    .values({ name: `Team ${n}-${Date.now()}`, sortOrder: n, ...overrides })
    .returning();
  if (!row) throw new Error("team insert returned nothing");
  return row;
}

/** Weekly hours as { weekday: [[opens, closes], …] } in minutes after local midnight. */
export async function insertWeeklyHours(db: DbOrTx, week: Partial<Record<number, [number, number][]>>) {
  const rows = Object.entries(week).flatMap(([weekday, ranges]) =>
    (ranges ?? []).map(([opensMinute, closesMinute]) => ({
      weekday: Number(weekday),
      opensMinute,
      closesMinute,
    })),
  );
  if (rows.length) await db.insert(workingHours).values(rows);
}

export async function insertBlock(
  db: DbOrTx,
  values: { teamId: string; startsAt: Date; endsAt: Date; reason?: string; createdBy?: string },
) {
  const [block] = await db
    .insert(blocks)
    .values({ reason: "Blocked", ...values })
    .returning();
  if (!block) throw new Error("block insert returned nothing");
  await db.insert(allocations).values({
    teamId: values.teamId,
    during: { start: values.startsAt, end: values.endsAt },
    kind: "block",
    status: "block",
    blockId: block.id,
  });
  return block;
}

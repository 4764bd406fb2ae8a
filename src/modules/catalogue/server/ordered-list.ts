import "server-only";
import type { Actor } from "@/server/audit";
import { asc, eq, max, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { writeAudit } from "@/server/audit";
import type { DbOrTx, Tx } from "@/server/db";
import { AppError, SQLSTATE, sqlState } from "@/server/errors";
import type { MoveInput } from "../schemas";

// Categories and vehicle sizes are both short, admin-ordered lists with an active flag: one mechanism
// for ordering, activating and deleting them, each step audited in its transaction.

export type OrderedTable = PgTable & {
  id: PgColumn;
  sortOrder: PgColumn;
  isActive: PgColumn;
  name: PgColumn;
};

export type OrderedListConfig = {
  table: OrderedTable;
  entity: string;
  /** Why the row cannot be deleted (it is in use), or null. */
  usedBy: (tx: Tx, id: string) => Promise<string | null>;
};

export type { Actor };

export async function nextSortOrder(tx: DbOrTx, table: OrderedTable): Promise<number> {
  const [row] = await tx.select({ max: max(table.sortOrder) }).from(table);
  return Number(row?.max ?? 0) + 1;
}

/** The unique name index's refusal, in the list's own words (`nameTaken`); any other error as it was. */
export const nameTakenOr = (err: unknown, nameTaken: () => AppError): unknown =>
  sqlState(err) === SQLSTATE.uniqueViolation ? nameTaken() : err;

/** Adds a row at the end of the list, audited as created. */
export async function insertRow<T extends OrderedTable>(
  tx: Tx,
  cfg: OrderedListConfig & { table: T },
  actor: Actor,
  values: Omit<T["$inferInsert"], "sortOrder">,
  nameTaken: () => AppError,
): Promise<string> {
  try {
    const [row] = (await tx
      .insert(cfg.table)
      .values({ ...values, sortOrder: await nextSortOrder(tx, cfg.table) } as never)
      .returning({ id: cfg.table.id, name: cfg.table.name })) as { id: string; name: string }[];
    if (!row) throw new Error("insert returned nothing");
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: `${cfg.entity}.created`,
      entity: cfg.entity,
      entityId: row.id,
      summary: { name: row.name },
    });
    return row.id;
  } catch (err) {
    throw nameTakenOr(err, nameTaken);
  }
}

async function rowOrThrow(tx: Tx, table: OrderedTable, id: string) {
  const [row] = await tx
    .select({ id: table.id, name: table.name })
    .from(table)
    .where(eq(table.id, id))
    .for("update");
  if (!row) throw new AppError("NOT_FOUND");
  return row as { id: string; name: string };
}

/** Moves a row one place up or down; the whole list is renumbered 1…n so gaps never accumulate. */
export async function moveRow(
  db: DbOrTx,
  cfg: OrderedListConfig,
  actor: Actor,
  input: MoveInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    await rowOrThrow(tx, cfg.table, input.id);
    const rows = (await tx
      .select({ id: cfg.table.id })
      .from(cfg.table)
      .orderBy(asc(cfg.table.sortOrder), asc(cfg.table.name))) as { id: string }[];
    const from = rows.findIndex((r) => r.id === input.id);
    const to = input.direction === "up" ? from - 1 : from + 1;
    if (to < 0 || to >= rows.length) return;
    const [moved] = rows.splice(from, 1);
    if (moved) rows.splice(to, 0, moved);
    for (const [i, r] of rows.entries()) {
      await tx
        .update(cfg.table)
        .set({ sortOrder: i + 1 } as never)
        .where(eq(cfg.table.id, r.id));
    }
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: `${cfg.entity}.moved`,
      entity: cfg.entity,
      entityId: input.id,
      summary: { direction: input.direction, position: to + 1 },
    });
  });
}

export async function setRowActive(
  db: DbOrTx,
  cfg: OrderedListConfig,
  actor: Actor,
  id: string,
  isActive: boolean,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await rowOrThrow(tx, cfg.table, id);
    await tx
      .update(cfg.table)
      .set({ isActive } as never)
      .where(eq(cfg.table.id, id));
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: isActive ? `${cfg.entity}.activated` : `${cfg.entity}.deactivated`,
      entity: cfg.entity,
      entityId: id,
      summary: { name: row.name },
    });
  });
}

/** Deletes a row nobody uses; otherwise says why and suggests deactivating it. */
export async function deleteRow(db: DbOrTx, cfg: OrderedListConfig, actor: Actor, id: string): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await rowOrThrow(tx, cfg.table, id);
    const reason = await cfg.usedBy(tx, id);
    if (reason)
      throw new AppError("CONFLICT", `${row.name} can't be deleted: ${reason}. Deactivate it instead.`);
    await tx.delete(cfg.table).where(eq(cfg.table.id, id));
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: `${cfg.entity}.deleted`,
      entity: cfg.entity,
      entityId: id,
      summary: { name: row.name },
    });
  });
}

export const countWhere = async (tx: Tx, table: PgTable, column: PgColumn, id: string): Promise<number> => {
  const [row] = await tx
    .select({ n: sql<number>`count(*)` })
    .from(table)
    .where(eq(column, id));
  return Number(row?.n ?? 0);
};

export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

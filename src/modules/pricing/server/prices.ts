import "server-only";
import type { Actor } from "@/server/audit";
import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { ServiceKind } from "@/lib/enums";
import { formatMoney } from "@/lib/money";
import { getSettingsOrThrow } from "@/modules/settings/server";
import { writeAudit } from "@/server/audit";
import { getDb, type DbOrTx, type Tx } from "@/server/db";
import { prices, serviceCategories, services, vehicleSizes } from "@/server/db/schema";
import { AppError, type FieldErrors, SQLSTATE, sqlState } from "@/server/errors";
import { checkCellInput, currencyFractionDigits } from "../domain/bulk-change";
import { cellFieldKey, type SavePricesInput } from "../schemas";

export type MatrixCell = { priceMinor: number; durationMinutes: number; version: number };
export type MatrixSize = { id: string; name: string };
export type MatrixService = {
  id: string;
  name: string;
  kind: ServiceKind;
  isActive: boolean;
  /** Whether its work may go on after a break of the day (ADR 0054). */
  spansBreaks: boolean;
  categoryId: string;
  categoryName: string;
  /** By vehicle size id; null = not offered for that size. */
  cells: Record<string, MatrixCell | null>;
};
/** Plain data, so a server page can hand it to the client grid as a prop. */
export type PriceMatrix = { sizes: MatrixSize[]; services: MatrixService[] };

export type { Actor };

/**
 * The grid: active sizes in their order × active services — packages, then add-ons, each by category
 * order then service order. With `serviceId`, just that service (active or not: its edit page prices it
 * before it goes live). Prices of inactive sizes are neither shown nor touched.
 */
export async function loadPriceMatrix(db: DbOrTx, opts: { serviceId?: string } = {}): Promise<PriceMatrix> {
  const sizes = await db
    .select({ id: vehicleSizes.id, name: vehicleSizes.name })
    .from(vehicleSizes)
    .where(eq(vehicleSizes.isActive, true))
    .orderBy(asc(vehicleSizes.sortOrder), asc(vehicleSizes.name));
  const rows = await db
    .select({
      id: services.id,
      name: services.name,
      kind: services.kind,
      isActive: services.isActive,
      spansBreaks: services.spansBreaks,
      categoryId: serviceCategories.id,
      categoryName: serviceCategories.name,
    })
    .from(services)
    .innerJoin(serviceCategories, eq(serviceCategories.id, services.categoryId))
    .where(opts.serviceId ? eq(services.id, opts.serviceId) : eq(services.isActive, true))
    // service_kind is declared ('package', 'addon'): enum order puts packages first.
    .orderBy(
      asc(services.kind),
      asc(serviceCategories.sortOrder),
      asc(serviceCategories.name),
      asc(services.sortOrder),
      asc(services.name),
    );
  const cellRows =
    rows.length && sizes.length
      ? await db
          .select()
          .from(prices)
          .where(
            and(
              inArray(
                prices.serviceId,
                rows.map((r) => r.id),
              ),
              inArray(
                prices.vehicleSizeId,
                sizes.map((s) => s.id),
              ),
            ),
          )
      : [];
  const byKey = new Map(cellRows.map((p) => [`${p.serviceId}:${p.vehicleSizeId}`, p]));
  return {
    sizes,
    services: rows.map((r) => ({
      ...r,
      cells: Object.fromEntries(
        sizes.map((s) => {
          const p = byKey.get(`${r.id}:${s.id}`);
          return [
            s.id,
            p ? { priceMinor: p.priceMinor, durationMinutes: p.durationMinutes, version: p.version } : null,
          ];
        }),
      ),
    })),
  };
}

/** For pages (which never touch the database client): the grid, read through the process's handle. */
export async function getPriceMatrix(opts: { serviceId?: string } = {}): Promise<PriceMatrix> {
  return loadPriceMatrix(await getDb(), opts);
}

export type CellRef = { serviceId: string; vehicleSizeId: string };
export type PriceConflict = CellRef & {
  /** What the cell holds now (null = not offered); the client shows it and starts again from `version`. */
  current: MatrixCell | null;
  message: string;
};
export type SavePricesResult =
  | { ok: true; saved: number; cells: (CellRef & { current: MatrixCell | null })[] }
  | { ok: false; conflicts: PriceConflict[]; fieldErrors: FieldErrors };

type Wanted = { priceMinor: number; durationMinutes: number } | null;
type Plan = CellRef & { baseVersion: number | null; wanted: Wanted };

/** Thrown inside the transaction to roll it back; never leaves this module. */
class ConflictSignal extends Error {
  constructor(readonly conflicts: { plan: Plan; current: MatrixCell | null }[]) {
    super("price conflict");
  }
}

const AUDIT_CELL_LIMIT = 50;

/**
 * Saves the grid's changed cells all at once, or none. Every cell is validated first (field messages
 * keyed `cells.<serviceId>.<sizeId>.price|duration`). Then, in one transaction, the cells' rows are
 * locked and each compared with the version the admin started from: if anyone changed, created or
 * removed one meanwhile, nothing is saved and the result names those cells with what they hold now —
 * saving again from that version replaces them knowingly. Last write per cell wins only when visible.
 */
export async function savePrices(
  db: DbOrTx,
  actor: Actor,
  input: SavePricesInput,
): Promise<SavePricesResult> {
  const settings = await getSettingsOrThrow(db);
  const digits = currencyFractionDigits(settings.currency);
  const fieldErrors: FieldErrors = {};
  const plans: Plan[] = [];
  for (const c of input.cells) {
    const check = checkCellInput(c, digits);
    if (check.kind === "invalid") {
      if (check.errors.price)
        fieldErrors[cellFieldKey(c.serviceId, c.vehicleSizeId, "price")] = [check.errors.price];
      if (check.errors.duration)
        fieldErrors[cellFieldKey(c.serviceId, c.vehicleSizeId, "duration")] = [check.errors.duration];
      continue;
    }
    plans.push({
      serviceId: c.serviceId,
      vehicleSizeId: c.vehicleSizeId,
      baseVersion: c.baseVersion,
      wanted:
        check.kind === "remove"
          ? null
          : { priceMinor: check.priceMinor, durationMinutes: check.durationMinutes },
    });
  }
  if (Object.keys(fieldErrors).length > 0)
    throw new AppError("VALIDATION", "Nothing was saved. Please check the highlighted prices.", fieldErrors);

  // One order for every transaction's locks, so two saves wait for each other instead of deadlocking.
  plans.sort((a, b) => cmp(a.serviceId, b.serviceId) || cmp(a.vehicleSizeId, b.vehicleSizeId));

  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction((tx) => saveInTransaction(tx, actor, plans, settings.currency));
    } catch (err) {
      if (err instanceof ConflictSignal) {
        const conflicts = err.conflicts.map(({ plan, current }) => ({
          serviceId: plan.serviceId,
          vehicleSizeId: plan.vehicleSizeId,
          current,
          message: conflictMessage(plan, current, settings.currency),
        }));
        return {
          ok: false,
          conflicts,
          fieldErrors: Object.fromEntries(
            conflicts.map((c) => [cellFieldKey(c.serviceId, c.vehicleSizeId, "price"), [c.message]]),
          ),
        };
      }
      const state = sqlState(err);
      // Deadlock or serialisation failure: nothing was written; the checks simply run again.
      if ((state === "40P01" || state === "40001") && attempt < 3) continue;
      if (state === SQLSTATE.foreignKeyViolation)
        throw new AppError(
          "CONFLICT",
          "A service or vehicle size was removed while you were editing. Reload the page to see the current list.",
        );
      throw err;
    }
  }
}

async function saveInTransaction(
  tx: Tx,
  actor: Actor,
  plans: Plan[],
  currency: string,
): Promise<SavePricesResult> {
  const locked = await tx
    .select()
    .from(prices)
    .where(
      or(
        ...plans.map((p) =>
          and(eq(prices.serviceId, p.serviceId), eq(prices.vehicleSizeId, p.vehicleSizeId)),
        ),
      ),
    )
    .orderBy(asc(prices.serviceId), asc(prices.vehicleSizeId))
    .for("update");
  const before = new Map<string, MatrixCell | null>(
    locked.map((r) => [`${r.serviceId}:${r.vehicleSizeId}`, toCell(r)]),
  );

  const conflicts: { plan: Plan; current: MatrixCell | null }[] = [];
  const inserted = new Set<Plan>();
  for (const plan of plans) {
    let current = before.get(`${plan.serviceId}:${plan.vehicleSizeId}`) ?? null;
    if (plan.baseVersion === null && current === null && plan.wanted) {
      // A new cell. Another admin may be inserting the same one right now: ON CONFLICT waits for them,
      // and if they commit, our insert does nothing and theirs is the value we must not overwrite.
      const [row] = await tx
        .insert(prices)
        .values({ serviceId: plan.serviceId, vehicleSizeId: plan.vehicleSizeId, ...plan.wanted, version: 1 })
        .onConflictDoNothing()
        .returning();
      if (row) {
        inserted.add(plan);
        continue;
      }
      const [theirs] = await tx
        .select()
        .from(prices)
        .where(and(eq(prices.serviceId, plan.serviceId), eq(prices.vehicleSizeId, plan.vehicleSizeId)))
        .for("update");
      current = theirs ? toCell(theirs) : null;
      before.set(`${plan.serviceId}:${plan.vehicleSizeId}`, current);
    }
    const unchangedSinceLoad = (current?.version ?? null) === plan.baseVersion;
    // A cell someone else already set to exactly what we want loses nothing: not a conflict.
    if (!unchangedSinceLoad && !sameValue(current, plan.wanted)) conflicts.push({ plan, current });
  }
  if (conflicts.length > 0) throw new ConflictSignal(conflicts);

  const changes: { plan: Plan; from: MatrixCell | null; to: MatrixCell | null }[] = [];
  for (const plan of plans) {
    const from = before.get(`${plan.serviceId}:${plan.vehicleSizeId}`) ?? null;
    const where = and(eq(prices.serviceId, plan.serviceId), eq(prices.vehicleSizeId, plan.vehicleSizeId));
    if (inserted.has(plan) && plan.wanted) {
      changes.push({ plan, from: null, to: { ...plan.wanted, version: 1 } });
    } else if (sameValue(from, plan.wanted)) {
      continue;
    } else if (plan.wanted && from) {
      const [row] = await tx
        .update(prices)
        .set({ ...plan.wanted, version: sql`${prices.version} + 1` })
        .where(and(where, eq(prices.version, from.version)))
        .returning();
      if (!row) throw new Error("a locked price row changed under its lock");
      changes.push({ plan, from, to: toCell(row) });
    } else if (from) {
      await tx.delete(prices).where(where);
      changes.push({ plan, from, to: null });
    }
  }

  if (changes.length > 0) await auditChanges(tx, actor, changes, currency);
  return {
    ok: true,
    saved: changes.length,
    cells: changes.map((c) => ({
      serviceId: c.plan.serviceId,
      vehicleSizeId: c.plan.vehicleSizeId,
      current: c.to,
    })),
  };
}

async function auditChanges(
  tx: Tx,
  actor: Actor,
  changes: { plan: Plan; from: MatrixCell | null; to: MatrixCell | null }[],
  currency: string,
) {
  const serviceIds = [...new Set(changes.map((c) => c.plan.serviceId))];
  const sizeIds = [...new Set(changes.map((c) => c.plan.vehicleSizeId))];
  const names = new Map<string, string>();
  for (const s of await tx
    .select({ id: services.id, name: services.name })
    .from(services)
    .where(inArray(services.id, serviceIds)))
    names.set(s.id, s.name);
  for (const s of await tx
    .select({ id: vehicleSizes.id, name: vehicleSizes.name })
    .from(vehicleSizes)
    .where(inArray(vehicleSizes.id, sizeIds)))
    names.set(s.id, s.name);
  const value = (c: MatrixCell | null) =>
    c ? { priceMinor: c.priceMinor, durationMinutes: c.durationMinutes } : null;
  await writeAudit(tx, {
    actorId: actor.id,
    ip: actor.ip,
    action: "prices.updated",
    entity: "prices",
    // One service's prices (its edit page) are findable from that service's history.
    entityId: serviceIds.length === 1 ? serviceIds[0] : null,
    summary: {
      currency,
      count: changes.length,
      added: changes.filter((c) => !c.from).length,
      changed: changes.filter((c) => c.from && c.to).length,
      removed: changes.filter((c) => !c.to).length,
      cells: changes.slice(0, AUDIT_CELL_LIMIT).map((c) => ({
        serviceId: c.plan.serviceId,
        service: names.get(c.plan.serviceId) ?? null,
        vehicleSizeId: c.plan.vehicleSizeId,
        size: names.get(c.plan.vehicleSizeId) ?? null,
        from: value(c.from),
        to: value(c.to),
      })),
      ...(changes.length > AUDIT_CELL_LIMIT ? { more: changes.length - AUDIT_CELL_LIMIT } : {}),
    },
  });
}

function conflictMessage(plan: Plan, current: MatrixCell | null, currency: string): string {
  if (!current)
    return "Removed by someone else (not offered now) since you opened this page. Save again to put your value back.";
  const value = `${formatMoney(current.priceMinor, currency)} · ${current.durationMinutes} min`;
  return plan.baseVersion === null
    ? `Added by someone else as ${value} since you opened this page. Save again to replace it.`
    : `Changed by someone else to ${value} since you opened this page. Save again to replace it.`;
}

const toCell = (r: typeof prices.$inferSelect): MatrixCell => ({
  priceMinor: r.priceMinor,
  durationMinutes: r.durationMinutes,
  version: r.version,
});

const sameValue = (a: MatrixCell | null, b: Wanted) =>
  a === null || b === null
    ? a === b
    : a.priceMinor === b.priceMinor && a.durationMinutes === b.durationMinutes;

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

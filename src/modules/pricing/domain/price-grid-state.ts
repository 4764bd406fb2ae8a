import { checkCellInput, formatPriceInput, parsePercentInput, previewBulkChange } from "./bulk-change";

// The admin price grid's state, pure (the components only render it and dispatch). The draft holds only
// the cells the admin touched, each with the version it started from; saving sends the changed ones and
// the server refuses (naming the cells) if anyone else changed them meanwhile. A conflicted cell then
// starts from the newer version, so saving again overwrites knowingly — never silently.
//
// What the server told us a cell holds now (after a save or a conflict) is kept in `known`, tied to the
// matrix it corrects: once the page's data is refreshed, the fresh matrix wins.

export type GridCell = { priceMinor: number; durationMinutes: number; version: number };
export type GridService = {
  id: string;
  categoryId: string;
  cells: Record<string, GridCell | null>;
};
export type GridMatrix = { sizes: { id: string }[]; services: GridService[] };

export type CellField = "price" | "duration";
export type Draft = {
  serviceId: string;
  vehicleSizeId: string;
  price: string;
  duration: string;
  baseVersion: number | null;
};
export type GridMessage = { kind: "success" | "error" | "warning"; text: string };
type CellRef = { serviceId: string; vehicleSizeId: string };

export type PriceGridState = {
  draft: Record<string, Draft>;
  known: { matrix: GridMatrix | null; cells: Record<string, GridCell | null> };
  /** Field errors keyed `cells.<serviceId>.<sizeId>.<field>`, as the server sends them. */
  errors: Record<string, string[]>;
  /** Conflict message by cell key. */
  conflicts: Record<string, string>;
  message: GridMessage | null;
  pending: boolean;
  /** The draft before the last bulk preview, while it can be undone. */
  beforePreview: Record<string, Draft> | null;
  /** Why the last bulk preview could not run (shown under the percentage). */
  bulkError: string | null;
};

/** The grid's surroundings every action needs: the server's matrix and the currency's decimals. */
export type GridContext = { matrix: GridMatrix; digits: number };

export type BulkScope = { kind: "all" } | { kind: "category" | "service"; id: string };

export type PriceGridAction =
  | { type: "edit"; cell: CellRef; field: CellField; value: string }
  | { type: "keepTheirs"; cell: CellRef }
  | { type: "discard" }
  | { type: "saveStarted" }
  | { type: "saved"; sent: Draft[]; saved: number; cells: (CellRef & { current: GridCell | null })[] }
  | {
      type: "conflicted";
      message: string;
      conflicts: (CellRef & { current: GridCell | null; message: string })[];
    }
  | { type: "saveFailed"; message: string; fieldErrors?: Record<string, string[]> }
  | { type: "preview"; scope: BulkScope; percent: string; step: number }
  | { type: "undoPreview" }
  | { type: "bulkEdited" };

export const initialPriceGridState: PriceGridState = {
  draft: {},
  known: { matrix: null, cells: {} },
  errors: {},
  conflicts: {},
  message: null,
  pending: false,
  beforePreview: null,
  bulkError: null,
};

export const cellKey = (serviceId: string, sizeId: string) => `${serviceId}:${sizeId}`;
export const errorKey = (cell: CellRef, field: CellField) =>
  `cells.${cell.serviceId}.${cell.vehicleSizeId}.${field}`;
export const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

function omit<T>(record: Record<string, T>, key: string): Record<string, T> {
  const { [key]: _gone, ...rest } = record;
  return rest;
}

/** The corrections that still apply to this matrix. */
function overrides(state: PriceGridState, ctx: GridContext) {
  return state.known.matrix === ctx.matrix ? state.known.cells : {};
}

/** What the server last said a cell holds. */
export function baseOf(state: PriceGridState, ctx: GridContext, cell: CellRef): GridCell | null {
  const key = cellKey(cell.serviceId, cell.vehicleSizeId);
  const known = overrides(state, ctx);
  if (key in known) return known[key] ?? null;
  return ctx.matrix.services.find((s) => s.id === cell.serviceId)?.cells[cell.vehicleSizeId] ?? null;
}

export function asInput(cell: GridCell | null, digits: number) {
  return cell
    ? { price: formatPriceInput(cell.priceMinor, digits), duration: String(cell.durationMinutes) }
    : { price: "", duration: "" };
}

/** What the cell's inputs show: the draft, or the server's value. */
export function valueOf(state: PriceGridState, ctx: GridContext, cell: CellRef) {
  return (
    state.draft[cellKey(cell.serviceId, cell.vehicleSizeId)] ?? asInput(baseOf(state, ctx, cell), ctx.digits)
  );
}

/** Two inputs meaning the same thing ("45" and "45.00") are not a change. */
function sameInput(
  a: { price: string; duration: string },
  b: { price: string; duration: string },
  digits: number,
) {
  const x = checkCellInput(a, digits);
  const y = checkCellInput(b, digits);
  if (x.kind === "remove" || y.kind === "remove") return x.kind === y.kind;
  if (x.kind === "set" && y.kind === "set")
    return x.priceMinor === y.priceMinor && x.durationMinutes === y.durationMinutes;
  return a.price.trim() === b.price.trim() && a.duration.trim() === b.duration.trim();
}

export function isChanged(state: PriceGridState, ctx: GridContext, draft: Draft | undefined): boolean {
  return !!draft && !sameInput(draft, asInput(baseOf(state, ctx, draft), ctx.digits), ctx.digits);
}

/** The drafts a save sends. */
export function changedDrafts(state: PriceGridState, ctx: GridContext): Draft[] {
  return Object.values(state.draft).filter((d) => isChanged(state, ctx, d));
}

function startDraft(state: PriceGridState, ctx: GridContext, cell: CellRef): Draft {
  const base = baseOf(state, ctx, cell);
  return { ...cell, ...asInput(base, ctx.digits), baseVersion: base?.version ?? null };
}

function inScope(scope: BulkScope, s: GridService) {
  if (scope.kind === "all") return true;
  return scope.kind === "category" ? s.categoryId === scope.id : s.id === scope.id;
}

export function priceGridReducer(
  state: PriceGridState,
  action: PriceGridAction,
  ctx: GridContext,
): PriceGridState {
  switch (action.type) {
    case "edit": {
      const key = cellKey(action.cell.serviceId, action.cell.vehicleSizeId);
      const current = state.draft[key] ?? startDraft(state, ctx, action.cell);
      return {
        ...state,
        draft: { ...state.draft, [key]: { ...current, [action.field]: action.value } },
        errors: omit(state.errors, errorKey(action.cell, action.field)),
        // Typing after a preview makes it part of the draft: undoing would lose the typing.
        beforePreview: null,
      };
    }
    case "keepTheirs": {
      const key = cellKey(action.cell.serviceId, action.cell.vehicleSizeId);
      return { ...state, draft: omit(state.draft, key), conflicts: omit(state.conflicts, key) };
    }
    case "discard":
      return { ...initialPriceGridState, known: state.known };
    case "saveStarted":
      return { ...state, pending: true, message: null };
    case "saved": {
      const now = Object.fromEntries(
        action.cells.map((c) => [cellKey(c.serviceId, c.vehicleSizeId), c.current]),
      );
      const draft = { ...state.draft };
      for (const d of action.sent) {
        const key = cellKey(d.serviceId, d.vehicleSizeId);
        // Typed into while saving: keep the newer text, now building on the version just saved.
        if (draft[key] === d) delete draft[key];
        else if (draft[key] && key in now)
          draft[key] = { ...draft[key], baseVersion: now[key]?.version ?? null };
      }
      return {
        ...state,
        pending: false,
        known: { matrix: ctx.matrix, cells: { ...overrides(state, ctx), ...now } },
        draft,
        errors: {},
        conflicts: {},
        beforePreview: null,
        message: { kind: "success", text: `Saved ${plural(action.saved, "price", "prices")}.` },
      };
    }
    case "conflicted": {
      const now = Object.fromEntries(
        action.conflicts.map((c) => [cellKey(c.serviceId, c.vehicleSizeId), c.current]),
      );
      const draft = { ...state.draft };
      for (const [key, current] of Object.entries(now)) {
        const d = draft[key];
        if (d) draft[key] = { ...d, baseVersion: current?.version ?? null };
      }
      return {
        ...state,
        pending: false,
        known: { matrix: ctx.matrix, cells: { ...overrides(state, ctx), ...now } },
        draft,
        conflicts: Object.fromEntries(
          action.conflicts.map((c) => [cellKey(c.serviceId, c.vehicleSizeId), c.message]),
        ),
        errors: {},
        message: { kind: "warning", text: action.message },
      };
    }
    case "saveFailed":
      return {
        ...state,
        pending: false,
        errors: action.fieldErrors ?? {},
        message: { kind: "error", text: action.message },
      };
    case "preview": {
      const percent = parsePercentInput(action.percent);
      if (!percent.ok) return { ...state, bulkError: percent.message };
      const targets = ctx.matrix.services
        .filter((s) => inScope(action.scope, s))
        .flatMap((s) => ctx.matrix.sizes.map((size) => ({ serviceId: s.id, vehicleSizeId: size.id })));
      const { prices, skipped } = previewBulkChange(
        targets.map((t) => ({
          key: cellKey(t.serviceId, t.vehicleSizeId),
          price: valueOf(state, ctx, t).price,
        })),
        percent.value,
        action.step,
        ctx.digits,
      );
      const draft = { ...state.draft };
      for (const t of targets) {
        const key = cellKey(t.serviceId, t.vehicleSizeId);
        const price = prices.get(key);
        if (price === undefined) continue;
        draft[key] = { ...(draft[key] ?? startDraft(state, ctx, t)), price };
      }
      const count = prices.size;
      return {
        ...state,
        // Previews stack: undo returns to the draft before the last one.
        beforePreview: state.draft,
        draft,
        bulkError: null,
        message: {
          kind: "warning",
          text:
            count === 0
              ? "Preview: no prices would change."
              : `Preview: ${plural(count, "price", "prices")} changed — review the highlighted cells, then Save all.` +
                (skipped
                  ? ` ${plural(skipped, "cell was", "cells were")} skipped: fix ${skipped === 1 ? "its" : "their"} price first.`
                  : ""),
        },
      };
    }
    case "undoPreview":
      if (!state.beforePreview) return state;
      return {
        ...state,
        draft: state.beforePreview,
        beforePreview: null,
        message: { kind: "success", text: "Preview undone." },
      };
    case "bulkEdited":
      return state.bulkError === null ? state : { ...state, bulkError: null };
  }
}

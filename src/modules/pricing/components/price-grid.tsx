"use client";

import { useId, useMemo, useReducer, useRef } from "react";
import { useRouter } from "next/navigation";
import { EmptyState } from "@/components/ui/data/empty-state";
import { Notice } from "@/components/ui/notice";
import { savePricesAction } from "../actions";
import { currencyFractionDigits } from "../domain/bulk-change";
import {
  changedDrafts,
  cellKey,
  errorKey,
  type GridContext,
  initialPriceGridState,
  isChanged,
  plural,
  type PriceGridAction,
  priceGridReducer,
  type PriceGridState,
  valueOf,
} from "../domain/price-grid-state";
import type { MatrixService, PriceMatrix } from "../server/prices";
import { BulkChangePanel } from "./bulk-change-panel";
import { PriceGridTable, ServicePriceTable } from "./price-grid-table";
import { SaveBar } from "./save-bar";
import { useLeaveGuard } from "./use-leave-guard";

// The admin's price × duration grid: the state and its rules live in ../domain/price-grid-state (pure,
// unit tested); this component wires them to the server action and the page.

type Props = {
  /** From `loadPriceMatrix` / `getPriceMatrix`. */
  matrix: PriceMatrix;
  /** The settings currency (ISO 4217), e.g. "GBP". */
  currency: string;
  /** One service's prices on its edit page: sizes as rows, no bulk change, an inline save bar. */
  compact?: boolean;
};

function currencySymbol(currency: string) {
  try {
    return (
      new Intl.NumberFormat("en-GB", { style: "currency", currency })
        .formatToParts(0)
        .find((p) => p.type === "currency")?.value ?? currency
    );
  } catch {
    return currency;
  }
}

type Envelope = { action: PriceGridAction; ctx: GridContext };
const reduce = (state: PriceGridState, { action, ctx }: Envelope) => priceGridReducer(state, action, ctx);

export function PriceGrid({ matrix, currency, compact = false }: Props) {
  const router = useRouter();
  const rootRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const digits = currencyFractionDigits(currency);
  const symbol = currencySymbol(currency);
  const ctx = useMemo<GridContext>(() => ({ matrix, digits }), [matrix, digits]);
  const [state, send] = useReducer(reduce, initialPriceGridState);
  const dispatch = (action: PriceGridAction) => send({ action, ctx });

  const changed = changedDrafts(state, ctx);
  const dirty = changed.length;
  useLeaveGuard(
    dirty === 0
      ? null
      : `You have ${plural(dirty, "unsaved change", "unsaved changes")} to prices. Leave without saving?`,
  );

  const focusFirstProblem = () =>
    requestAnimationFrame(() =>
      rootRef.current?.querySelector<HTMLElement>("[aria-invalid='true'], [data-conflict='true']")?.focus(),
    );

  function discard() {
    if (dirty > 0 && !window.confirm(`Discard ${plural(dirty, "unsaved change", "unsaved changes")}?`))
      return;
    dispatch({ type: "discard" });
  }

  async function save() {
    const sent = changed;
    if (sent.length === 0 || state.pending) return;
    dispatch({ type: "saveStarted" });
    const res = await savePricesAction({
      cells: sent.map(({ serviceId, vehicleSizeId, price, duration, baseVersion }) => ({
        serviceId,
        vehicleSizeId,
        price,
        duration,
        baseVersion,
      })),
    }).catch(() => ({
      ok: false as const,
      code: "NETWORK" as const,
      message:
        "We couldn't reach the server. Check your connection and try again. Your changes are still here.",
      fieldErrors: undefined,
    }));
    if (res.ok) {
      dispatch({ type: "saved", sent, saved: res.data.saved, cells: res.data.cells });
      router.refresh();
    } else if (res.code === "CONFLICT" && "details" in res && res.details?.conflicts) {
      dispatch({ type: "conflicted", message: res.message, conflicts: res.details.conflicts });
      focusFirstProblem();
    } else {
      dispatch({ type: "saveFailed", message: res.message, fieldErrors: res.fieldErrors });
      focusFirstProblem();
    }
  }

  if (matrix.sizes.length === 0 || matrix.services.length === 0) {
    return (
      <EmptyState>
        {matrix.sizes.length === 0
          ? "There are no active vehicle sizes yet, so there is nothing to price."
          : "There are no active services to price yet."}
      </EmptyState>
    );
  }

  const cellProps = (s: MatrixService, sizeId: string, sizeName: string) => {
    const cell = { serviceId: s.id, vehicleSizeId: sizeId };
    const draft = state.draft[cellKey(s.id, sizeId)];
    return {
      serviceName: s.name,
      sizeName,
      value: valueOf(state, ctx, cell),
      changed: isChanged(state, ctx, draft),
      priceError: state.errors[errorKey(cell, "price")]?.[0],
      durationError: state.errors[errorKey(cell, "duration")]?.[0],
      conflict: draft ? state.conflicts[cellKey(s.id, sizeId)] : undefined,
      symbol,
      hintId,
      onEdit: (field: "price" | "duration", value: string) => dispatch({ type: "edit", cell, field, value }),
      onKeepTheirs: () => dispatch({ type: "keepTheirs", cell }),
    };
  };

  const service = matrix.services[0];
  return (
    <div ref={rootRef} aria-busy={state.pending}>
      <p id={hintId} className="sr-only">
        Leave both price and minutes empty if this service is not offered for this size.
      </p>
      {!compact && (
        <BulkChangePanel
          services={matrix.services}
          currency={currency}
          error={state.bulkError}
          canUndo={state.beforePreview !== null}
          onPreview={(scope, percent, step) => dispatch({ type: "preview", scope, percent, step })}
          onUndo={() => dispatch({ type: "undoPreview" })}
          onPercentEdited={() => dispatch({ type: "bulkEdited" })}
        />
      )}
      <div aria-live="polite" className="empty:hidden">
        {state.message && (
          <Notice kind={state.message.kind} className="mb-4">
            {state.message.text}
          </Notice>
        )}
      </div>
      {compact && service ? (
        <ServicePriceTable matrix={matrix} service={service} cellProps={cellProps} />
      ) : (
        <PriceGridTable matrix={matrix} cellProps={cellProps} />
      )}
      <SaveBar dirty={dirty} pending={state.pending} compact={compact} onDiscard={discard} onSave={save} />
    </div>
  );
}

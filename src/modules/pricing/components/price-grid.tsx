"use client";

import { Fragment, useEffect, useId, useMemo, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { Loader2 } from "lucide-react";
import { Notice } from "@/components/ui/notice";
import { formatMoney } from "@/lib/money";
import { savePricesAction } from "../actions";
import {
  checkCellInput,
  currencyFractionDigits,
  formatPriceInput,
  parsePercentInput,
  previewBulkChange,
} from "../domain/bulk-change";
import type { MatrixCell, MatrixService, PriceMatrix } from "../server/prices";

// The admin's price × duration grid. The draft holds only the cells the admin touched, each with the
// version it started from; saving sends the changed ones and the server refuses (naming the cells) if
// anyone else changed them meanwhile. A conflicted cell then starts from the newer version, so saving
// again overwrites knowingly — never silently.

type Props = {
  /** From `loadPriceMatrix` / `getPriceMatrix`. */
  matrix: PriceMatrix;
  /** The settings currency (ISO 4217), e.g. "GBP". */
  currency: string;
  /** One service's prices on its edit page: sizes as rows, no bulk change, an inline save bar. */
  compact?: boolean;
};

type Draft = {
  serviceId: string;
  vehicleSizeId: string;
  price: string;
  duration: string;
  baseVersion: number | null;
};
type Field = "price" | "duration";
type Message = { kind: "success" | "error" | "warning"; text: string };

const STEPS = [1, 10, 50, 100, 500];
const keyOf = (serviceId: string, sizeId: string) => `${serviceId}:${sizeId}`;
const errorKey = (d: { serviceId: string; vehicleSizeId: string }, field: Field) =>
  `cells.${d.serviceId}.${d.vehicleSizeId}.${field}`;
const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

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

export function PriceGrid({ matrix, currency, compact = false }: Props) {
  const router = useRouter();
  const rootRef = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const digits = currencyFractionDigits(currency);
  const symbol = currencySymbol(currency);

  const [draft, setDraft] = useState<Record<string, Draft>>({});
  // What the server told us a cell holds now (after a save or a conflict), until the page's data is
  // refreshed: tied to the matrix it corrects, so fresh server data always wins.
  const [known, setKnown] = useState<{ matrix: PriceMatrix; cells: Record<string, MatrixCell | null> }>({
    matrix,
    cells: {},
  });
  const [errors, setErrors] = useState<Record<string, string[]>>({});
  const [conflicts, setConflicts] = useState<Record<string, string>>({});
  const [message, setMessage] = useState<Message | null>(null);
  const [pending, setPending] = useState(false);
  const [beforePreview, setBeforePreview] = useState<Record<string, Draft> | null>(null);

  const overrides = known.matrix === matrix ? known.cells : {};
  const serviceById = useMemo(() => new Map(matrix.services.map((s) => [s.id, s])), [matrix]);
  const baseOf = (serviceId: string, sizeId: string): MatrixCell | null => {
    const key = keyOf(serviceId, sizeId);
    if (key in overrides) return overrides[key] ?? null;
    return serviceById.get(serviceId)?.cells[sizeId] ?? null;
  };
  const asInput = (c: MatrixCell | null) =>
    c
      ? { price: formatPriceInput(c.priceMinor, digits), duration: String(c.durationMinutes) }
      : { price: "", duration: "" };
  const valueOf = (serviceId: string, sizeId: string) =>
    draft[keyOf(serviceId, sizeId)] ?? asInput(baseOf(serviceId, sizeId));
  const isChanged = (d: Draft | undefined) =>
    !!d && !sameInput(d, asInput(baseOf(d.serviceId, d.vehicleSizeId)), digits);
  const changed = Object.values(draft).filter(isChanged);
  const dirty = changed.length;

  // Unsaved work is not lost by leaving: a reload or closing the tab asks the browser's question, and
  // an in-app link asks ours (the App Router has no navigation event to hook).
  useEffect(() => {
    if (dirty === 0) return;
    const onBeforeUnload = (e: BeforeUnloadEvent) => {
      e.preventDefault();
      e.returnValue = "";
    };
    const onClick = (e: MouseEvent) => {
      const link = e.target instanceof Element ? e.target.closest("a[href]") : null;
      if (!link || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
      if (link.getAttribute("target") === "_blank" || link.getAttribute("href")?.startsWith("#")) return;
      if (
        !window.confirm(
          `You have ${plural(dirty, "unsaved change", "unsaved changes")} to prices. Leave without saving?`,
        )
      ) {
        e.preventDefault();
        e.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", onBeforeUnload);
    document.addEventListener("click", onClick, true);
    return () => {
      window.removeEventListener("beforeunload", onBeforeUnload);
      document.removeEventListener("click", onClick, true);
    };
  }, [dirty]);

  function edit(serviceId: string, sizeId: string, field: Field, value: string) {
    const key = keyOf(serviceId, sizeId);
    setDraft((prev) => {
      const base = baseOf(serviceId, sizeId);
      const current = prev[key] ?? {
        serviceId,
        vehicleSizeId: sizeId,
        ...asInput(base),
        baseVersion: base?.version ?? null,
      };
      return { ...prev, [key]: { ...current, [field]: value } };
    });
    const ek = `cells.${serviceId}.${sizeId}.${field}`;
    if (errors[ek]) setErrors(({ [ek]: _gone, ...rest }) => rest);
    setBeforePreview(null);
  }

  function keepTheirs(serviceId: string, sizeId: string) {
    const key = keyOf(serviceId, sizeId);
    setDraft(({ [key]: _gone, ...rest }) => rest);
    setConflicts(({ [key]: _gone, ...rest }) => rest);
  }

  function discard() {
    if (dirty > 0 && !window.confirm(`Discard ${plural(dirty, "unsaved change", "unsaved changes")}?`))
      return;
    setDraft({});
    setErrors({});
    setConflicts({});
    setBeforePreview(null);
    setMessage(null);
  }

  function focusFirstProblem() {
    requestAnimationFrame(() =>
      rootRef.current?.querySelector<HTMLElement>("[aria-invalid='true'], [data-conflict='true']")?.focus(),
    );
  }

  async function save() {
    const sent = changed;
    if (sent.length === 0 || pending) return;
    setPending(true);
    setMessage(null);
    const res = await savePricesAction({
      cells: sent.map((d) => ({
        serviceId: d.serviceId,
        vehicleSizeId: d.vehicleSizeId,
        price: d.price,
        duration: d.duration,
        baseVersion: d.baseVersion,
      })),
    }).catch(() => ({
      ok: false as const,
      code: "NETWORK" as const,
      message:
        "We couldn't reach the server. Check your connection and try again. Your changes are still here.",
      fieldErrors: undefined,
    }));
    setPending(false);

    if (res.ok) {
      const now = Object.fromEntries(
        res.data.cells.map((c) => [keyOf(c.serviceId, c.vehicleSizeId), c.current]),
      );
      setKnown({ matrix, cells: { ...overrides, ...now } });
      setDraft((prev) => {
        const next = { ...prev };
        for (const d of sent) {
          const key = keyOf(d.serviceId, d.vehicleSizeId);
          // Typed into while saving: keep the newer text, now building on the version just saved.
          if (next[key] === d) delete next[key];
          else if (next[key] && key in now)
            next[key] = { ...next[key], baseVersion: now[key]?.version ?? null };
        }
        return next;
      });
      setErrors({});
      setConflicts({});
      setBeforePreview(null);
      setMessage({ kind: "success", text: `Saved ${plural(res.data.saved, "price", "prices")}.` });
      router.refresh();
      return;
    }

    if ("conflicts" in res) {
      const now = Object.fromEntries(
        res.conflicts.map((c) => [keyOf(c.serviceId, c.vehicleSizeId), c.current]),
      );
      setKnown({ matrix, cells: { ...overrides, ...now } });
      setDraft((prev) => {
        const next = { ...prev };
        for (const [key, current] of Object.entries(now)) {
          const d = next[key];
          if (d) next[key] = { ...d, baseVersion: current?.version ?? null };
        }
        return next;
      });
      setConflicts(
        Object.fromEntries(res.conflicts.map((c) => [keyOf(c.serviceId, c.vehicleSizeId), c.message])),
      );
      setErrors({});
      setMessage({ kind: "warning", text: res.message });
      focusFirstProblem();
      return;
    }

    setErrors(res.fieldErrors ?? {});
    setMessage({ kind: "error", text: res.message });
    focusFirstProblem();
  }

  function preview(scope: string, percentText: string, step: number): string | null {
    const percent = parsePercentInput(percentText);
    if (!percent.ok) return percent.message;
    const [scopeKind, scopeId] = scope.split(":");
    const inScope = (s: MatrixService) =>
      scopeKind === "all" || (scopeKind === "category" ? s.categoryId === scopeId : s.id === scopeId);
    const targets = matrix.services
      .filter(inScope)
      .flatMap((s) => matrix.sizes.map((size) => ({ s, size, key: keyOf(s.id, size.id) })));
    const { prices, skipped } = previewBulkChange(
      targets.map((t) => ({ key: t.key, price: valueOf(t.s.id, t.size.id).price })),
      percent.value,
      step,
      digits,
    );
    const next = { ...draft };
    for (const { s, size, key } of targets) {
      const price = prices.get(key);
      if (price === undefined) continue;
      const base = baseOf(s.id, size.id);
      next[key] = {
        ...(next[key] ?? {
          serviceId: s.id,
          vehicleSizeId: size.id,
          ...asInput(base),
          baseVersion: base?.version ?? null,
        }),
        price,
      };
    }
    const count = prices.size;
    setBeforePreview(draft);
    setDraft(next);
    setMessage({
      kind: "warning",
      text:
        count === 0
          ? "Preview: no prices would change."
          : `Preview: ${plural(count, "price", "prices")} changed — review the highlighted cells, then Save all.` +
            (skipped
              ? ` ${plural(skipped, "cell was", "cells were")} skipped: fix ${skipped === 1 ? "its" : "their"} price first.`
              : ""),
    });
    return null;
  }

  function undoPreview() {
    if (!beforePreview) return;
    setDraft(beforePreview);
    setBeforePreview(null);
    setMessage({ kind: "success", text: "Preview undone." });
  }

  if (matrix.sizes.length === 0 || matrix.services.length === 0) {
    return (
      <p className="rounded-card border border-dashed border-line-strong bg-surface p-6 text-center text-ink-muted">
        {matrix.sizes.length === 0
          ? "There are no active vehicle sizes yet, so there is nothing to price."
          : "There are no active services to price yet."}
      </p>
    );
  }

  const cellProps = (s: MatrixService, sizeId: string, sizeName: string) => {
    const key = keyOf(s.id, sizeId);
    const d = draft[key];
    return {
      serviceName: s.name,
      sizeName,
      value: valueOf(s.id, sizeId),
      changed: isChanged(d),
      priceError: errors[errorKey({ serviceId: s.id, vehicleSizeId: sizeId }, "price")]?.[0],
      durationError: errors[errorKey({ serviceId: s.id, vehicleSizeId: sizeId }, "duration")]?.[0],
      conflict: d ? conflicts[key] : undefined,
      symbol,
      hintId,
      onEdit: (field: Field, v: string) => edit(s.id, sizeId, field, v),
      onKeepTheirs: () => keepTheirs(s.id, sizeId),
    };
  };

  const saveBar = (
    <div
      className={`flex flex-wrap items-center justify-between gap-3 rounded-card border border-line bg-surface px-4 py-3 shadow-card ${
        compact ? "mt-4" : "sticky bottom-2 z-30 mt-4"
      }`}
    >
      <p className="text-sm font-medium" aria-live="polite">
        {dirty === 0 ? "No unsaved changes" : plural(dirty, "unsaved change", "unsaved changes")}
      </p>
      <div className="flex w-full gap-2 sm:w-auto">
        <button
          type="button"
          onClick={discard}
          disabled={dirty === 0 || pending}
          className="inline-flex min-h-11 flex-1 items-center justify-center rounded-control border border-line-strong bg-surface px-4 font-medium hover:bg-canvas disabled:opacity-50 sm:flex-none"
        >
          Discard
        </button>
        <button
          type="button"
          onClick={save}
          disabled={dirty === 0 || pending}
          className="inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-control bg-brand px-5 font-semibold text-white hover:bg-brand-hover disabled:opacity-60 sm:flex-none"
        >
          {pending && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
          {compact ? "Save prices" : "Save all"}
        </button>
      </div>
    </div>
  );

  const hint = (
    <p id={hintId} className="sr-only">
      Leave both price and minutes empty if this service is not offered for this size.
    </p>
  );
  const notice = (
    <div aria-live="polite" className="empty:hidden">
      {message && (
        <Notice kind={message.kind} className="mb-4">
          {message.text}
        </Notice>
      )}
    </div>
  );

  if (compact) {
    const s = matrix.services[0];
    if (!s) return null;
    return (
      <div ref={rootRef} aria-busy={pending}>
        {hint}
        {notice}
        <div className="overflow-x-auto rounded-card border border-line bg-surface">
          <table className="w-full border-separate border-spacing-0 text-sm">
            <caption className="sr-only">Price and duration of {s.name} for each vehicle size</caption>
            <thead>
              <tr className="text-left">
                <th scope="col" className="border-b border-line px-3 py-2 font-semibold">
                  Vehicle size
                </th>
                <th scope="col" className="border-b border-line px-3 py-2 font-semibold">
                  Price and minutes
                </th>
              </tr>
            </thead>
            <tbody>
              {matrix.sizes.map((size) => (
                <tr key={size.id}>
                  <th scope="row" className="border-b border-line px-3 py-2 text-left align-top font-medium">
                    <span className="inline-flex min-h-11 items-center">{size.name}</span>
                  </th>
                  <PriceCellInputs {...cellProps(s, size.id, size.name)} inline />
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        {saveBar}
      </div>
    );
  }

  const sections = (["package", "addon"] as const)
    .map((kind) => {
      const rows = matrix.services.filter((s) => s.kind === kind);
      const groups: { id: string; name: string; services: MatrixService[] }[] = [];
      for (const s of rows) {
        const last = groups.at(-1);
        if (last?.id === s.categoryId) last.services.push(s);
        else groups.push({ id: s.categoryId, name: s.categoryName, services: [s] });
      }
      return { kind, title: kind === "package" ? "Packages" : "Add-ons", groups };
    })
    .filter((sec) => sec.groups.length > 0);

  const colSpan = matrix.sizes.length + 1;
  return (
    <div ref={rootRef} aria-busy={pending}>
      {hint}
      <BulkChange
        services={matrix.services}
        currency={currency}
        onPreview={preview}
        canUndo={beforePreview !== null}
        onUndo={undoPreview}
      />
      {notice}
      <div className="max-h-[75vh] overflow-auto rounded-card border border-line bg-surface">
        <table className="min-w-full border-separate border-spacing-0 text-sm">
          <caption className="sr-only">
            Price and minutes of every active service for every vehicle size
          </caption>
          <thead>
            <tr>
              <th
                scope="col"
                className="sticky left-0 top-0 z-20 border-b border-r border-line bg-surface px-3 py-2 text-left font-semibold"
              >
                Service
              </th>
              {matrix.sizes.map((size) => (
                <th
                  key={size.id}
                  scope="col"
                  className="sticky top-0 z-10 border-b border-line bg-surface px-3 py-2 text-left font-semibold whitespace-nowrap"
                >
                  {size.name}
                </th>
              ))}
            </tr>
          </thead>
          {sections.map((sec) => (
            <tbody key={sec.kind}>
              <tr>
                <th
                  scope="colgroup"
                  colSpan={colSpan}
                  className="border-b border-line bg-canvas px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-ink-muted"
                >
                  <span className="sticky left-3">{sec.title}</span>
                </th>
              </tr>
              {sec.groups.map((g) => (
                <Fragment key={g.id}>
                  <tr>
                    <th
                      scope="colgroup"
                      colSpan={colSpan}
                      className="border-b border-line px-3 pt-3 pb-1 text-left font-semibold"
                    >
                      <span className="sticky left-3">{g.name}</span>
                    </th>
                  </tr>
                  {g.services.map((s) => (
                    <tr key={s.id}>
                      <th
                        scope="row"
                        className="sticky left-0 z-10 w-40 min-w-32 border-b border-r border-line bg-surface px-3 py-2 text-left align-top font-medium"
                      >
                        {s.name}
                        {!s.isActive && (
                          <span className="block text-xs font-normal text-ink-muted">Inactive</span>
                        )}
                      </th>
                      {matrix.sizes.map((size) => (
                        <PriceCellInputs key={size.id} {...cellProps(s, size.id, size.name)} />
                      ))}
                    </tr>
                  ))}
                </Fragment>
              ))}
            </tbody>
          ))}
        </table>
      </div>
      {saveBar}
    </div>
  );
}

function PriceCellInputs(props: {
  serviceName: string;
  sizeName: string;
  value: { price: string; duration: string };
  changed: boolean;
  priceError?: string;
  durationError?: string;
  conflict?: string;
  symbol: string;
  hintId: string;
  inline?: boolean;
  onEdit: (field: Field, value: string) => void;
  onKeepTheirs: () => void;
}) {
  const id = useId();
  const label = `${props.serviceName}, ${props.sizeName}`;
  const describe = (error: string | undefined, which: Field) =>
    [
      error ? `${id}-${which}-error` : null,
      props.conflict ? `${id}-conflict` : null,
      props.changed ? `${id}-changed` : null,
      props.hintId,
    ]
      .filter(Boolean)
      .join(" ");
  const input =
    "block min-h-11 w-full rounded-control border bg-surface text-base tabular shadow-none focus:border-brand sm:text-sm";
  return (
    <td
      className={`border-b border-line px-2 py-2 align-top ${
        props.conflict ? "bg-warning-soft" : props.changed ? "bg-brand-soft" : ""
      } ${props.changed ? "border-l-4 border-l-brand" : ""}`}
    >
      <div className={props.inline ? "flex flex-wrap gap-2" : "flex w-28 flex-col gap-1.5"}>
        <div className={`relative ${props.inline ? "w-32" : ""}`}>
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 left-2.5 -translate-y-1/2 text-ink-muted"
          >
            {props.symbol}
          </span>
          <input
            type="text"
            inputMode="decimal"
            autoComplete="off"
            aria-label={`${label} — price`}
            aria-invalid={props.priceError ? true : undefined}
            aria-describedby={describe(props.priceError, "price")}
            data-conflict={props.conflict ? true : undefined}
            value={props.value.price}
            placeholder="–"
            onChange={(e) => props.onEdit("price", e.target.value)}
            className={`${input} pr-2 ${props.symbol.length > 1 ? "pl-11" : "pl-6"} ${
              props.priceError ? "border-danger" : "border-line-strong"
            }`}
          />
        </div>
        <div className={`relative ${props.inline ? "w-28" : ""}`}>
          <input
            type="text"
            inputMode="numeric"
            autoComplete="off"
            aria-label={`${label} — minutes`}
            aria-invalid={props.durationError ? true : undefined}
            aria-describedby={describe(props.durationError, "duration")}
            value={props.value.duration}
            placeholder="–"
            onChange={(e) => props.onEdit("duration", e.target.value)}
            className={`${input} pr-10 pl-2.5 ${props.durationError ? "border-danger" : "border-line-strong"}`}
          />
          <span
            aria-hidden="true"
            className="pointer-events-none absolute top-1/2 right-2.5 -translate-y-1/2 text-ink-muted"
          >
            min
          </span>
        </div>
      </div>
      {props.changed && (
        <span id={`${id}-changed`} className="sr-only">
          Unsaved change.
        </span>
      )}
      {props.priceError && (
        <p id={`${id}-price-error`} className="mt-1 max-w-56 text-xs text-danger">
          {props.priceError}
        </p>
      )}
      {props.durationError && (
        <p id={`${id}-duration-error`} className="mt-1 max-w-56 text-xs text-danger">
          {props.durationError}
        </p>
      )}
      {props.conflict && (
        <div className="mt-1 max-w-56 text-xs text-warning">
          <p id={`${id}-conflict`}>{props.conflict}</p>
          <button
            type="button"
            onClick={props.onKeepTheirs}
            className="mt-1 inline-flex min-h-11 items-center font-medium underline underline-offset-2"
          >
            Keep their value<span className="sr-only"> for {label}</span>
          </button>
        </div>
      )}
    </td>
  );
}

function BulkChange(props: {
  services: MatrixService[];
  currency: string;
  onPreview: (scope: string, percent: string, step: number) => string | null;
  canUndo: boolean;
  onUndo: () => void;
}) {
  const id = useId();
  const [scope, setScope] = useState("all");
  const [percent, setPercent] = useState("");
  const [step, setStep] = useState(50);
  const [error, setError] = useState<string | null>(null);
  const categories = [...new Map(props.services.map((s) => [s.categoryId, s.categoryName])).entries()];
  const control =
    "mt-1 block min-h-11 w-full rounded-control border border-line-strong bg-surface px-3 text-base shadow-none focus:border-brand";

  return (
    <section
      aria-labelledby={`${id}-title`}
      className="mb-6 rounded-card border border-line bg-surface p-4 shadow-card"
    >
      <h2 id={`${id}-title`} className="text-base font-semibold">
        Change prices by a percentage
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Preview fills in the grid below; nothing is saved until you choose Save all. Minutes and sizes that
        are not offered are left alone.
      </p>
      <div className="mt-3 grid gap-x-4 gap-y-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
        <div>
          <label htmlFor={`${id}-scope`} className="block text-sm font-medium">
            Apply to
          </label>
          <select
            id={`${id}-scope`}
            value={scope}
            onChange={(e) => setScope(e.target.value)}
            className={control}
          >
            <option value="all">All services</option>
            <optgroup label="A category">
              {categories.map(([cid, name]) => (
                <option key={cid} value={`category:${cid}`}>
                  {name}
                </option>
              ))}
            </optgroup>
            <optgroup label="One service">
              {props.services.map((s) => (
                <option key={s.id} value={`service:${s.id}`}>
                  {s.name}
                </option>
              ))}
            </optgroup>
          </select>
        </div>
        <div>
          <label htmlFor={`${id}-percent`} className="block text-sm font-medium">
            Change (%)
          </label>
          <input
            id={`${id}-percent`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="e.g. 7.5 or -10"
            value={percent}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : `${id}-help`}
            onChange={(e) => {
              setPercent(e.target.value);
              setError(null);
            }}
            className={`${control} tabular ${error ? "border-danger" : ""}`}
          />
        </div>
        <div>
          <label htmlFor={`${id}-step`} className="block text-sm font-medium">
            Round to
          </label>
          <select
            id={`${id}-step`}
            value={step}
            onChange={(e) => setStep(Number(e.target.value))}
            className={control}
          >
            {STEPS.map((s) => (
              <option key={s} value={s}>
                {`Nearest ${formatMoney(s, props.currency)}`}
              </option>
            ))}
          </select>
        </div>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => setError(props.onPreview(scope, percent, step))}
            className="inline-flex min-h-11 flex-1 items-center justify-center rounded-control border border-brand bg-surface px-4 font-semibold text-brand hover:bg-brand-soft sm:flex-none"
          >
            Preview
          </button>
          {props.canUndo && (
            <button
              type="button"
              onClick={props.onUndo}
              className="inline-flex min-h-11 flex-1 items-center justify-center rounded-control border border-line-strong bg-surface px-4 font-medium hover:bg-canvas sm:flex-none"
            >
              Undo preview
            </button>
          )}
        </div>
      </div>
      {error ? (
        <p id={`${id}-error`} className="mt-2 text-sm text-danger">
          {error}
        </p>
      ) : (
        <p id={`${id}-help`} className="mt-2 text-sm text-ink-muted">
          Negative to lower prices. Rounding is to the nearest step, halves up.
        </p>
      )}
    </section>
  );
}

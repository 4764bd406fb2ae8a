"use client";

import { useId, useState } from "react";
import { Button } from "@/components/ui/button";
import { Section } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { controlClass } from "@/components/ui/form/control";
import { Label } from "@/components/ui/form/label";
import { formatMoney } from "@/lib/money";
import type { BulkScope } from "../domain/price-grid-state";

const STEPS = [1, 10, 50, 100, 500];

/** Choose a scope, a percentage and a rounding step; Preview fills the grid, Undo takes it back. */
export function BulkChangePanel(props: {
  services: { id: string; name: string; categoryId: string; categoryName: string }[];
  currency: string;
  error: string | null;
  canUndo: boolean;
  onPreview: (scope: BulkScope, percent: string, step: number) => void;
  onUndo: () => void;
  onPercentEdited: () => void;
}) {
  const id = useId();
  const [scope, setScope] = useState("all");
  const [percent, setPercent] = useState("");
  const [step, setStep] = useState(50);
  const categories = [...new Map(props.services.map((s) => [s.categoryId, s.categoryName])).entries()];
  const control = cn(controlClass(), "min-h-11");
  const toScope = (value: string): BulkScope => {
    const [kind, scopeId] = value.split(":");
    return (kind === "category" || kind === "service") && scopeId ? { kind, id: scopeId } : { kind: "all" };
  };

  return (
    <Section
      title="Change prices by a percentage"
      dense
      description="Preview fills in the grid below; nothing is saved until you choose Save all. Minutes and sizes that are not offered are left alone."
      className="mb-6"
    >
      <div className="mt-3 grid gap-x-4 gap-y-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_minmax(0,1fr)_auto] sm:items-end">
        <div>
          <Label htmlFor={`${id}-scope`}>Apply to</Label>
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
          <Label htmlFor={`${id}-percent`}>Change (%)</Label>
          <input
            id={`${id}-percent`}
            type="text"
            inputMode="decimal"
            autoComplete="off"
            placeholder="e.g. 7.5 or -10"
            value={percent}
            aria-invalid={props.error ? true : undefined}
            aria-describedby={props.error ? `${id}-error` : `${id}-help`}
            onChange={(e) => {
              setPercent(e.target.value);
              props.onPercentEdited();
            }}
            className={cn(controlClass(!!props.error), "min-h-11 tabular")}
          />
        </div>
        <div>
          <Label htmlFor={`${id}-step`}>Round to</Label>
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
          <Button
            onClick={() => props.onPreview(toScope(scope), percent, step)}
            className="flex-1 border-brand font-semibold text-brand hover:bg-brand-soft sm:flex-none"
          >
            Preview
          </Button>
          {props.canUndo && (
            <Button onClick={props.onUndo} className="flex-1 sm:flex-none">
              Undo preview
            </Button>
          )}
        </div>
      </div>
      {props.error ? (
        <p id={`${id}-error`} className="mt-2 text-sm text-danger">
          {props.error}
        </p>
      ) : (
        <p id={`${id}-help`} className="mt-2 text-sm text-ink-muted">
          Negative to lower prices. Rounding is to the nearest step, halves up.
        </p>
      )}
    </Section>
  );
}

import NextForm from "next/form";
import { formatDuration } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { BOOK_PATH, type WizardState, type WizardStep, wizardQuery } from "../domain/wizard-state";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Legend } from "@/components/ui/form/label";
import { WizardAddonsLive, WizardAddVehicleButton } from "./wizard-addons-live";

export type AddonChoice = {
  slug: string;
  name: string;
  description: string;
  priceMinor: number;
  minutes: number;
};

/**
 * Step 3: the add-ons this package may take that are priced for this vehicle. A GET form: the
 * ticked boxes become `addons` in the address bar (and an empty one means "none, thanks").
 */
export function WizardAddonsStep({
  options,
  state,
  currency,
  next,
  canAddVehicle,
}: {
  options: AddonChoice[];
  state: WizardState;
  currency: string;
  /** The step Continue opens (the further vehicles' when the visit has some, else the address). */
  next: WizardStep;
  /** The business takes several vehicles a visit and this one has only the first so far. */
  canAddVehicle: boolean;
}) {
  const chosen = new Set(state.addons ?? []);
  // Every other choice travels with the form as it is in the address bar.
  const carried = new URLSearchParams(wizardQuery({ ...state, addons: null, step: next, notice: null }));
  return (
    <NextForm action={BOOK_PATH} aria-label="Add-ons">
      {[...carried].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <input type="hidden" name="addons" value="" />
      <WizardAddonsLive path={BOOK_PATH} />
      {options.length === 0 ? (
        <Card className="text-ink-muted">
          <p>There are no extras for this service and vehicle.</p>
        </Card>
      ) : (
        <fieldset>
          <Legend>Extras (optional)</Legend>
          <ul className="mt-2 grid gap-2">
            {options.map((o) => (
              <li key={o.slug}>
                <label className="flex min-h-11 cursor-pointer items-start gap-3 rounded-control border border-line-strong bg-surface p-3 has-[:checked]:border-brand has-[:checked]:bg-brand-soft">
                  <input
                    type="checkbox"
                    name="addons"
                    value={o.slug}
                    defaultChecked={chosen.has(o.slug)}
                    className="mt-0.5 size-5 shrink-0 accent-brand"
                  />
                  <span className="flex-1 text-sm">
                    <span className="flex flex-wrap justify-between gap-x-3">
                      <span className="font-semibold">{o.name}</span>
                      <span className="tabular">
                        +{formatMoney(o.priceMinor, currency)}
                        {o.minutes > 0 && (
                          <span className="text-ink-muted"> · {formatDuration(o.minutes)}</span>
                        )}
                      </span>
                    </span>
                    {o.description && <span className="block text-ink-muted">{o.description}</span>}
                  </span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
        <Button type="submit" variant="primary" className="w-full px-5 sm:w-auto">
          Continue
        </Button>
        {canAddVehicle && <WizardAddVehicleButton />}
      </div>
    </NextForm>
  );
}

import Link from "@/components/ui/link";
import type { ReactNode } from "react";
import { formatMoney } from "@/lib/money";
import { type WizardState, type WizardStep, wizardHref } from "../domain/wizard-state";
import type { SavedAddressOption, SavedVehicleOption } from "../server/wizard-options";

// A signed-in customer's saved vehicles and addresses: each one is a link that chooses it (so back and
// refresh keep the choice), and one that can't be used here says why instead.

function Choice({
  href,
  chosen,
  disabledReason,
  title,
  children,
}: {
  href: string;
  chosen: boolean;
  disabledReason: string | null;
  title: string;
  children: ReactNode;
}) {
  const body = (
    <>
      <span className="font-semibold text-ink">{title}</span>
      <span className="block text-sm text-ink-muted">{children}</span>
      {disabledReason && <span className="mt-1 block text-sm text-warning">{disabledReason}</span>}
    </>
  );
  return (
    <li>
      {disabledReason ? (
        <div className="rounded-control border border-line bg-canvas p-3">{body}</div>
      ) : (
        <Link
          href={href}
          aria-current={chosen ? "true" : undefined}
          className={`block min-h-11 rounded-control border p-3 hover:border-brand hover:bg-brand-soft ${
            chosen ? "border-brand bg-brand-soft" : "border-line-strong bg-surface"
          }`}
        >
          {body}
          <span className="mt-1 block text-sm font-medium text-brand-ink">
            {chosen ? "Chosen — continue" : "Use this one"}
          </span>
        </Link>
      )}
    </li>
  );
}

export function SavedVehicles({
  options,
  state,
  serviceName,
}: {
  options: SavedVehicleOption[];
  state: WizardState;
  serviceName: string;
}) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2" aria-label="Your vehicles">
      {options.map(({ vehicle: v, sizeName, offered }) => (
        <Choice
          key={v.id}
          href={wizardHref(state, { vehicle: v.id, size: null, step: "addons" })}
          chosen={state.vehicle === v.id}
          disabledReason={offered ? null : `${serviceName} isn't offered for this vehicle's size.`}
          title={`${v.make} ${v.model}`}
        >
          {v.registration}
          {v.colour ? ` · ${v.colour}` : ""} · {sizeName}
        </Choice>
      ))}
    </ul>
  );
}

export function SavedAddresses({
  options,
  state,
  currency,
  next,
}: {
  options: SavedAddressOption[];
  state: WizardState;
  currency: string;
  next: WizardStep;
}) {
  return (
    <ul className="grid gap-2 sm:grid-cols-2" aria-label="Your addresses">
      {options.map(({ address: a, zone }) => (
        <Choice
          key={a.id}
          href={wizardHref(state, { address: a.id, postcode: null, step: next })}
          chosen={state.address === a.id}
          disabledReason={zone ? null : `We don't cover ${a.postcode} yet.`}
          title={a.label}
        >
          {[a.line1, a.town, a.postcode].filter(Boolean).join(", ")}
          {zone && zone.travelFeeMinor > 0
            ? ` · travel fee ${formatMoney(zone.travelFeeMinor, currency)}`
            : ""}
        </Choice>
      ))}
    </ul>
  );
}

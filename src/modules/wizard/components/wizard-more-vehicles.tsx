"use client";

import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { TextLink } from "@/components/ui/link";
import { Button, ButtonLink } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { Field, Form, type FormResult } from "@/components/ui/form/form";
import { FieldMessage, useFieldWiring } from "@/components/ui/form/form-fields";
import { Legend } from "@/components/ui/form/label";
import { controlClass } from "@/components/ui/form/control";
import { type MoreVehicle, moreVehiclesText, type WizardState, wizardHref } from "../domain/wizard-state";
import { postJson, readRun, type StepChoices, useRunDetails, WizardSubmit, writeRun } from "./wizard-run";

// The visit's further vehicles (ADR 0050): the list so far, each with a way to take it off, and a form that
// adds one — a saved vehicle or a new one (its size and details), doing the same as the first vehicle or a
// package and add-ons of its own. The server checks each one as it is added; what was typed is kept in this
// tab (by position), like the first vehicle's details, and the URL holds the choices.

export type MoreVehicleRow = {
  index: number;
  /** A saved vehicle's "Ford Transit — FL22VAN"; null for a new one (its details are in the tab). */
  savedLabel: string | null;
  sizeName: string | null;
  job: string;
  problem: string | null;
};

export type AddVehicleOptions = {
  /** Each size with its price and time for each package it is offered for ("£45.00 · 1 h"), by slug. */
  sizes: { id: string; name: string; prices: Record<string, string> }[];
  /** The first vehicle's package: what a further vehicle does unless another is chosen. */
  firstPackage: string | null;
  /** The business's several-vehicles offer (bundleOfferText), when it has one. */
  offer: string | null;
  packages: { slug: string; name: string; addons: { slug: string; name: string }[] }[];
  saved: { id: string; label: string }[];
};

function Choice({
  name,
  value,
  checked,
  onChange,
  children,
}: {
  name: string;
  value: string;
  checked: boolean;
  onChange: (value: string) => void;
  children: React.ReactNode;
}) {
  return (
    <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-control border border-line-strong bg-surface p-3 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand-soft">
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={() => onChange(value)}
        className="size-5 shrink-0 accent-brand"
      />
      <span>{children}</span>
    </label>
  );
}

function ServiceSelect({
  packages,
  firstJob,
  value,
  onChange,
}: {
  packages: AddVehicleOptions["packages"];
  firstJob: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const help = `The first vehicle has: ${firstJob}.`;
  const { id, errors, describedBy } = useFieldWiring("addService", help);
  return (
    <div className="mb-4">
      <label htmlFor={id} className="block text-sm font-medium">
        What should we do to it?
      </label>
      <select
        id={id}
        name="addService"
        value={value}
        onChange={(e) => onChange(e.currentTarget.value)}
        aria-invalid={errors ? true : undefined}
        aria-describedby={describedBy}
        className={`${controlClass(!!errors)} min-h-11`}
      >
        <option value="">The same as the first vehicle</option>
        {packages.map((p) => (
          <option key={p.slug} value={p.slug}>
            {p.name}
          </option>
        ))}
      </select>
      <p id={`${id}-help`} className="mt-1 text-sm text-ink-muted">
        {help}
      </p>
      <FieldMessage id={id} errors={errors} />
    </div>
  );
}

function AddVehicleForm({
  choices,
  more,
  options,
  firstJob,
}: {
  choices: StepChoices;
  more: readonly MoreVehicle[];
  options: AddVehicleOptions;
  firstJob: string;
}) {
  const router = useRouter();
  const ref = useRef<HTMLDivElement>(null);
  const [which, setWhich] = useState(options.saved.length > 0 ? (options.saved[0]?.id ?? "new") : "new");
  const [service, setService] = useState("");
  const [pending, setPending] = useState(false);
  const addons = options.packages.find((p) => p.slug === service)?.addons ?? [];
  const action = async (values: Record<string, unknown>): Promise<FormResult> => {
    setPending(true);
    const kept = readRun(choices.run);
    const result = await postJson("/api/book/step", {
      ...choices,
      ...values,
      addVehicle: which === "new" ? undefined : which,
      step: "vehicles",
      more: moreVehiclesText(more),
      otherRegistrations: [
        kept?.vehicle?.registration,
        ...(kept?.more ?? []).map((d) => d?.registration),
      ].filter((r): r is string => Boolean(r)),
    });
    if (!result.ok) {
      setPending(false);
      return result;
    }
    const data = result.data as { redirectTo: string; values: RunDetailsVehicle | null };
    const list = [...(kept?.more ?? [])].slice(0, more.length);
    while (list.length < more.length) list.push(null);
    writeRun(choices.run, { more: [...list, data.values] });
    ref.current?.querySelector("form")?.reset();
    setService("");
    setPending(false);
    router.push(data.redirectTo, { scroll: false });
    return result;
  };
  return (
    <div ref={ref}>
      <Form action={action} aria-label="Add a vehicle">
        {options.saved.length > 0 && (
          <fieldset className="mb-4">
            <Legend>Which vehicle?</Legend>
            <div className="mt-2 grid gap-2 sm:grid-cols-2">
              {options.saved.map((v) => (
                <Choice
                  key={v.id}
                  name="addVehicleChoice"
                  value={v.id}
                  checked={which === v.id}
                  onChange={setWhich}
                >
                  {v.label}
                </Choice>
              ))}
              <Choice name="addVehicleChoice" value="new" checked={which === "new"} onChange={setWhich}>
                A vehicle not listed here
              </Choice>
            </div>
            <SavedVehicleMessage />
          </fieldset>
        )}
        {which === "new" && <NewVehicleFields sizes={options.sizes} pkg={service || options.firstPackage} />}
        <ServiceSelect
          packages={options.packages}
          firstJob={firstJob}
          value={service}
          onChange={setService}
        />
        {addons.length > 0 && (
          <fieldset className="mb-4">
            <Legend>Extras for this vehicle (optional)</Legend>
            <div className="mt-2 flex flex-wrap gap-x-5 gap-y-1">
              {addons.map((a) => (
                <label key={a.slug} className="flex min-h-11 items-center gap-2 text-sm">
                  <input
                    type="checkbox"
                    name="addAddons"
                    value={a.slug}
                    data-group=""
                    className="size-5 accent-brand"
                  />
                  {a.name}
                </label>
              ))}
            </div>
            <AddonsMessage />
          </fieldset>
        )}
        <WizardSubmit pending={pending} variant="secondary">
          Add this vehicle
        </WizardSubmit>
      </Form>
    </div>
  );
}

type RunDetailsVehicle = NonNullable<NonNullable<ReturnType<typeof readRun>>["vehicle"]>;

function SavedVehicleMessage() {
  const { id, errors } = useFieldWiring("addVehicle");
  return <FieldMessage id={id} errors={errors} />;
}

function AddonsMessage() {
  const { id, errors } = useFieldWiring("addAddons");
  return <FieldMessage id={id} errors={errors} />;
}

/** The size choice, each size with its price for the package the vehicle will have (`pkg`). */
function NewVehicleFields({ sizes, pkg }: { sizes: AddVehicleOptions["sizes"]; pkg: string | null }) {
  const { id, errors } = useFieldWiring("addSize");
  return (
    <>
      <fieldset className="mb-4" aria-describedby={errors ? `${id}-error` : undefined}>
        <Legend>Size</Legend>
        {pkg && (
          <p className="mt-1 text-sm text-ink-muted">Prices for the package alone, before any extras.</p>
        )}
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {sizes.map((s) => (
            <label
              key={s.id}
              className="flex min-h-11 cursor-pointer items-center gap-3 rounded-control border border-line-strong bg-surface p-3 text-sm has-[:checked]:border-brand has-[:checked]:bg-brand-soft"
            >
              {/* Named by the size alone; its price for the package describes it. */}
              <input
                type="radio"
                name="addSize"
                value={s.id}
                aria-label={s.name}
                aria-describedby={pkg ? `${id}-price-${s.id}` : undefined}
                className="size-5 shrink-0 accent-brand"
              />
              <span className="font-semibold">{s.name}</span>
              {pkg && (
                <span id={`${id}-price-${s.id}`} className="ml-auto text-ink-muted tabular">
                  {s.prices[pkg] ?? "Not offered"}
                </span>
              )}
            </label>
          ))}
        </div>
        <FieldMessage id={id} errors={errors} />
      </fieldset>
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field name="make" label="Make" />
        <Field name="model" label="Model" />
        <Field name="registration" label="Registration" autoComplete="off" />
        <Field name="colour" label="Colour" required={false} />
      </div>
    </>
  );
}

/** The further vehicles' step: what is in the visit, a form to add one (within the limit), and on. */
export function WizardMoreVehicles({
  choices,
  state,
  firstSavedLabel,
  firstSizeName,
  firstJob,
  rows,
  options,
  maxVehicles,
  nextHref,
}: {
  choices: StepChoices;
  state: WizardState;
  /** The first vehicle when it is a saved one; a new one's details are in the tab. */
  firstSavedLabel: string | null;
  firstSizeName: string | null;
  firstJob: string;
  rows: MoreVehicleRow[];
  options: AddVehicleOptions;
  maxVehicles: number;
  nextHref: string;
}) {
  const router = useRouter();
  const details = useRunDetails(choices.run);
  const canAdd = rows.length + 1 < maxVehicles;
  const remove = (index: number) => {
    const kept = readRun(choices.run)?.more ?? [];
    writeRun(choices.run, { more: kept.filter((_, i) => i !== index) });
    const more = state.more.filter((_, i) => i !== index);
    router.push(wizardHref(state, { more, step: "vehicles" }), { scroll: false });
  };
  const first = details?.vehicle;
  const firstLabel =
    firstSavedLabel ??
    (first ? `${first.make} ${first.model} — ${first.registration}` : "Your vehicle") +
      (firstSizeName ? ` (${firstSizeName})` : "");
  const titleOf = (row: MoreVehicleRow) => {
    if (row.savedLabel) return row.savedLabel;
    const d = details?.more?.[row.index];
    return d ? `${d.make} ${d.model} — ${d.registration}` : `Vehicle ${row.index + 2}`;
  };
  return (
    <div>
      <section aria-labelledby="visit-vehicles">
        <h2 id="visit-vehicles" className="text-lg font-semibold">
          In this visit
        </h2>
        <ol className={cn(cardClass, "mt-2 divide-y divide-line px-4 py-0 shadow-none")}>
          <li className="flex items-start justify-between gap-4 py-3 text-sm">
            <div>
              <p className="font-medium">1. {firstLabel}</p>
              <p className="text-ink-muted">{firstJob}</p>
            </div>
            <TextLink href={wizardHref(state, { step: "vehicle" })} touch="always" className="shrink-0">
              Change<span className="sr-only"> the first vehicle</span>
            </TextLink>
          </li>
          {rows.map((row) => (
            <li key={row.index} className="flex items-start justify-between gap-4 py-3 text-sm">
              <div>
                <p className="font-medium">
                  {row.index + 2}. {titleOf(row)}
                  {row.sizeName ? ` (${row.sizeName})` : ""}
                </p>
                <p className="text-ink-muted">{row.job}</p>
                {row.problem && <p className="mt-1 text-danger">{row.problem}</p>}
              </div>
              <Button variant="ghost" size="sm" onClick={() => remove(row.index)} className="shrink-0">
                Remove<span className="sr-only"> vehicle {row.index + 2}</span>
              </Button>
            </li>
          ))}
        </ol>
      </section>
      {canAdd ? (
        <section aria-labelledby="add-vehicle" className="mt-8">
          <h2 id="add-vehicle" className="text-lg font-semibold">
            Add a vehicle
          </h2>
          <p className="mb-4 mt-1 text-sm text-ink-muted">
            Up to {maxVehicles} vehicles in one visit, at the same address and time.
          </p>
          {options.offer && (
            <p className="-mt-2 mb-4 text-sm font-medium text-success" data-testid="bundle-offer">
              {options.offer}
            </p>
          )}
          {/* A fresh form for each vehicle: the saved ones already added are no longer offered. */}
          <AddVehicleForm
            key={state.more.length}
            choices={choices}
            more={state.more}
            options={options}
            firstJob={firstJob}
          />
        </section>
      ) : (
        <p className="mt-6 text-sm text-ink-muted">
          That&apos;s the most vehicles one visit takes ({maxVehicles}). Book any others as another visit.
        </p>
      )}
      <ButtonLink variant="primary" href={nextHref} className="mt-8 w-full px-5 sm:w-auto">
        Continue with {rows.length + 1} {rows.length === 0 ? "vehicle" : "vehicles"}
      </ButtonLink>
    </div>
  );
}

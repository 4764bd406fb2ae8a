import { ArrowLeft } from "lucide-react";
import { formatDuration } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { bundleOfferText } from "@/modules/pricing/domain/visit-quote";
import { bundleRuleOf } from "@/modules/pricing/domain/visit-choices";
import { Notice } from "@/components/ui/notice";
import {
  addonOptions,
  bookablePackages,
  isAddonAllowed,
  sizeOptions,
} from "@/modules/pricing/domain/booking-choices";
import {
  moreVehiclesText,
  nextStep,
  previousStep,
  STEP_LABELS,
  type WizardStep,
  wizardHref,
} from "../domain/wizard-state";
import { packageCards, savedAddressOptions, savedVehicleOptions } from "../server/wizard-options";
import type { WizardView } from "../server/wizard-page";
import { WizardAddonsStep } from "./wizard-addons-step";
import { WizardAddressForm } from "./wizard-address-form";
import { WizardMoreVehicles } from "./wizard-more-vehicles";
import { WizardDetailsForm } from "./wizard-details-form";
import { WizardProgress } from "./wizard-progress";
import { WizardReviewStep } from "./wizard-review-step";
import { type StepChoices, WizardRunGuard } from "./wizard-run";
import { SavedAddresses, SavedVehicles } from "./wizard-saved-step";
import { WizardServiceStep } from "./wizard-service-step";
import { WizardSummaryBar, WizardSummaryCard } from "./wizard-summary";
import { WizardTimeStep } from "./wizard-time-step";
import { WizardVehicleForm } from "./wizard-vehicle-form";
import { ButtonLink } from "@/components/ui/button";
import { cardClass } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";

const HEADINGS: Record<WizardStep, string> = {
  service: "Choose a service",
  vehicle: "Your vehicle",
  addons: "Any extras?",
  vehicles: "More vehicles in this visit",
  address: "Where should we come?",
  time: "Choose a date and time",
  details: "Your details",
  review: "Check and book",
};

function stepChoices(view: WizardView): StepChoices {
  const s = view.state;
  return {
    run: s.run,
    service: s.service,
    size: s.size,
    vehicle: s.vehicle,
    addons: s.addons,
    more: moreVehiclesText(s.more),
    postcode: s.postcode,
    address: s.address,
    date: s.date,
    start: s.start,
  };
}

function AddNew({ open, summary, children }: { open: boolean; summary: string; children: React.ReactNode }) {
  return (
    <details open={open} className={cn(cardClass, "mt-6 p-4 shadow-none")}>
      <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-brand-ink">
        {summary}
      </summary>
      <div className="mt-3">{children}</div>
    </details>
  );
}

const priceAndTime = (cell: { priceMinor: number; durationMinutes: number }, currency: string) =>
  `${formatMoney(cell.priceMinor, currency)} · ${formatDuration(cell.durationMinutes)}`;

function StepBody({ view }: { view: WizardView }) {
  const { state, choices, catalogue, settings } = view;
  const currency = settings.currency;
  switch (view.step) {
    case "service":
      return <WizardServiceStep groups={packageCards(catalogue)} state={state} currency={currency} />;
    case "vehicle": {
      const service = choices.service;
      if (!service) return null;
      const sizes = sizeOptions(catalogue, service.id).map(({ size, cell }) => ({
        ...size,
        price: cell ? priceAndTime(cell, currency) : null,
      }));
      const form = (
        <WizardVehicleForm
          choices={stepChoices(view)}
          sizes={sizes}
          serviceName={service.name}
          saveNote={view.signedIn ? "We'll save this vehicle to your account." : undefined}
        />
      );
      if (!view.signedIn || view.savedVehicles.length === 0) return form;
      return (
        <>
          <h2 className="text-lg font-semibold">Your vehicles</h2>
          <div className="mt-2">
            <SavedVehicles
              options={savedVehicleOptions(catalogue, service, view.savedVehicles)}
              state={state}
              serviceName={service.name}
            />
          </div>
          <AddNew open={Boolean(state.size && !state.vehicle)} summary="Add a different vehicle">
            {form}
          </AddNew>
        </>
      );
    }
    case "addons": {
      if (!choices.service || !choices.size) return null;
      const options = addonOptions(catalogue, choices.service, choices.size.id).map(({ addon, cell }) => ({
        slug: addon.slug,
        name: addon.name,
        description: addon.shortDescription,
        priceMinor: cell.priceMinor,
        minutes: cell.durationMinutes,
      }));
      return (
        <WizardAddonsStep
          options={options}
          state={state}
          currency={currency}
          next={nextStep(view.steps, "addons")}
          canAddVehicle={settings.maxVehiclesPerBooking > 1 && state.more.length === 0}
        />
      );
    }
    case "vehicles":
      return <MoreVehiclesStep view={view} />;
    case "address": {
      const form = <WizardAddressForm choices={stepChoices(view)} signedIn={view.signedIn} />;
      const covered = choices.zone && (
        <Notice kind="success" className="mb-4">
          We cover {choices.postcode} ({choices.zone.name}).{" "}
          {choices.zone.travelFeeMinor > 0
            ? `A travel fee of ${formatMoney(choices.zone.travelFeeMinor, currency)} applies.`
            : "No travel fee."}
        </Notice>
      );
      if (!view.signedIn || view.savedAddresses.length === 0)
        return (
          <>
            {covered}
            {form}
          </>
        );
      return (
        <>
          {covered}
          <h2 className="text-lg font-semibold">Your addresses</h2>
          <div className="mt-2">
            <SavedAddresses
              options={savedAddressOptions(catalogue, view.savedAddresses)}
              state={state}
              currency={currency}
              next={nextStep(view.steps, "address")}
            />
          </div>
          <AddNew open={Boolean(state.postcode && !state.address)} summary="Add a different address">
            {form}
          </AddNew>
        </>
      );
    }
    case "time":
      return view.times ? (
        <WizardTimeStep
          times={view.times}
          state={state}
          next={nextStep(view.steps, "time")}
          timeZone={settings.timeZone}
          contact={{
            businessName: settings.businessName,
            phone: settings.contactPhone,
            email: settings.contactEmail,
          }}
        />
      ) : null;
    case "details":
      return <WizardDetailsForm choices={stepChoices(view)} />;
    case "review":
      return <WizardReviewStep view={view} />;
  }
}

const jobText = (serviceName: string | null, addonNames: readonly string[]) =>
  [serviceName ?? "A service no longer offered", ...addonNames].join(" + ");

function MoreVehiclesStep({ view }: { view: WizardView }) {
  const { state, choices, catalogue, savedVehicle } = view;
  const used = new Set([savedVehicle?.id, ...state.more.map((m) => m.vehicle)]);
  const packages = bookablePackages(catalogue).flatMap((g) => g.services);
  /** A size's price and time for each package offered for it. */
  const sizePrices = (sizeId: string) =>
    Object.fromEntries(
      packages.flatMap((p) => {
        const cell = sizeOptions(catalogue, p.id).find((o) => o.size.id === sizeId)?.cell;
        return cell ? [[p.slug, priceAndTime(cell, view.settings.currency)]] : [];
      }),
    );
  const firstJob = jobText(
    choices.service?.name ?? null,
    choices.addons.map((a) => a.name),
  );
  return (
    <WizardMoreVehicles
      choices={stepChoices(view)}
      state={state}
      firstSavedLabel={
        savedVehicle ? `${savedVehicle.make} ${savedVehicle.model} — ${savedVehicle.registration}` : null
      }
      firstSizeName={choices.size?.name ?? null}
      firstJob={firstJob}
      rows={view.more.map((m) => ({
        index: m.index,
        savedLabel: m.saved ? `${m.saved.make} ${m.saved.model} — ${m.saved.registration}` : null,
        sizeName: m.sizeName,
        job: m.sameAsFirst ? `The same as the first: ${firstJob}` : jobText(m.serviceName, m.addonNames),
        problem: Object.entries(view.moreErrors).find(([k]) => k.startsWith(`more.${m.index}.`))?.[1] ?? null,
      }))}
      options={{
        sizes: catalogue.sizes.map((z) => ({ id: z.id, name: z.name, prices: sizePrices(z.id) })),
        firstPackage: choices.service?.slug ?? null,
        offer: bundleOfferText(bundleRuleOf(view.settings), view.settings.maxVehiclesPerBooking),
        packages: bookablePackages(catalogue).flatMap((g) =>
          g.services.map((p) => ({
            slug: p.slug,
            name: p.name,
            addons: catalogue.services
              .filter((a) => a.kind === "addon" && isAddonAllowed(a, p))
              .map((a) => ({ slug: a.slug, name: a.name })),
          })),
        ),
        saved: view.savedVehicles
          .filter((v) => !used.has(v.id))
          .map((v) => ({ id: v.id, label: `${v.make} ${v.model} — ${v.registration}` })),
      }}
      maxVehicles={view.settings.maxVehiclesPerBooking}
      nextHref={wizardHref(state, { step: nextStep(view.steps, "vehicles") })}
    />
  );
}

/** One wizard page: where you are, the step, and (from the vehicle on) the running summary. */
export function WizardShell({ view }: { view: WizardView }) {
  const back = previousStep(view.steps, view.step);
  const showSummary = view.step !== "service" && view.summary;
  return (
    <div className="mx-auto max-w-6xl px-4 pt-6 sm:px-6 lg:pt-10">
      <WizardRunGuard
        run={view.state.run}
        isNewRun={view.isNewRun}
        isSpent={view.runLapsed}
        steps={view.steps}
        step={view.step}
        state={view.state}
      />
      <p className="text-sm font-semibold uppercase tracking-wide text-brand">Book a visit</p>
      <h1 className="mt-1 text-2xl font-bold tracking-tight sm:text-3xl">{HEADINGS[view.step]}</h1>
      <WizardProgress steps={view.steps} step={view.step} state={view.state} />
      {showSummary && view.summary && (
        <WizardSummaryBar summary={view.summary} currency={view.settings.currency} />
      )}
      {/* The summary's column only when there is a summary: the first step uses the whole width. */}
      <div
        className={cn(
          "mt-6 pb-10",
          showSummary && view.summary && "lg:grid lg:grid-cols-[minmax(0,1fr)_20rem] lg:gap-10",
        )}
      >
        <div>
          {view.message && (
            <Notice kind={view.step === "time" ? "warning" : "error"} className="mb-4">
              {view.message}
            </Notice>
          )}
          <StepBody view={view} />
          {back && (
            <ButtonLink
              variant="ghost"
              size="sm"
              href={wizardHref(view.state, { step: back })}
              className="-ml-3 mt-6"
            >
              <ArrowLeft aria-hidden="true" className="size-4" />
              Back to {STEP_LABELS[back].toLowerCase()}
            </ButtonLink>
          )}
        </div>
        {showSummary && view.summary && (
          <aside aria-label="Booking summary" className="hidden lg:block">
            <div className="sticky top-6">
              <WizardSummaryCard summary={view.summary} currency={view.settings.currency} />
            </div>
          </aside>
        )}
      </div>
    </div>
  );
}

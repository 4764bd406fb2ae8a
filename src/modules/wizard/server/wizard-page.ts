import "server-only";
import type { UserRole } from "@/lib/enums";
import { formatDateTime } from "@/lib/dates";
import { matchZone } from "@/lib/postcode";
import { findAccountTerms } from "@/modules/accounts/server";
import { payByFor } from "@/modules/accounts/domain/business-account";
import { amountDueNow } from "@/modules/pricing/domain/quote";
import { quoteLineNameInVisit } from "@/modules/pricing/domain/visit-choices";
import type { VisitQuote } from "@/modules/pricing/domain/visit-quote";
import { type WizardVisitVehicle, wizardStateVisit } from "../domain/wizard-visit";
import { getSettingsOrThrow, type Settings } from "@/modules/settings/server";
import { getDb } from "@/server/db";
import { jobOfQuote } from "@/modules/availability/server";
import { bookingPromises, cancellationPromiseSentence } from "@/modules/bookings/domain/booking-promises";
import {
  type BookingCatalogue,
  isComplete,
  priceOf,
  type ResolvedChoices,
} from "@/modules/pricing/domain/booking-choices";
import {
  idempotencyKeyFor,
  newRunId,
  parseWizardState,
  resolveStep,
  type SearchParams,
  stepsFor,
  wizardHref,
  type WizardState,
  type WizardStep,
} from "../domain/wizard-state";
import {
  listSaved,
  loadBookingCatalogue,
  findRunBooking,
  type SavedAddress,
  type SavedVehicle,
} from "@/modules/bookings/server";
import { chosenStart, type DateStepTimes, loadDateStep } from "./wizard-times";

// Everything one wizard page shows, from the URL alone: the choices are checked against the live
// catalogue, priced with quote(), and the step asked for is shown only when every step before it holds
// — otherwise the page goes to the first step that needs attention, with its message.

export type WizardViewer = { id: string; role: UserRole } | null;
export type RunState = WizardState & { run: string };

/** A line as the wizard shows it: a visit's work lines name their vehicle; the bundle line is negative. */
export type ShownLine = { key: string; name: string; priceMinor: number; minutes: number };

export type WizardSummary = {
  serviceName: string;
  lines: ShownLine[] | null;
  totalMinor: number | null;
  totalMinutes: number | null;
  /** False until the postcode is known: the travel fee may still change the total. */
  travelKnown: boolean;
  vehicle: string | null;
  place: string | null;
  when: string | null;
};

export type WizardView = {
  kind: "wizard";
  state: RunState;
  /** The run id was made for this page (no run in the URL yet). */
  isNewRun: boolean;
  /** This run's booking lapsed (its payment hold ran out): the tab continues in a new run. */
  runLapsed: boolean;
  step: WizardStep;
  steps: WizardStep[];
  signedIn: boolean;
  settings: Settings;
  catalogue: BookingCatalogue;
  /** The first vehicle's choices and the address. */
  choices: ResolvedChoices;
  /** The whole visit's price: every vehicle, the bundle line, travel (null until it can be priced). */
  quote: VisitQuote | null;
  /** The further vehicles, read against the catalogue (ADR 0050). */
  more: WizardVisitVehicle[];
  /** Under `more` and `more.<i>.<field>`: what keeps the further vehicles from being booked. */
  moreErrors: Record<string, string>;
  summary: WizardSummary | null;
  /** The message to show on the current step (a stale or refused choice), if any. */
  message: string | null;
  savedVehicles: SavedVehicle[];
  savedAddresses: SavedAddress[];
  savedVehicle: SavedVehicle | null;
  savedAddress: SavedAddress | null;
  times: DateStepTimes | null;
  dueNowMinor: number;
  /** On account: the day the invoice would be due if booked now; null for everyone else. */
  payBy: string | null;
  /** Where the chosen start's visit ends (ISO): later than start + work when it spans a break. */
  startEndsAt: string | null;
  /** The chosen start's parts, one per working day (ADR 0056); one for a visit of one day. */
  startParts: { start: string; end: string }[];
  /** What the review step promises about cancelling this booking, computed for its time and now. */
  cancellationPromise: { sentence: string; insideFreeWindow: boolean } | null;
};

export type WizardPage =
  { kind: "team"; role: "admin" | "staff" } | { kind: "redirect"; href: string } | WizardView;

export async function loadWizardPage(
  params: SearchParams,
  viewer: WizardViewer,
  now: Date = new Date(),
): Promise<WizardPage> {
  // The business's own people don't book as customers: one person, one role (ADR 0053).
  if (viewer?.role === "admin" || viewer?.role === "staff") return { kind: "team", role: viewer.role };
  const db = await getDb();
  const parsed = parseWizardState(params);
  const state: RunState = { ...parsed, run: parsed.run ?? newRunId() };
  const steps = stepsFor(Boolean(viewer), parsed.more.length > 0 || parsed.step === "vehicles");
  const [settings, catalogue, saved, terms] = await Promise.all([
    getSettingsOrThrow(db),
    loadBookingCatalogue(db),
    viewer ? listSaved(db, viewer.id) : null,
    viewer ? findAccountTerms(db, viewer.id) : null,
  ]);
  // Saved ids are looked up among the viewer's own only: anyone else's is simply not chosen.
  const savedVehicle = (state.vehicle && saved?.vehicles.find((v) => v.id === state.vehicle)) || null;
  const savedAddress = (state.address && saved?.addresses.find((a) => a.id === state.address)) || null;
  const visit = pageVisit(catalogue, settings, state, saved?.vehicles ?? [], savedVehicle, savedAddress);
  const { wizardVisit, choices, quote, moreValid, job } = visit;

  const tz = settings.timeZone;
  const asksBeyondTime = !parsed.step || steps.indexOf(parsed.step) > steps.indexOf("time");
  // This run's booking, if it made one. Back on the review after booking, its time is held by that
  // booking, not lost. If its payment hold ran out, this run is spent: the tab carries on in a new one.
  // (What the tab shows about a booking comes from its own storage; a link's run id is replaced in any
  // other tab.)
  const made = parsed.run ? await findRunBooking(db, idempotencyKeyFor(parsed.run)) : null;
  const lapsed = Boolean(
    made &&
    (made.status === "expired" ||
      (made.status === "pending_payment" && made.holdExpiresAt && made.holdExpiresAt <= now)),
  );
  const booked = Boolean(made && !lapsed && asksBeyondTime);
  const chosen = await chosenStart(db, job, asksBeyondTime ? state.start : null, { tz, now, made, booked });
  const startBookable = chosen.bookable;
  const e = choices.errors;
  const valid = (s: WizardStep): boolean => {
    switch (s) {
      case "service":
        return Boolean(choices.service);
      case "vehicle":
        return Boolean(choices.size);
      case "addons":
        return !e.addons;
      case "vehicles":
        return moreValid;
      case "address":
        return Boolean(choices.zone);
      case "time":
        return Boolean(job && startBookable);
      default:
        return true;
    }
  };
  const answered = (s: WizardStep) => (s === "addons" ? state.addons !== null : s !== "details");
  const step = resolveStep(parsed.step, steps, { valid, answered });
  if (parsed.step && step !== parsed.step) return { kind: "redirect", href: wizardHref(state, { step }) };
  const preselect = saved && defaultChoice(step, state, catalogue, choices, saved);
  if (preselect) return { kind: "redirect", href: wizardHref(state, { ...preselect, step }) };

  const times =
    step === "time" && job
      ? await loadDateStep(
          db,
          job,
          { month: state.month, date: state.date, start: state.start },
          tz,
          settings.horizonDays,
          now,
        )
      : null;
  const startShown = state.start && (step === "time" ? times?.startBookable : startBookable);
  // A business on account pays by invoice (ADR 0051): its day, for the review step to say so.
  const payBy = payByFor(terms, now, tz);
  const dueNowMinor = quote
    ? amountDueNow(quote.totalMinor, settings.paymentMode, settings.depositPercent, { onAccount: !!payBy })
    : 0;

  return {
    kind: "wizard",
    state,
    isNewRun: !parsed.run,
    runLapsed: lapsed,
    step,
    steps,
    signedIn: Boolean(viewer),
    settings,
    catalogue,
    choices,
    quote,
    more: wizardVisit.vehicles,
    moreErrors: wizardVisit.moreErrors,
    summary: summaryOf(
      choices,
      quote,
      wizardVisit.vehicles,
      savedVehicle,
      savedAddress,
      startShown ? state.start : null,
      tz,
    ),
    message: messageFor(
      step,
      lapsed && !state.notice ? { ...state, notice: "expired" } : state,
      choices,
      wizardVisit.moreErrors,
      savedVehicle,
      savedAddress,
      times,
      tz,
    ),
    savedVehicles: saved?.vehicles ?? [],
    savedAddresses: saved?.addresses ?? [],
    savedVehicle,
    savedAddress,
    times,
    dueNowMinor,
    payBy,
    startEndsAt: chosen.endsAt?.toISOString() ?? null,
    startParts: chosen.parts.map((p) => ({ start: p.start.toISOString(), end: p.end.toISOString() })),
    cancellationPromise:
      quote && state.start
        ? reviewCancellationPromise(settings, quote.totalMinor, dueNowMinor, state.start, now, !!payBy)
        : null,
  };
}

/** The visit the URL describes, priced, and the job the date step looks for (when it can be booked). */
function pageVisit(
  catalogue: BookingCatalogue,
  settings: Settings,
  state: WizardState,
  saved: SavedVehicle[],
  savedVehicle: SavedVehicle | null,
  savedAddress: SavedAddress | null,
) {
  const wizardVisit = wizardStateVisit(catalogue, state, { saved, savedVehicle, savedAddress, settings });
  const choices = wizardVisit.visit.first;
  const quote = wizardVisit.visit.quote;
  const moreValid = Object.keys(wizardVisit.moreErrors).length === 0;
  const job =
    isComplete(choices) && quote && moreValid
      ? jobOfQuote({ ...quote, travelBufferMinutes: choices.zone.travelBufferMinutes })
      : null;
  return { wizardVisit, choices, quote, moreValid, job };
}

/** The review step's cancellation promise: this booking's, at its start, if booked and paid now. */
function reviewCancellationPromise(
  settings: Settings,
  totalMinor: number,
  dueNowMinor: number,
  start: string,
  now: Date,
  onAccount: boolean,
): { sentence: string; insideFreeWindow: boolean } {
  const b = { startsAt: new Date(start), chargeMinor: totalMinor, paidMinor: dueNowMinor, onAccount };
  const p = bookingPromises(b, settings, now);
  return {
    sentence: cancellationPromiseSentence(p, settings, b, "before_booking"),
    insideFreeWindow: p.cancellation.insideFreeWindow && !p.cancellation.neverCosts,
  };
}

/**
 * A signed-in customer who reaches the vehicle or address step with nothing chosen there finds their
 * default vehicle or address already chosen (in the URL, like any choice) — when it can be used for
 * this booking. They can still pick another one or add a new one.
 */
function defaultChoice(
  step: WizardStep,
  state: WizardState,
  catalogue: BookingCatalogue,
  choices: ResolvedChoices,
  saved: { vehicles: SavedVehicle[]; addresses: SavedAddress[] },
): Partial<WizardState> | null {
  if (step === "vehicle" && !state.vehicle && !state.size && choices.service) {
    const v = saved.vehicles.find((x) => x.isDefault);
    return v && priceOf(catalogue, choices.service.id, v.vehicleSizeId) ? { vehicle: v.id } : null;
  }
  if (step === "address" && !state.address && !state.postcode) {
    const a = saved.addresses.find((x) => x.isDefault);
    return a && matchZone(a.postcode, catalogue.zones) ? { address: a.id } : null;
  }
  return null;
}

/** The visit's lines as the wizard shows them: each vehicle's named after it when there are several. */
export function visitLinesShown(quote: VisitQuote): ShownLine[] {
  return quote.lines.map((l, i) => ({
    key: `${l.kind}-${l.vehicle ?? "visit"}-${l.serviceId ?? i}`,
    name: quoteLineNameInVisit(l, quote.vehicles.length),
    priceMinor: l.priceMinor,
    minutes: l.minutes,
  }));
}

function summaryOf(
  c: ResolvedChoices,
  quote: VisitQuote | null,
  more: readonly WizardVisitVehicle[],
  savedVehicle: SavedVehicle | null,
  savedAddress: SavedAddress | null,
  start: string | null,
  tz: string,
): WizardSummary | null {
  if (!c.service) return null;
  return {
    serviceName: c.service.name,
    lines: quote ? visitLinesShown(quote) : null,
    totalMinor: quote?.totalMinor ?? null,
    totalMinutes: quote?.totalMinutes ?? null,
    travelKnown: Boolean(c.zone),
    vehicle:
      more.length > 0
        ? `${more.length + 1} vehicles`
        : savedVehicle
          ? `${savedVehicle.make} ${savedVehicle.model} (${savedVehicle.registration})`
          : c.size
            ? `${c.size.name} vehicle`
            : null,
    place: savedAddress ? `${savedAddress.label}, ${savedAddress.postcode}` : c.zone ? c.postcode : null,
    when: start ? formatDateTime(new Date(start), tz) : null,
  };
}

const MORE_PROBLEM = "One of the vehicles below can't be booked as it is: change or remove it.";

function messageFor(
  step: WizardStep,
  state: RunState,
  c: ResolvedChoices,
  moreErrors: Record<string, string>,
  savedVehicle: SavedVehicle | null,
  savedAddress: SavedAddress | null,
  times: DateStepTimes | null,
  tz: string,
): string | null {
  const e = c.errors;
  switch (step) {
    case "service":
      return state.service ? (e.service ?? null) : null;
    case "vehicle":
      return state.size || savedVehicle ? (e.size ?? null) : null;
    case "addons":
      return e.addons ?? null;
    case "vehicles":
      return moreErrors.more ?? (Object.keys(moreErrors).length ? MORE_PROBLEM : null);
    case "address":
      return state.postcode || savedAddress ? (e.postcode ?? null) : null;
    case "time": {
      if (state.notice === "taken")
        return "That time was just taken. Please choose another — the list below is up to date.";
      if (state.notice === "expired")
        return "Your held time ran out before payment was completed, so it was released. Please choose a time again.";
      if (state.start && times?.startBookable === false)
        return `The time you chose, ${formatDateTime(new Date(state.start), tz)}, is no longer available. Please choose another — the list below is up to date.`;
      return null;
    }
    default:
      return null;
  }
}

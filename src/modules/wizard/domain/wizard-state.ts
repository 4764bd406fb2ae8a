import { BOOK_PATH, bookQuery } from "@/lib/booking/book-link";
import { isDateInRange, isInstantInRange } from "@/lib/dates";
import { MAX_MORE_VEHICLES } from "@/lib/field-inputs";
import { isUuid } from "@/lib/uuid";
import { normaliseUkPostcode } from "@/lib/postcode";

// The booking wizard's state lives in the URL, so back, forward and refresh keep it and a shared link
// reproduces the choice. The URL carries only *choices* (catalogue slugs and ids, a normalised
// postcode, a date and a start) and the run id — never what a guest typed about themselves: make,
// model, registration, address lines, name, email and phone stay in the tab's sessionStorage (keyed by
// the run) and travel to the server only with the final submission.

export const WIZARD_STEPS = [
  "service",
  "vehicle",
  "addons",
  "vehicles",
  "address",
  "time",
  "details",
  "review",
] as const;
export type WizardStep = (typeof WIZARD_STEPS)[number];

export const STEP_LABELS: Record<WizardStep, string> = {
  service: "Service",
  vehicle: "Vehicle",
  addons: "Add-ons",
  vehicles: "More vehicles",
  address: "Address",
  time: "Date & time",
  details: "Your details",
  review: "Review",
};

export const WIZARD_NOTICES = ["taken", "expired"] as const;
export type WizardNotice = (typeof WIZARD_NOTICES)[number];

export type WizardState = {
  /** Package slug. */
  service: string | null;
  /** Vehicle size id (a guest, or a signed-in customer adding a vehicle). */
  size: string | null;
  /** A saved vehicle's id (signed in); ownership is checked on the server. */
  vehicle: string | null;
  /** Add-on slugs; null = the add-ons step has not been answered yet (none chosen = []). */
  addons: string[] | null;
  /** The visit's further vehicles (ADR 0050), in order; [] = the first vehicle only. */
  more: MoreVehicle[];
  /** Normalised UK postcode ("SW9 8AB"). */
  postcode: string | null;
  /** A saved address's id (signed in). */
  address: string | null;
  /** Calendar month shown on the date step (YYYY-MM). */
  month: string | null;
  /** Chosen local date (YYYY-MM-DD). */
  date: string | null;
  /** Chosen start, an ISO instant. */
  start: string | null;
  step: WizardStep | null;
  /** One per wizard run: the idempotency key of the booking it creates. */
  run: string | null;
  /** Why the person was sent back to the date step. */
  notice: WizardNotice | null;
};

export const EMPTY_WIZARD_STATE: WizardState = {
  service: null,
  size: null,
  vehicle: null,
  addons: null,
  more: [],
  postcode: null,
  address: null,
  month: null,
  date: null,
  start: null,
  step: null,
  run: null,
  notice: null,
};

export type SearchParams = Record<string, string | string[] | undefined>;

export const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const RUN_ID = /^[A-Za-z0-9_-]{16,64}$/;
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
const MAX_ADDONS = 20;

function first(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || !isDateInRange(value)) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
}

/** An ISO instant as the wizard writes it (toISOString), or null. */
export function normaliseInstant(value: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(value)) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) || !isInstantInRange(d) ? null : d.toISOString();
}

/** `addons=a,b` and `addons=a&addons=b` (a GET form's checkboxes) both work; unknown shapes are dropped. */
export function parseAddons(value: string | string[] | undefined): string[] | null {
  if (value === undefined) return null;
  const parts = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(","));
  const out: string[] = [];
  for (const raw of parts) {
    const slug = raw.trim().toLowerCase();
    if (slug && SLUG.test(slug) && slug.length <= 100 && !out.includes(slug)) out.push(slug);
    if (out.length >= MAX_ADDONS) break;
  }
  return out;
}

/** Reads the wizard state from the query string; anything malformed is treated as not chosen. */
export function parseWizardState(params: SearchParams): WizardState {
  const text = (key: string) => first(params[key])?.trim() || null;
  const service = text("service")?.toLowerCase() ?? null;
  const size = text("size");
  const vehicle = text("vehicle");
  const address = text("address");
  const postcode = text("postcode");
  const month = text("month");
  const date = text("date");
  const start = text("start");
  const step = text("step");
  const run = text("run");
  const notice = text("notice");
  return {
    service: service && SLUG.test(service) && service.length <= 100 ? service : null,
    size: isUuid(size) ? size.toLowerCase() : null,
    vehicle: isUuid(vehicle) ? vehicle.toLowerCase() : null,
    addons: parseAddons(params.addons),
    more: parseMoreVehicles(params.more),
    postcode: postcode ? normaliseUkPostcode(postcode.slice(0, 20)) : null,
    address: isUuid(address) ? address.toLowerCase() : null,
    month: month && MONTH.test(month) && isDateInRange(`${month}-01`) ? month : null,
    date: date && isCalendarDate(date) ? date : null,
    start: start ? normaliseInstant(start) : null,
    step: step && (WIZARD_STEPS as readonly string[]).includes(step) ? (step as WizardStep) : null,
    run: run && RUN_ID.test(run) ? run : null,
    notice:
      notice && (WIZARD_NOTICES as readonly string[]).includes(notice) ? (notice as WizardNotice) : null,
  };
}

/** The query string of a state, in a stable order (lib/booking/book-link.ts: the one definition). */
export function wizardQuery(state: Partial<WizardState>): string {
  const { more, ...rest } = state;
  return bookQuery({ ...rest, more: more?.length ? moreVehiclesText(more) : null });
}

export { BOOK_PATH };

/** A link to the wizard: the state with `patch` applied. A one-off notice never travels further. */
export function wizardHref(state: Partial<WizardState>, patch: Partial<WizardState> = {}): string {
  const query = wizardQuery({ ...state, notice: null, ...patch });
  return query ? `${BOOK_PATH}?${query}` : BOOK_PATH;
}

/**
 * The steps a person goes through: a signed-in customer's details are known, so theirs is skipped, and the
 * further vehicles' step is there only for a visit of several (or when asked for, to add one).
 */
export function stepsFor(signedIn: boolean, several = false): WizardStep[] {
  return WIZARD_STEPS.filter((s) => !(signedIn && s === "details") && (several || s !== "vehicles"));
}

export function nextStep(steps: readonly WizardStep[], step: WizardStep): WizardStep {
  const i = steps.indexOf(step);
  return steps[Math.min(steps.length - 1, i + 1)] ?? step;
}

export function previousStep(steps: readonly WizardStep[], step: WizardStep): WizardStep | null {
  const i = steps.indexOf(step);
  return i > 0 ? (steps[i - 1] ?? null) : null;
}

export type StepChecks = {
  /** Whether what the URL holds for the step is acceptable (a step with nothing required is valid). */
  valid: (step: WizardStep) => boolean;
  /** Whether the step has been answered at all (used only to pick a step when none is asked for). */
  answered: (step: WizardStep) => boolean;
};

/**
 * The step to show. An asked-for step is shown when every step before it is valid; otherwise the first
 * invalid one is, so a link past a missing or stale choice lands where it can be fixed. With no step
 * asked for, the first step not yet answered (or the review, when all are).
 */
export function resolveStep(
  requested: WizardStep | null,
  steps: readonly WizardStep[],
  checks: StepChecks,
): WizardStep {
  const last = steps[steps.length - 1] ?? "review";
  if (requested && steps.includes(requested)) {
    for (const s of steps) {
      if (s === requested) return s;
      if (!checks.valid(s)) return s;
    }
    return requested;
  }
  for (const s of steps) {
    if (s === last) return s;
    if (!checks.valid(s) || !checks.answered(s)) return s;
  }
  return last;
}

/** Which of the typed details this browser tab holds for the run (they never travel in the URL). */
export type KeptDetails = {
  vehicle: boolean;
  address: boolean;
  contact: boolean;
  /** Whether the tab holds the typed details of every further vehicle that is not a saved one. */
  more: boolean;
};

/**
 * The first step before `step` that lacks what only the browser tab can know, or null when none does.
 * The server has already checked the choices in the URL (resolveStep); a tab opened on a later step's
 * link has none of the typed details, so it goes back to the first step that asks for them — a saved
 * vehicle or address (signed in) needs nothing typed. The step itself may be incomplete: it is where
 * that is put right.
 */
export function firstIncompleteStep(
  steps: readonly WizardStep[],
  step: WizardStep,
  state: Pick<WizardState, "vehicle" | "address">,
  kept: KeptDetails,
): WizardStep | null {
  const complete: Partial<Record<WizardStep, boolean>> = {
    vehicle: Boolean(state.vehicle) || kept.vehicle,
    vehicles: kept.more,
    address: Boolean(state.address) || kept.address,
    details: kept.contact,
  };
  for (const s of steps) {
    if (s === step) return null;
    if (complete[s] === false) return s;
  }
  return null;
}

/** The booking's idempotency key for a wizard run (namespaced: other sources may use keys too). */
export const idempotencyKeyFor = (run: string) => `online:${run}`;

/** A fresh run id: 16 random bytes, base64url (22 characters). */
export function newRunId(
  randomBytes: (n: number) => Uint8Array = (n) => crypto.getRandomValues(new Uint8Array(n)),
): string {
  const bytes = randomBytes(16);
  let binary = "";
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/**
 * A further vehicle of the visit, as the URL holds it: a new vehicle's size (what was typed about it stays
 * in the tab, by position) or a saved vehicle's id, and its own package and add-ons — or, with no package,
 * the same package and add-ons as the first vehicle, whatever those become.
 */
export type MoreVehicle = {
  size: string | null;
  vehicle: string | null;
  /** Package slug; null = the same as the first vehicle (package and add-ons). */
  service: string | null;
  addons: string[];
};

// MAX_MORE_VEHICLES (lib/field-inputs, more than any business's limit of 20 a visit): a longer list in a
// URL is cut, not refused.
export { MAX_MORE_VEHICLES };

/**
 * `more=s~<size id>,v~<vehicle id>~full-valet~wax.pet-hair`: one entry per vehicle, `s` a new vehicle's
 * size or `v` a saved vehicle, then its own package and add-ons when it has them. An entry that can't be
 * read is dropped (the positions of the typed details follow the entries the URL keeps).
 */
export function parseMoreVehicles(value: string | string[] | undefined): MoreVehicle[] {
  if (value === undefined) return [];
  const entries = (Array.isArray(value) ? value : [value]).flatMap((v) => v.split(","));
  const out: MoreVehicle[] = [];
  for (const entry of entries) {
    const [kind, id, service, addons] = entry.trim().split("~");
    if ((kind !== "s" && kind !== "v") || !isUuid(id)) continue;
    const slug = service?.toLowerCase() || null;
    if (slug !== null && (!SLUG.test(slug) || slug.length > 100)) continue;
    out.push({
      size: kind === "s" ? id.toLowerCase() : null,
      vehicle: kind === "v" ? id.toLowerCase() : null,
      service: slug,
      addons: slug ? (parseAddons(addons ? addons.split(".") : []) ?? []) : [],
    });
    if (out.length >= MAX_MORE_VEHICLES) break;
  }
  return out;
}

export function moreVehicleToken(m: MoreVehicle): string {
  const head = m.vehicle ? `v~${m.vehicle}` : `s~${m.size ?? ""}`;
  return m.service ? `${head}~${m.service}~${m.addons.join(".")}` : head;
}

export function moreVehiclesText(list: readonly MoreVehicle[]): string {
  return list.map(moreVehicleToken).join(",");
}

/** A further vehicle's package and add-ons: its own, or the first vehicle's ("same as the first"). */
export function jobOfMoreVehicle(
  first: { service: string | null; addons: readonly string[] | null },
  m: MoreVehicle,
): { service: string | null; addons: string[] } {
  return m.service
    ? { service: m.service, addons: m.addons }
    : { service: first.service, addons: [...(first.addons ?? [])] };
}

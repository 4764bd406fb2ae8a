"use client";

import { useRouter } from "next/navigation";
import {
  type ReactNode,
  type RefObject,
  useEffect,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
} from "react";
import type { FormResult } from "@/components/ui/form/form";
import type { AddressDetails, ContactDetails, VehicleDetails } from "../book-schemas";
import {
  firstIncompleteStep,
  newRunId,
  parseWizardState,
  wizardHref,
  wizardQuery,
  type WizardState,
  type WizardStep,
} from "../domain/wizard-state";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";

// What a guest types about themselves never goes into the URL: it is kept in this tab's sessionStorage
// under the wizard run's id (so refresh, back and forward keep it) and sent only with the final
// submission. A run belongs to the tab that started it: a link with someone else's run id starts a
// fresh run here, so a shared link can never answer with another person's booking or details.

export type RunDetails = {
  vehicle?: VehicleDetails;
  /** The visit's further vehicles' typed details, by position in the URL's list (null: a saved one). */
  more?: (VehicleDetails | null)[];
  address?: AddressDetails & { postcode: string };
  contact?: ContactDetails;
  /** The run's secret: sent with the booking, never put in a URL (only this tab may replay the run). */
  secret?: string;
  /** Set once the booking is made: a resubmit shows it instead of booking again. */
  submitted?: { reference: string; redirectTo: string };
};

const PREFIX = "forecourt.book.";

let available: Storage | null | undefined;

/** This tab's sessionStorage, or null where it is switched off (the wizard then keeps nothing). */
function storage(): Storage | null {
  if (available !== undefined) return available;
  try {
    const s = window.sessionStorage;
    s.setItem(`${PREFIX}probe`, "1");
    s.removeItem(`${PREFIX}probe`);
    available = s;
  } catch {
    available = null;
  }
  return available;
}

export function readRun(run: string): RunDetails | null {
  try {
    const raw = storage()?.getItem(PREFIX + run);
    return raw ? (JSON.parse(raw) as RunDetails) : null;
  } catch {
    return null;
  }
}

export function writeRun(run: string, patch: Partial<RunDetails>): void {
  const s = storage();
  if (!s) return;
  s.setItem(PREFIX + run, JSON.stringify({ ...(readRun(run) ?? {}), ...patch }));
}

/** Starts a new run carrying this one's details (after a refused time, the next attempt is a new run). */
export function continueInNewRun(run: string): string {
  const fresh = newRunId();
  const { submitted: _done, secret: _old, ...details } = readRun(run) ?? {};
  writeRun(fresh, { ...details, secret: newRunId() });
  return fresh;
}

/** This run's secret, made on first use (a random id like the run's own). */
export function runSecret(run: string): string {
  const existing = readRun(run)?.secret;
  if (existing) return existing;
  const secret = newRunId();
  writeRun(run, { secret });
  return readRun(run)?.secret ?? secret;
}

function subscribe(onChange: () => void) {
  window.addEventListener("storage", onChange);
  return () => window.removeEventListener("storage", onChange);
}

/** The run's remembered details for rendering; undefined while the page is rendered on the server. */
export function useRunDetails(run: string): RunDetails | null | undefined {
  const raw = useSyncExternalStore(
    subscribe,
    () => storage()?.getItem(PREFIX + run) ?? null,
    () => undefined,
  );
  return useMemo(() => {
    if (raw === undefined) return undefined;
    try {
      return raw ? (JSON.parse(raw) as RunDetails) : null;
    } catch {
      return null;
    }
  }, [raw]);
}

function withRun(href: string, run: string): string {
  const url = new URL(href, window.location.origin);
  url.searchParams.set("run", run);
  return `${url.pathname}${url.search}`;
}

/**
 * Claims the run for this tab, or swaps a run that came from elsewhere for a fresh one. A spent run
 * (its booking's payment hold ran out) is swapped too, keeping what this tab knows of its details.
 * Then, when this tab lacks details an earlier step asks for (a later step's link opened in a new tab),
 * it goes to that step rather than showing the later one with gaps.
 */
export function WizardRunGuard({
  run,
  isNewRun,
  isSpent,
  steps,
  step,
  state,
}: {
  run: string;
  isNewRun: boolean;
  isSpent: boolean;
  steps: readonly WizardStep[];
  step: WizardStep;
  state: WizardState;
}) {
  const router = useRouter();
  // The choices as a stable value (the object is new on every render).
  const query = wizardQuery({ ...state, run: null, notice: null });
  const stepList = steps.join(",");
  useEffect(() => {
    if (!storage()) return;
    if (isSpent) {
      router.replace(withRun(window.location.href, continueInNewRun(run)), { scroll: false });
      return;
    }
    let current = run;
    if (readRun(run) === null) {
      if (isNewRun) {
        // The server made this run for the page; put it in the address bar so refresh keeps it.
        writeRun(run, {});
        window.history.replaceState(window.history.state, "", withRun(window.location.href, run));
      } else {
        current = newRunId();
        writeRun(current, {});
      }
    }
    const kept = readRun(current);
    const choices = parseWizardState(Object.fromEntries(new URLSearchParams(query)));
    const gap = firstIncompleteStep(stepList.split(",") as WizardStep[], step, choices, {
      vehicle: Boolean(kept?.vehicle),
      address: Boolean(kept?.address),
      contact: Boolean(kept?.contact),
      more: choices.more.every((m, i) => Boolean(m.vehicle) || Boolean(kept?.more?.[i])),
    });
    if (gap) router.replace(wizardHref({ ...choices, run: current }, { step: gap }), { scroll: false });
    else if (current !== run) router.replace(withRun(window.location.href, current), { scroll: false });
  }, [run, isNewRun, isSpent, router, stepList, step, query]);
  return null;
}

/** Puts remembered values back into a step's fields after a refresh or a step back. */
export function useRestoreFields(
  container: RefObject<HTMLElement | null>,
  run: string,
  part: keyof Omit<RunDetails, "submitted">,
) {
  useEffect(() => {
    const root = container.current;
    const values = readRun(run)?.[part] as Record<string, unknown> | undefined;
    if (!root || !values) return;
    for (const [name, value] of Object.entries(values)) {
      const el = root.querySelector<HTMLInputElement | HTMLTextAreaElement>(`[name="${CSS.escape(name)}"]`);
      if (!el || value === null || value === undefined) continue;
      if (el instanceof HTMLInputElement && el.type === "checkbox") el.checked = Boolean(value);
      else if (el instanceof HTMLInputElement && el.type === "radio") {
        // A yes/no answer (the site questions): the radio of that value; "not answered" stays as drawn.
        const radio = root.querySelector<HTMLInputElement>(
          `input[type="radio"][name="${CSS.escape(name)}"][value="${CSS.escape(String(value))}"]`,
        );
        if (radio) radio.checked = true;
      } else if (!el.value) el.value = String(value);
    }
  }, [container, run, part]);
}

const NETWORK: FormResult = {
  ok: false,
  code: "INTERNAL",
  message: "Something went wrong on our side. Please try again.",
};

export async function postJson(url: string, body: unknown): Promise<FormResult> {
  const res = await fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  return ((await res.json().catch(() => null)) as FormResult | null) ?? NETWORK;
}

/** What a step's form carries: the choices so far and the run, already begun (not step, month, notice). */
export type StepChoices = Pick<
  WizardState,
  "service" | "size" | "vehicle" | "addons" | "postcode" | "address" | "date" | "start"
> & {
  run: string;
  /** The further vehicles as the URL holds them (`more`), carried to the next step's address. */
  more: string;
};

/**
 * The wizard's submit button. It stays disabled until the page's scripts have run: a form submitted
 * before that would go out as a plain GET and put what was typed into the address bar.
 */
export function WizardSubmit({
  pending,
  children,
  variant = "primary",
}: {
  pending: boolean;
  children: ReactNode;
  variant?: "primary" | "secondary";
}) {
  const hydrated = useHydrated();
  return (
    <Button
      type="submit"
      variant={variant}
      disabled={!hydrated}
      pending={pending}
      className="w-full px-5 sm:w-auto"
    >
      {children}
    </Button>
  );
}

/**
 * The submit of a details step: the server checks the fields (messages under them), the normalised
 * values are remembered in this tab, and the next step opens.
 */
export function useStepSubmit(
  step: "vehicle" | "address" | "details",
  choices: StepChoices,
  remember: keyof Omit<RunDetails, "submitted">,
) {
  const router = useRouter();
  const [pending, setPending] = useState(false);
  const submit = async (values: Record<string, unknown>): Promise<FormResult> => {
    setPending(true);
    try {
      const result = await postJson("/api/book/step", { ...choices, ...values, step });
      if (result.ok) {
        const data = result.data as { redirectTo: string; values: RunDetails[typeof remember] };
        writeRun(choices.run, { [remember]: data.values });
        router.push(data.redirectTo);
      } else setPending(false);
      return result;
    } catch (err) {
      setPending(false);
      throw err;
    }
  };
  return { submit, pending };
}

/** A details step's form: the box its remembered values are put back into (`ref`), and its submit. */
export function useStepForm(
  step: "vehicle" | "address" | "details",
  choices: StepChoices,
  remember: keyof Omit<RunDetails, "submitted">,
) {
  const ref = useRef<HTMLDivElement>(null);
  useRestoreFields(ref, choices.run, remember);
  return { ref, ...useStepSubmit(step, choices, remember) };
}

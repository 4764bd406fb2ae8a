"use client";

import Link, { TextLink } from "@/components/ui/link";
import { useRouter } from "next/navigation";
import { type ReactNode, useRef, useState } from "react";
import { Form, type FormResult } from "@/components/ui/form/form";
import { Notice } from "@/components/ui/notice";
import { Label } from "@/components/ui/form/label";
import { type WizardState, type WizardStep, wizardHref } from "../domain/wizard-state";
import type { SiteAnswers } from "@/lib/job/site-answers";
import { SiteQuestionFields } from "@/modules/accounts/components/site-questions";
import { TeamNotesField } from "./wizard-fields";
import { type Problem, ReviewDetails, type ReviewMoreVehicle } from "./wizard-review-details";
import {
  continueInNewRun,
  postJson,
  readRun,
  runSecret,
  type RunDetails,
  useRunDetails,
  WizardSubmit,
  writeRun,
} from "./wizard-run";

export type ReviewChoices = {
  service: string;
  size: string;
  savedVehicleId: string;
  addons: string;
  postcode: string;
  savedAddressId: string;
  /** The further vehicles, as the URL holds them (ADR 0050). */
  more: string;
  start: string;
};

const STEP_OF: [RegExp, WizardStep, string][] = [
  [/^service/, "service", "Service"],
  [/^(size|savedVehicleId|vehicleDetails)/, "vehicle", "Your vehicle"],
  [/^addons/, "addons", "Add-ons"],
  [/^more/, "vehicles", "More vehicles"],
  [/^(postcode|savedAddressId|addressDetails)/, "address", "Address"],
  [/^start/, "time", "Date and time"],
  [/^contact/, "details", "Your details"],
];

function problemsOf(fieldErrors: Record<string, string[]> | undefined): Problem[] {
  const out: Problem[] = [];
  for (const [key, messages] of Object.entries(fieldErrors ?? {})) {
    const hit = STEP_OF.find(([re]) => re.test(key));
    if (hit && messages[0]) out.push({ step: hit[1], label: hit[2], message: messages[0] });
  }
  return out;
}

/**
 * The review's own part: the details kept in this tab (or the saved ones), the policies to accept, and
 * the one submit that makes the booking. The choices go as they are in the address bar; the server
 * prices and times them again and ignores anything else.
 */
export function WizardReviewForm({
  state,
  run,
  signedIn,
  choices,
  saved,
  more,
  sizeName,
  submitLabel,
  policiesHref,
  site,
  children,
}: {
  state: WizardState;
  run: string;
  signedIn: boolean;
  choices: ReviewChoices;
  saved: { vehicle: string | null; address: string | null };
  more: ReviewMoreVehicle[];
  sizeName: string | null;
  submitLabel: string;
  policiesHref: string;
  /** A signed-in customer's saved address's last answers about the site (the questions' prefill). */
  site: SiteAnswers | null;
  children: ReactNode;
}) {
  const router = useRouter();
  const details = useRunDetails(run);
  const [problems, setProblems] = useState<Problem[]>([]);
  const [acceptError, setAcceptError] = useState<string | null>(null);
  const needs = { vehicle: !saved.vehicle, address: !saved.address, contact: !signedIn };
  const href = (step: WizardStep) => wizardHref({ ...state, run }, { step });

  const missing = (d: RunDetails | null | undefined): Problem[] => [
    ...(needs.vehicle && !d?.vehicle
      ? [
          {
            step: "vehicle" as const,
            label: "Your vehicle",
            message: "Tell us the make, model and registration.",
          },
        ]
      : []),
    ...(more.some((m) => !m.saved && !d?.more?.[m.index])
      ? [
          {
            step: "vehicles" as const,
            label: "More vehicles",
            message: "Tell us the make, model and registration of each vehicle.",
          },
        ]
      : []),
    ...(needs.address && !d?.address
      ? [{ step: "address" as const, label: "Address", message: "Tell us where we'll do the work." }]
      : []),
    ...(needs.contact && !d?.contact
      ? [
          {
            step: "details" as const,
            label: "Your details",
            message: "Tell us your name, email and phone number.",
          },
        ]
      : []),
  ];

  // A second submit while the first is on its way answers with the first's result (the server would
  // answer with the same booking anyway: the run is its idempotency key).
  const inFlight = useRef<Promise<FormResult> | null>(null);
  const [pending, setPending] = useState(false);
  const action = (values: Record<string, unknown>): Promise<FormResult> => {
    setPending(true);
    return (inFlight.current ??= submit(values)
      .then((result) => {
        // After success the page is leaving for the checkout or the confirmation: stay "pending".
        if (!result.ok) setPending(false);
        return result;
      })
      .catch((err: unknown) => {
        setPending(false);
        throw err;
      })
      .finally(() => {
        inFlight.current = null;
      }));
  };

  const submit = async (values: Record<string, unknown>): Promise<FormResult> => {
    setProblems([]);
    setAcceptError(null);
    const d = readRun(run);
    const gaps = missing(d);
    if (gaps.length) {
      setProblems(gaps);
      return { ok: false, code: "VALIDATION", message: "A few details are missing — please add them first." };
    }
    const { postcode: _kept, ...addressDetails } = d?.address ?? { postcode: "" };
    const { hasWater, hasPower, hasCoveredSpace, ...rest } = values;
    const result = await postJson("/api/book", {
      ...rest,
      site: signedIn ? { hasWater, hasPower, hasCoveredSpace } : undefined,
      run,
      runSecret: runSecret(run),
      vehicleDetails: needs.vehicle ? d?.vehicle : undefined,
      moreDetails: more.map((m) => (m.saved ? null : (d?.more?.[m.index] ?? null))),
      addressDetails: needs.address ? addressDetails : undefined,
      contact: needs.contact ? d?.contact : undefined,
    });
    if (result.ok) {
      const data = result.data as { reference: string; redirectTo: string };
      writeRun(run, { submitted: { reference: data.reference, redirectTo: data.redirectTo } });
      return result;
    }
    const fieldErrors = result.fieldErrors ?? {};
    if (result.code === "SLOT_TAKEN" && values.start === state.start) {
      // The time went (or its hold lapsed): a fresh list on the date step, in a new run.
      const fresh = continueInNewRun(run);
      const notice = /ran out/.test(result.message) ? "expired" : "taken";
      router.push(wizardHref({ ...state, run: fresh }, { step: "time", run: fresh, notice }));
      return result;
    }
    if (fieldErrors.run) {
      // This run already made someone's booking elsewhere: carry on in a run of this tab's own.
      router.replace(wizardHref({ ...state }, { step: "review", run: continueInNewRun(run) }), {
        scroll: false,
      });
      return result;
    }
    setAcceptError(fieldErrors.acceptPolicies?.[0] ?? null);
    setProblems(problemsOf(fieldErrors));
    return result;
  };

  const gaps = details === undefined ? [] : missing(details);
  return (
    <Form action={action} followRedirect aria-label="Review and book">
      {Object.entries(choices).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}

      {details?.submitted && (
        <Notice kind="success" className="mt-6">
          You&apos;ve already made this booking ({details.submitted.reference}).{" "}
          <a href={details.submitted.redirectTo} className="font-medium underline">
            Continue to your booking
          </a>
        </Notice>
      )}

      <ReviewDetails
        details={details}
        saved={saved}
        more={more}
        sizeName={sizeName}
        signedIn={signedIn}
        href={href}
        gaps={gaps}
      />

      {signedIn && (
        <div className="mt-6 max-w-xl">
          <SiteQuestionFields legend="At the address" values={site} />
          <TeamNotesField />
        </div>
      )}

      {children}

      {problems.length > 0 && (
        <div
          role="alert"
          className="mt-6 rounded-control border border-danger/30 bg-danger-soft px-3 py-2 text-sm text-danger"
        >
          <p className="font-medium">Please check:</p>
          <ul className="mt-1 list-disc pl-5">
            {problems.map((p) => (
              <li key={`${p.step}-${p.message}`}>
                {p.label}: {p.message}{" "}
                <Link href={href(p.step)} className="font-medium underline">
                  Change
                </Link>
              </li>
            ))}
          </ul>
        </div>
      )}

      <div className="mt-6 flex items-start gap-3">
        <input
          id="accept-policies"
          name="acceptPolicies"
          type="checkbox"
          aria-invalid={acceptError ? true : undefined}
          aria-describedby={acceptError ? "accept-error" : undefined}
          className="mt-0.5 size-5 shrink-0 accent-brand"
        />
        <div>
          <Label htmlFor="accept-policies">I accept the booking policies</Label>
          <p className="text-sm text-ink-muted">
            <TextLink href={policiesHref} weight="normal">
              Read the booking policies
            </TextLink>
          </p>
          {acceptError && (
            <p id="accept-error" className="mt-1 text-sm text-danger">
              {acceptError}
            </p>
          )}
        </div>
      </div>
      <div className="mt-6">
        <WizardSubmit pending={pending}>{submitLabel}</WizardSubmit>
      </div>
    </Form>
  );
}

"use client";

import { buttonClass } from "@/components/ui/button";
import { useEffect, useId, useRef, useState, useTransition } from "react";
import { Loader2 } from "lucide-react";
import { Notice } from "@/components/ui/notice";
import { Label } from "@/components/ui/form/label";
import { describeZoneTerms } from "../domain/zone-input";
import type { AdminPostcodeCheck } from "../server/zones";
import { checkZonePostcodeAction } from "../zone-actions";

type Outcome =
  | { kind: "field"; message: string }
  | { kind: "error"; message: string }
  | { kind: "result"; result: Extract<AdminPostcodeCheck, { status: "checked" }> };

const INVALID = "Enter a full UK postcode, like SW9 8AB.";

/**
 * "Check a postcode": which active zone a booking there would get, answered in place. `revision`
 * changes whenever the zones do; the last answer is then checked again, so it is never stale.
 */
export function ZonesPostcodeCheck({ currency, revision }: { currency: string; revision: string }) {
  const id = useId();
  const [pending, start] = useTransition();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const lastChecked = useRef<string | null>(null);

  const check = (postcode: string) =>
    start(async () => {
      lastChecked.current = postcode;
      const res = await checkZonePostcodeAction({ postcode }).catch(() => null);
      if (!res) setOutcome({ kind: "error", message: "We couldn't reach the server. Try again." });
      else if (!res.ok) {
        const field = res.fieldErrors?.postcode?.[0];
        setOutcome(field ? { kind: "field", message: field } : { kind: "error", message: res.message });
      } else if (res.data.status === "invalid") setOutcome({ kind: "field", message: INVALID });
      else setOutcome({ kind: "result", result: res.data });
    });

  useEffect(() => {
    if (lastChecked.current !== null) check(lastChecked.current);
    // Re-check when the zones change (an edit, a deactivation), not on every render.
  }, [revision]);

  function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    check(String(new FormData(event.currentTarget).get("postcode") ?? ""));
  }

  const fieldError = outcome?.kind === "field" ? outcome.message : null;
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      aria-busy={pending}
      aria-label="Check a postcode"
      className="max-w-md"
    >
      <Label htmlFor={id}>Postcode</Label>
      <div className="mt-1 flex gap-2">
        <input
          id={id}
          name="postcode"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={20}
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? `${id}-error` : undefined}
          className={`block min-h-11 w-full min-w-0 rounded-control border bg-surface px-3 text-base uppercase ${
            fieldError ? "border-danger" : "border-line-strong"
          } focus:border-brand`}
        />
        <button
          type="submit"
          disabled={pending}
          className={buttonClass({ variant: "primary", size: "lg", className: "shrink-0" })}
        >
          {pending && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
          Check
        </button>
      </div>
      {fieldError && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {fieldError}
        </p>
      )}
      <div aria-live="polite" className="empty:hidden">
        {outcome?.kind === "error" && (
          <Notice kind="error" className="mt-3">
            {outcome.message}
          </Notice>
        )}
        {outcome?.kind === "result" && <CheckResult result={outcome.result} currency={currency} />}
      </div>
    </form>
  );
}

function CheckResult({
  result,
  currency,
}: {
  result: Extract<AdminPostcodeCheck, { status: "checked" }>;
  currency: string;
}) {
  const { zone, inactiveMatch, normalised } = result;
  return (
    <div className="mt-3 space-y-2">
      {zone ? (
        <Notice kind="success">
          {normalised} is in {zone.name} — {describeZoneTerms(zone, currency)}.{" "}
          <span className="text-ink-muted">Matched on {zone.prefix}.</span>
        </Notice>
      ) : (
        <Notice kind="warning">{normalised} isn&apos;t covered by any active zone.</Notice>
      )}
      {inactiveMatch && (
        <p className="text-sm text-ink-muted">
          The inactive zone {inactiveMatch.name} also covers it (on {inactiveMatch.prefix}); inactive zones
          are ignored.
        </p>
      )}
    </div>
  );
}

import Link from "@/components/ui/link";
import { Check } from "lucide-react";
import { STEP_LABELS, type WizardState, type WizardStep, wizardHref } from "../domain/wizard-state";

/** Step names with the current one marked; the steps already done are links back (choices are kept). */
export function WizardProgress({
  steps,
  step,
  state,
}: {
  steps: readonly WizardStep[];
  step: WizardStep;
  state: WizardState;
}) {
  const current = steps.indexOf(step);
  return (
    <nav aria-label="Booking steps" className="mt-3">
      <p className="text-sm text-ink-muted sm:hidden">
        Step {current + 1} of {steps.length}:{" "}
        <span className="font-medium text-ink">{STEP_LABELS[step]}</span>
      </p>
      <ol className="hidden flex-wrap gap-x-1 gap-y-2 text-sm sm:flex">
        {steps.map((s, i) => {
          const done = i < current;
          const label = (
            <>
              <span
                aria-hidden="true"
                className={`grid size-6 shrink-0 place-items-center rounded-full text-xs font-semibold ${
                  done
                    ? "bg-brand text-white"
                    : i === current
                      ? "border-2 border-brand text-brand-ink"
                      : "border border-line-strong text-ink-subtle"
                }`}
              >
                {done ? <Check className="size-3.5" /> : i + 1}
              </span>
              <span>{STEP_LABELS[s]}</span>
              {done && <span className="sr-only"> (done)</span>}
            </>
          );
          return (
            <li key={s} className="flex items-center">
              {done ? (
                <Link
                  href={wizardHref(state, { step: s })}
                  className="inline-flex min-h-11 items-center gap-2 rounded-control px-2 text-ink-muted hover:bg-canvas hover:text-ink"
                >
                  {label}
                </Link>
              ) : (
                <span
                  aria-current={i === current ? "step" : undefined}
                  className={`inline-flex min-h-11 items-center gap-2 px-2 ${
                    i === current ? "font-semibold text-ink" : "text-ink-subtle"
                  }`}
                >
                  {label}
                </span>
              )}
              {i < steps.length - 1 && (
                <span aria-hidden="true" className="mx-1 hidden h-px w-4 bg-line-strong md:block" />
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

import Link from "next/link";
import { formatMoney } from "@/lib/money";
import { durationRange } from "@/modules/catalogue/components/service-card";
import { type WizardState, wizardHref } from "../domain/wizard-state";
import type { packageCards } from "../server/wizard-page";

/** Step 1: the packages by category, each a link to the next step with that package chosen. */
export function WizardServiceStep({
  groups,
  state,
  currency,
}: {
  groups: ReturnType<typeof packageCards>;
  state: WizardState;
  currency: string;
}) {
  if (groups.length === 0)
    return (
      <p className="rounded-card border border-line bg-surface p-5 text-ink-muted">
        Online booking isn&apos;t open yet — please call or email us to book.
      </p>
    );
  return (
    <div className="space-y-8">
      {groups.map((group) => (
        <section key={group.categoryId} aria-labelledby={`cat-${group.categoryId}`}>
          <h2 id={`cat-${group.categoryId}`} className="text-lg font-semibold">
            {group.categoryName}
          </h2>
          <ul className="mt-3 grid gap-3 sm:grid-cols-2">
            {group.services.map(({ service, fromPriceMinor, minMinutes, maxMinutes }) => {
              const chosen = state.service === service.slug;
              return (
                <li
                  key={service.id}
                  className={`flex flex-col rounded-card border bg-surface p-4 shadow-card ${
                    chosen ? "border-brand ring-1 ring-brand" : "border-line"
                  }`}
                >
                  <p className="font-semibold">{service.name}</p>
                  <p className="mt-1 flex-1 text-sm text-ink-muted">{service.shortDescription}</p>
                  <p className="mt-3 flex items-baseline justify-between gap-2 text-sm">
                    <span className="font-semibold tabular">
                      from {formatMoney(fromPriceMinor, currency)}
                    </span>
                    <span className="text-ink-muted tabular">{durationRange(minMinutes, maxMinutes)}</span>
                  </p>
                  <Link
                    href={wizardHref(state, { service: service.slug, step: "vehicle" })}
                    aria-current={chosen ? "true" : undefined}
                    className={`mt-3 inline-flex min-h-11 items-center justify-center rounded-control px-4 font-semibold ${
                      chosen
                        ? "bg-brand text-white hover:bg-brand-hover"
                        : "border border-brand text-brand-ink hover:bg-brand-soft"
                    }`}
                  >
                    {chosen ? "Continue with" : "Choose"}
                    <span className="sr-only"> {service.name}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

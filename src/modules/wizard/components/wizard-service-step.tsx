import { formatMoney } from "@/lib/money";
import { durationRange } from "@/modules/catalogue/components/service-card";
import { ServiceImage } from "@/modules/catalogue/components/service-image";
import { type WizardState, wizardHref } from "../domain/wizard-state";
import type { packageCards } from "../server/wizard-options";
import { ButtonLink } from "@/components/ui/button";
import { Card, cardClass } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";

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
      <Card className="text-ink-muted">
        <p>Online booking isn&apos;t open yet — please call or email us to book.</p>
      </Card>
    );
  return (
    // On a wide screen the categories sit side by side, two cards each (as on the home page), so a small
    // business's two or three packages per category fill the row; a category with more spans the width.
    <div className="grid gap-8 lg:grid-cols-2 lg:gap-x-6">
      {groups.map((group, g) => (
        <section
          key={group.categoryId}
          aria-labelledby={`cat-${group.categoryId}`}
          className={group.services.length > 2 ? "lg:col-span-2" : undefined}
        >
          <h2 id={`cat-${group.categoryId}`} className="text-lg font-semibold">
            {group.categoryName}
          </h2>
          <ul
            className={cn(
              "mt-3 grid gap-3 sm:grid-cols-2",
              group.services.length > 2 && "lg:grid-cols-3 xl:grid-cols-4",
            )}
          >
            {group.services.map(({ service, fromPriceMinor, minMinutes, maxMinutes }, i) => {
              const chosen = state.service === service.slug;
              return (
                <li
                  key={service.id}
                  className={cn(
                    cardClass,
                    "flex flex-col overflow-hidden p-4",
                    chosen && "border-brand ring-1 ring-brand",
                  )}
                >
                  {service.imageUploadId && (
                    // Edge to edge across the card's top; the first category's pictures are in the first
                    // screenful, so they are not lazy, and the first is a phone's largest paint.
                    <div className="-mx-4 -mt-4 mb-3">
                      <ServiceImage
                        uploadId={service.imageUploadId}
                        eager={g === 0 && i < 2}
                        first={g === 0 && i === 0}
                      />
                    </div>
                  )}
                  <p className="font-semibold">{service.name}</p>
                  <p className="mt-1 flex-1 text-sm text-ink-muted">{service.shortDescription}</p>
                  <p className="mt-3 flex items-baseline justify-between gap-2 text-sm">
                    <span className="font-semibold tabular">
                      from {formatMoney(fromPriceMinor, currency)}
                    </span>
                    <span className="text-ink-muted tabular">{durationRange(minMinutes, maxMinutes)}</span>
                  </p>
                  <ButtonLink
                    href={wizardHref(state, { service: service.slug, step: "vehicle" })}
                    aria-current={chosen ? "true" : undefined}
                    variant={chosen ? "primary" : "secondary"}
                    className="mt-3 font-semibold"
                  >
                    {chosen ? "Continue with" : "Choose"}
                    <span className="sr-only"> {service.name}</span>
                  </ButtonLink>
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}

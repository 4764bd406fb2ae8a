import { ChevronDown } from "lucide-react";
import { formatDuration } from "@/lib/dates";
import { formatMoney, formatSignedMoney } from "@/lib/money";
import type { WizardSummary } from "../server/wizard-page";
import { cardClass } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";

// "The price never surprises": every line as soon as it is known, the time it takes and the total —
// beside the steps on a wide screen, and on a phone as one line at the top of every step that opens
// up. (In the page's flow rather than pinned to the screen: a pinned bar covers the fields and buttons
// scrolled under it, and the field an error message sends the focus to.)

function Lines({ summary, currency }: { summary: WizardSummary; currency: string }) {
  return (
    <>
      <ul className="divide-y divide-line text-sm">
        {summary.lines ? (
          summary.lines.map((line) => (
            <li key={line.key} className="flex justify-between gap-3 py-2">
              <span>
                {line.name}
                {line.minutes > 0 && (
                  <span className="block text-xs text-ink-muted tabular">{formatDuration(line.minutes)}</span>
                )}
              </span>
              <span className="whitespace-nowrap font-medium tabular">
                {formatSignedMoney(line.priceMinor, currency)}
              </span>
            </li>
          ))
        ) : (
          <li className="py-2">
            {summary.serviceName}
            <span className="block text-xs text-ink-muted">Price depends on your vehicle&apos;s size</span>
          </li>
        )}
      </ul>
      {summary.lines && !summary.travelKnown && (
        <p className="mt-1 text-xs text-ink-muted">A travel fee may apply, depending on your postcode.</p>
      )}
      <dl className="mt-3 space-y-1 border-t border-line pt-3 text-sm">
        {summary.totalMinutes !== null && (
          <div className="flex justify-between gap-3">
            <dt className="text-ink-muted">Time on site</dt>
            <dd className="tabular">{formatDuration(summary.totalMinutes)}</dd>
          </div>
        )}
        {summary.vehicle && (
          <div className="flex justify-between gap-3">
            <dt className="text-ink-muted">Vehicle</dt>
            <dd className="text-right">{summary.vehicle}</dd>
          </div>
        )}
        {summary.place && (
          <div className="flex justify-between gap-3">
            <dt className="text-ink-muted">Where</dt>
            <dd className="text-right">{summary.place}</dd>
          </div>
        )}
        {summary.when && (
          <div className="flex justify-between gap-3">
            <dt className="text-ink-muted">When</dt>
            <dd className="text-right">{summary.when}</dd>
          </div>
        )}
        {summary.totalMinor !== null && (
          <div className="flex justify-between gap-3 pt-1 text-base font-semibold">
            <dt>Total</dt>
            <dd className="tabular">{formatMoney(summary.totalMinor, currency)}</dd>
          </div>
        )}
      </dl>
    </>
  );
}

export function WizardSummaryCard({ summary, currency }: { summary: WizardSummary; currency: string }) {
  return (
    <section aria-labelledby="summary-heading" className={cardClass}>
      <h2 id="summary-heading" className="font-semibold">
        Your booking
      </h2>
      <div className="mt-2" aria-live="polite">
        <Lines summary={summary} currency={currency} />
      </div>
    </section>
  );
}

/** The phone's one-line summary at the top of the step; tapping it shows every line. */
export function WizardSummaryBar({ summary, currency }: { summary: WizardSummary; currency: string }) {
  const items = summary.lines?.length ?? 1;
  const oneLine = [
    `${items} ${items === 1 ? "item" : "items"}`,
    summary.totalMinutes !== null ? formatDuration(summary.totalMinutes) : null,
    summary.totalMinor !== null ? formatMoney(summary.totalMinor, currency) : null,
  ]
    .filter(Boolean)
    .join(" · ");
  return (
    <div className={cn(cardClass, "mt-4 px-4 py-0 lg:hidden")}>
      <details className="group">
        <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-3 py-2">
          <span className="text-sm">
            <span className="font-semibold">Your booking</span>
            <span className="text-ink-muted tabular"> — {oneLine}</span>
          </span>
          <ChevronDown
            aria-hidden="true"
            className="size-5 shrink-0 transition-transform group-open:rotate-180"
          />
        </summary>
        <div className="pb-4">
          <Lines summary={summary} currency={currency} />
        </div>
      </details>
    </div>
  );
}

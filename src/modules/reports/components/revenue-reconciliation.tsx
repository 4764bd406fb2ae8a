import { cardClass } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { REVENUE_TERMS, type RevenueReconciliation, reconciliationLines } from "@/lib/booking/revenue-terms";
import { formatMoney } from "@/lib/money";

/** How the range's booked value becomes what it collected, each step with its amount, and what each term counts. */
export function RevenueReconciliationCard({
  reconciliation,
  currency,
}: {
  reconciliation: RevenueReconciliation;
  currency: string;
}) {
  const lines = reconciliationLines(reconciliation);
  return (
    <section aria-labelledby="reconciliation" className={cn(cardClass, "mb-6 p-5")}>
      <h2 id="reconciliation" className="text-lg font-semibold">
        How booked becomes collected
      </h2>
      <p className="mt-1 text-sm text-ink-muted">
        Booked and charged count the jobs of the range by their date; collected and refunded count money by
        the day it moved. These lines take one to the other.
      </p>
      <table className="mt-4 w-full max-w-2xl text-sm">
        <caption className="sr-only">From booked to net collected</caption>
        <tbody>
          {lines.map((l) => (
            <tr key={l.label} className={cn("border-t border-line", l.strong && "font-semibold")}>
              <td className="w-6 py-1.5 text-ink-muted" aria-hidden="true">
                {l.sign}
              </td>
              <th scope="row" className="py-1.5 pr-4 text-left font-[inherit]">
                {l.label}
              </th>
              <td className="py-1.5 text-right tabular">{formatMoney(l.minor, currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <details className="mt-4 text-sm">
        <summary className="cursor-pointer font-medium text-brand">What each figure counts</summary>
        <ul className="mt-2 list-disc space-y-1 pl-5 text-ink-muted">
          {Object.values(REVENUE_TERMS).map((t) => (
            <li key={t.label}>{t.counts}</li>
          ))}
        </ul>
      </details>
    </section>
  );
}

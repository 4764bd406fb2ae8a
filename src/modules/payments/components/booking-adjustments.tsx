import { cardClass } from "@/components/ui/card";
import type { AdjustmentLine } from "../server/booking-ledger";

/**
 * A booking's price adjustments with their reasons (ADR 0040): each discount and goodwill refund that
 * lowered its price, under its price summary. Nothing when there are none.
 */
export function BookingAdjustments({ lines, title }: { lines: AdjustmentLine[]; title: string }) {
  if (lines.length === 0) return null;
  return (
    <section aria-label={title} className={`${cardClass} mt-4`}>
      <h2 className="text-sm font-semibold">{title}</h2>
      <ul className="mt-1 divide-y divide-line text-sm">
        {lines.map((a) => (
          <li key={a.id} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1.5">
            <span className="min-w-0">
              {a.label}
              <span className="block text-ink-muted">
                {a.reason} · {a.at}
              </span>
            </span>
            <span className="tabular">−{a.amount}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}

import { VisitDays } from "@/components/ui/visit-days";
import { siteAnswersOf, siteSummary } from "@/lib/job/site-answers";
import { balanceLabel } from "@/lib/money";
import { Badge } from "@/components/ui/badge";
import type { ReactNode } from "react";
import type { BookingView } from "@/modules/bookings/server/booking-view";
import { BookingStatusBadge, PaymentStatusBadge } from "./booking-status-badge";
import { cardClass } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";
import { PlainRowTh, PlainTable, PlainTd } from "@/components/ui/data/table";

// The booking as the customer sees it everywhere (the wizard's last step, the /booking/* pages): what,
// when (in the business time zone, with its name), where, the vehicle, and the money.

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <dt className="text-sm text-ink-muted">{label}</dt>
      <dd className="mt-0.5 font-medium">{children}</dd>
    </div>
  );
}

function MoneyRow({ label, value, strong = false }: { label: string; value: string; strong?: boolean }) {
  return (
    <tr className={strong ? "border-t border-line font-semibold" : ""}>
      <PlainRowTh className={cn("py-1.5", !strong && "font-normal text-ink-muted")}>{label}</PlainRowTh>
      <PlainTd numeric className="py-1.5">
        {value}
      </PlainTd>
    </tr>
  );
}

export function BookingSummary({ booking }: { booking: BookingView }) {
  const b = booking;
  const site = siteSummary(siteAnswersOf(b.address));
  return (
    <section aria-label={`Booking ${b.reference}`} className={cn(cardClass, "p-0")}>
      <div className="flex flex-wrap items-start justify-between gap-3 border-b border-line p-5">
        <div>
          <h2 className="text-lg font-semibold">{b.title}</h2>
          <p className="mt-0.5 text-sm text-ink-muted">
            Reference <span className="tabular font-semibold tracking-wide text-ink">{b.reference}</span>
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <BookingStatusBadge status={b.status} label={b.statusLabel} />
          <PaymentStatusBadge status={b.moneyState} label={b.paymentStatusLabel} />
          {b.payBy && <Badge tone="brand">On account · pay by {b.payBy}</Badge>}
        </div>
      </div>

      <dl className="grid gap-4 p-5 sm:grid-cols-2">
        <Detail label="When">
          {b.date}
          <span className="tabular block font-normal text-ink-muted">
            {b.timeRange} ({b.duration})
          </span>
          <VisitDays days={b.visitDays} how={b.visitHow} />
        </Detail>
        <Detail label={b.vehicles.length > 1 ? `Vehicles (${b.vehicles.length})` : "Vehicle"}>
          <ul className="space-y-1">
            {b.vehicles.map((v) => (
              <li key={v.registration}>
                {v.label}
                <span className="block font-normal text-ink-muted">{v.sizeName}</span>
              </li>
            ))}
          </ul>
        </Detail>
        <Detail label="Address">
          <address className="not-italic">
            {b.addressLines.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
          </address>
          <span className="block text-sm font-normal text-ink-muted">{site}</span>
          {b.address.accessNotes && (
            <span className="block text-sm font-normal text-ink-muted">Access: {b.address.accessNotes}</span>
          )}
        </Detail>
        {b.team && <Detail label="Team">{b.team.name}</Detail>}
        {b.customerNotes && <Detail label="Your notes">{b.customerNotes}</Detail>}
      </dl>

      <div className="border-t border-line p-5">
        <PlainTable caption="Price">
          <tbody>
            {b.items.map((item, i) => (
              <MoneyRow key={`${item.name}-${i}`} label={item.name} value={item.price} />
            ))}
            <MoneyRow label="Total" value={b.total} strong={!b.money.closed && b.adjustmentMinor === 0} />
            {/* The price now (ADR 0040): less discounts and goodwill refunds, or a closed booking's fee. */}
            {!b.money.closed && b.adjustmentMinor > 0 && (
              <>
                <MoneyRow label="Discounts and goodwill" value={`−${b.adjustment}`} />
                <MoneyRow label="Price" value={b.charge} strong />
              </>
            )}
            {b.money.closed && <MoneyRow label={closedFeeLabel(b)} value={b.charge} strong />}
            {b.paidMinor > 0 && <MoneyRow label="Paid" value={b.paid} />}
            {b.refundedMinor > 0 && <MoneyRow label="Refunded" value={b.refunded} />}
            {b.refundableMinor > 0 && <MoneyRow label="To be refunded" value={b.refundable} />}
            {b.dueNowMinor > 0 && <MoneyRow label="Due now" value={b.dueNow} strong />}
            {b.dueNowMinor === 0 && b.onTheDayMinor > 0 && (
              <MoneyRow label={balanceLabel(b.payBy)} value={b.onTheDay} />
            )}
            {b.dueNowMinor > 0 && b.onTheDayMinor > 0 && (
              <MoneyRow label="Then on the day" value={b.onTheDay} />
            )}
          </tbody>
        </PlainTable>
      </div>
    </section>
  );
}

/** A closed booking's charge, named for what it is: no fee, a fee still owed, or a fee kept. */
function closedFeeLabel(b: { statusLabel: string; money: { chargeMinor: number; dueMinor: number } }) {
  if (b.money.chargeMinor === 0) return `${b.statusLabel}: no fee`;
  return `${b.statusLabel}: ${b.money.dueMinor > 0 ? "fee" : "fee kept"}`;
}

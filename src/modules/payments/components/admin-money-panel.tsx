import { Fragment } from "react";
import { Section } from "@/components/ui/card";
import type { AdminMoneyPanel as Panel, MoneyLine } from "../server/admin-money-view";
import {
  AdjustPriceButton,
  PaymentLinkButton,
  RecordPaymentButton,
  RefundButton,
} from "./admin-money-actions";

// The money part of /admin/bookings/{id} that belongs to the payments module: what came in and went out,
// and the buttons to record a payment, refund and send a payment link. The page renders it beside the
// bookings module's price summary.

type Props = {
  panel: Panel;
  reference: string;
  customerName: string;
  /** The customer's address for the payment link; null when the account was erased. */
  customerEmail: string | null;
};

function Lines({ title, lines, empty }: { title: string; lines: MoneyLine[]; empty: string }) {
  return (
    <div className="mt-4">
      <h3 className="text-sm font-semibold">{title}</h3>
      {lines.length === 0 ? (
        <p className="mt-1 text-sm text-ink-muted">{empty}</p>
      ) : (
        <ul className="mt-1 divide-y divide-line">
          {lines.map((l) => (
            <li key={l.id} className="flex flex-wrap justify-between gap-x-4 gap-y-0.5 py-1.5">
              <span className="min-w-0">
                {l.what}
                <span className="block text-sm text-ink-muted">
                  {l.status} · {l.at}
                </span>
              </span>
              <span className="tabular">{l.amount}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export function AdminMoneyPanel({ panel, reference, customerName, customerEmail }: Props) {
  const common = { bookingId: panel.bookingId, status: panel.status, reference, customerName };
  const buttons = [
    panel.canRecord && (
      <RecordPaymentButton key="record" {...common} due={panel.due} dueMinor={panel.dueMinor} />
    ),
    panel.link && customerEmail && (
      <PaymentLinkButton
        key="link"
        {...common}
        amount={panel.link.amount}
        what={panel.link.what}
        email={customerEmail}
      />
    ),
    panel.refundReasons.length > 0 && (
      <RefundButton
        key="refund"
        {...common}
        refundable={panel.refundable}
        refundableMinor={panel.refundableMinor}
        reasons={panel.refundReasons}
      />
    ),
    panel.discountLimitMinor > 0 && (
      <AdjustPriceButton
        key="adjust"
        {...common}
        charge={panel.charge}
        chargeMinor={panel.chargeMinor}
        limit={panel.charge}
      />
    ),
  ].filter(Boolean);
  return (
    <Section
      title="Payments and refunds"
      description={`Can be refunded: ${panel.refundable}. Due: ${panel.due}.`}
    >
      <dl className="mt-3 grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 text-sm">
        <dt className="text-ink-muted">Total</dt>
        <dd className="tabular text-right">{panel.total}</dd>
        {panel.adjustments.map((a) => (
          <Fragment key={a.id}>
            <dt className="text-ink-muted">
              {a.label}
              <span className="block">{a.reason}</span>
            </dt>
            <dd className="tabular text-right">−{a.amount}</dd>
          </Fragment>
        ))}
        <dt className="font-semibold">
          {panel.closed ? (panel.dueMinor > 0 ? "Charge (the fee)" : "Charge (fee kept)") : "Charge"}
        </dt>
        <dd className="tabular text-right font-semibold">{panel.charge}</dd>
        <dt className="text-ink-muted">Paid, less refunds</dt>
        <dd className="tabular text-right">{panel.netPaid}</dd>
        <dt className="text-ink-muted">Due</dt>
        <dd className="tabular text-right">{panel.due}</dd>
        <dt className="text-ink-muted">Refundable (paid above the charge)</dt>
        <dd className="tabular text-right">{panel.overpaid}</dd>
      </dl>
      {buttons.length > 0 ? (
        <div className="mt-3 flex flex-wrap gap-3">{buttons}</div>
      ) : (
        <p className="mt-3 text-sm text-ink-muted">No money can be taken or refunded on this booking now.</p>
      )}
      <Lines title="Payments" lines={panel.payments} empty="No payment yet." />
      <Lines title="Refunds" lines={panel.refunds} empty="No refund." />
    </Section>
  );
}

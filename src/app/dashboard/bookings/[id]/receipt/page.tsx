import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BackLink } from "@/components/ui/nav/back-link";
import { cardClass } from "@/components/ui/card";
import { PlainHead, PlainRow, PlainRowTh, PlainTable, PlainTd, PlainTh } from "@/components/ui/data/table";
import { formatLongDate } from "@/lib/dates";
import { routes } from "@/lib/routes";
import { isUuid } from "@/lib/uuid";
import { loadMyBooking } from "@/modules/bookings/server";
import { PrintButton } from "@/modules/payments/components/print-button";
import { BookingTaxDocuments } from "@/modules/payments/components/tax-document";
import { loadBookingAdjustments, loadBookingLedger } from "@/modules/payments/server";
import { getPublicSettings } from "@/modules/settings/server";
import { requireCustomerPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Receipt" };

export default async function ReceiptPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireCustomerPage(`${routes.myBookings}/${id}/receipt`);
  const page = isUuid(id) ? await loadMyBooking(user.id, id) : null;
  if (!page) notFound();
  const b = page.view;
  const [settings, ledger, adjustments] = await Promise.all([
    getPublicSettings(),
    loadBookingLedger(b.id, b.timeZone),
    loadBookingAdjustments(b.id, b.currency, b.timeZone),
  ]);
  // Every figure below is the one money definition's (ADR 0040), through the booking's view.
  const m = b.money;

  return (
    <div className="max-w-2xl">
      <div className="flex flex-wrap items-center justify-between gap-3 print:hidden">
        <BackLink href={`${routes.myBookings}/${b.id}`}>Booking {b.reference}</BackLink>
        <PrintButton>Print or save as PDF</PrintButton>
      </div>
      <article
        aria-labelledby="receipt-heading"
        className={`${cardClass} mt-4 print:border-0 print:p-0 print:shadow-none`}
      >
        <header className="flex flex-wrap justify-between gap-4 border-b border-line pb-4">
          <div>
            <h1 id="receipt-heading" className="text-2xl font-bold">
              Receipt
            </h1>
            <p className="text-ink-muted">
              Booking <span className="tabular font-semibold text-ink">{b.reference}</span>
            </p>
            {m.closed && <p className="mt-2 text-lg font-bold text-danger">{b.statusLabel}</p>}
          </div>
          <address className="text-sm not-italic sm:text-right">
            <span className="block font-semibold">{settings.businessName}</span>
            <span className="block">{settings.baseAddress}</span>
            <span className="block">{settings.contactEmail}</span>
            <span className="block">{settings.contactPhone}</span>
          </address>
        </header>

        <dl className="mt-4 grid gap-3 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-ink-muted">Customer</dt>
            <dd className="font-medium">{user.name}</dd>
          </div>
          <div>
            <dt className="text-ink-muted">Appointment</dt>
            <dd className="font-medium">
              {b.date}, {b.timeRange}
            </dd>
          </div>
          <div>
            <dt className="text-ink-muted">Vehicle</dt>
            <dd className="font-medium">{b.vehicleLabel}</dd>
          </div>
          <div>
            <dt className="text-ink-muted">Address</dt>
            <dd className="font-medium">{b.addressLine}</dd>
          </div>
        </dl>

        <PlainTable caption="What was booked" className="mt-6">
          <PlainHead>
            <PlainTh>Item</PlainTh>
            <PlainTh numeric>Price</PlainTh>
          </PlainHead>
          <tbody>
            {b.items.map((item, i) => (
              <PlainRow key={`${item.name}-${i}`}>
                <PlainTd>{item.name}</PlainTd>
                <PlainTd numeric>{item.price}</PlainTd>
              </PlainRow>
            ))}
          </tbody>
          <tfoot>
            <tr className={adjustments.length || m.closed ? "" : "font-semibold"}>
              <PlainRowTh>Total</PlainRowTh>
              <PlainTd numeric>{b.total}</PlainTd>
            </tr>
            {adjustments.map((a) => (
              <tr key={a.id} className="border-t border-line">
                <PlainRowTh className="font-normal">
                  {a.label}
                  <span className="block text-ink-muted">{a.reason}</span>
                </PlainRowTh>
                <PlainTd numeric>−{a.amount}</PlainTd>
              </tr>
            ))}
            {(adjustments.length > 0 || m.closed) && (
              <tr className="border-t border-line font-semibold">
                <PlainRowTh>{m.closed ? `${b.statusLabel}: fee kept` : "Price"}</PlainRowTh>
                <PlainTd numeric>{b.charge}</PlainTd>
              </tr>
            )}
          </tfoot>
        </PlainTable>

        <PlainTable caption="Payments and refunds" captionHidden={false} className="mt-6">
          <PlainHead>
            <PlainTh>Date</PlainTh>
            <PlainTh>What</PlainTh>
            <PlainTh numeric>Amount</PlainTh>
          </PlainHead>
          <tbody>
            {ledger.map((line) => (
              <PlainRow key={line.id}>
                <PlainTd>{line.at}</PlainTd>
                <PlainTd>
                  {line.kind === "payment" ? "Payment" : line.pending ? "Refund (on its way)" : "Refund"} —{" "}
                  {line.how}
                  {line.why && <span className="block text-ink-muted">{line.why}</span>}
                </PlainTd>
                <PlainTd numeric>
                  {line.kind === "refund" ? "−" : ""}
                  {line.amount}
                </PlainTd>
              </PlainRow>
            ))}
          </tbody>
        </PlainTable>
        <dl className="mt-4 ml-auto grid max-w-xs grid-cols-2 gap-1 text-sm">
          <dt className="text-ink-muted">{m.closed ? "Fee kept" : "Price"}</dt>
          <dd className="tabular text-right">{b.charge}</dd>
          <dt className="text-ink-muted">Paid</dt>
          <dd className="tabular text-right">{b.paid}</dd>
          {m.refundedMinor > 0 && (
            <>
              <dt className="text-ink-muted">Refunded</dt>
              <dd className="tabular text-right">−{b.refunded}</dd>
              <dt className="font-semibold">Paid after refunds</dt>
              <dd className="tabular text-right font-semibold">{b.netPaid}</dd>
            </>
          )}
          {m.dueMinor > 0 && !m.closed && (
            <>
              <dt className="text-ink-muted">Left to pay</dt>
              <dd className="tabular text-right">{b.balance}</dd>
            </>
          )}
          {m.refundableMinor > 0 && (
            <>
              <dt className="text-ink-muted">To be refunded</dt>
              <dd className="tabular text-right">{b.refundable}</dd>
            </>
          )}
        </dl>
        <p className="mt-6 text-xs text-ink-muted">Issued {formatLongDate(new Date(), b.timeZone)}.</p>
      </article>
      <BookingTaxDocuments bookingId={b.id} basePath={`${routes.myBookings}/${b.id}/invoice`} />
    </div>
  );
}

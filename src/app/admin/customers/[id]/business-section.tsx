import { Badge } from "@/components/ui/badge";
import { Section } from "@/components/ui/card";
import { TextLink } from "@/components/ui/link";
import { formatCalendarDate } from "@/lib/dates";
import { formatMoney } from "@/lib/money";
import { routes } from "@/lib/routes";
import {
  AddContactButton,
  BusinessDetailsButton,
  RemoveBusinessButton,
  RemoveContactButton,
} from "@/modules/accounts/components/business-customer-actions";
import type { BusinessContact, BusinessProfile } from "@/modules/accounts/server";
import { removeBusinessAction } from "@/modules/receivables/actions";
import type { ReceivablesView } from "@/modules/receivables/server";

// The customer's company on /admin/customers/{id} (ADR 0051): details, terms, contacts, and what it owes
// on account now.

export function BusinessSection({
  customerId,
  customerEmail,
  business,
  contacts,
  receivables,
}: {
  customerId: string;
  customerEmail: string;
  business: BusinessProfile | null;
  contacts: BusinessContact[];
  receivables: ReceivablesView | null;
}) {
  if (!business)
    return (
      <Section title="Business">
        <p className="mt-3 text-sm text-ink-muted">
          A private customer. A company — a fleet, a dealership — gets invoices in its name with its VAT
          number, can list the people you deal with, and can pay on account.
        </p>
        <div className="mt-3">
          <BusinessDetailsButton customerId={customerId} business={null} customerEmail={customerEmail} />
        </div>
      </Section>
    );
  const t = receivables?.totals;
  const days = business.paymentTermsDays;
  return (
    <Section
      title="Business"
      actions={
        <BusinessDetailsButton customerId={customerId} business={business} customerEmail={customerEmail} />
      }
    >
      <dl className="mt-3 space-y-2 text-sm">
        <div>
          <dt className="text-ink-muted">Company</dt>
          <dd className="font-medium break-words">{business.companyName}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">VAT number</dt>
          <dd className="font-mono">{business.vatNumber ?? "None given"}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">Invoice address</dt>
          <dd className="whitespace-pre-line break-words">{business.invoiceAddress}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">Billing email</dt>
          <dd className="break-all">{business.billingEmail}</dd>
        </div>
        <div>
          <dt className="text-ink-muted">Payment</dt>
          <dd>
            {business.onAccount ? (
              <>
                <Badge tone="brand">On account</Badge> invoices due within {days}{" "}
                {days === 1 ? "day" : "days"}
              </>
            ) : (
              "Pays when booking, as every customer does"
            )}
          </dd>
        </div>
        {t && t.count > 0 && (
          <div>
            <dt className="text-ink-muted">Owed on account</dt>
            <dd>
              {formatMoney(t.owedMinor, receivables.currency)} on {t.count}{" "}
              {t.count === 1 ? "booking" : "bookings"}
              {t.overdueCount > 0 && (
                <span className="text-danger">
                  {" "}
                  · {formatMoney(t.overdueMinor, receivables.currency)} overdue
                </span>
              )}
              {receivables.rows[0] && (
                <span className="block text-ink-subtle">
                  Next due {formatCalendarDate(receivables.rows[0].payBy)} ·{" "}
                  <TextLink href={routes.adminReceivables} underline="hover" weight="normal">
                    Receivables
                  </TextLink>
                </span>
              )}
            </dd>
          </div>
        )}
      </dl>

      <h3 className="mt-4 text-sm font-semibold">Contacts</h3>
      {contacts.length === 0 ? (
        <p className="mt-1 text-sm text-ink-muted">No contacts yet.</p>
      ) : (
        <ul className="mt-1 divide-y divide-line text-sm">
          {contacts.map((c) => (
            <li key={c.id} className="flex flex-wrap items-start justify-between gap-2 py-2">
              <span className="min-w-0 break-words">
                <span className="font-medium">{c.name}</span>
                {c.role && <span className="text-ink-muted"> · {c.role}</span>}
                {c.email && <span className="block break-all">{c.email}</span>}
                {c.phone && <span className="block">{c.phone}</span>}
              </span>
              <RemoveContactButton customerId={customerId} contactId={c.id} name={c.name} />
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap gap-2">
        <AddContactButton customerId={customerId} />
        <RemoveBusinessButton
          customerId={customerId}
          companyName={business.companyName}
          remove={removeBusinessAction}
        />
      </div>
    </Section>
  );
}

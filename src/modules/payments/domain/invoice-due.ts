import { localDateOf } from "@/lib/dates";

// When an invoice must be paid (issue 41 §5): the one definition read by the invoice's page and PDF and by
// the accountant's Xero and QuickBooks exports. An invoice on account (ADR 0051) is due on its payment
// terms' day, kept on the document when it was issued; any other invoice records money already received
// and a credit note is settled when issued, so each is due on the day it was issued.

export type InvoiceDue = {
  /** YYYY-MM-DD, the business's calendar. */
  dueOn: string;
  /** Days from the issue date to the due date: 0 is "due on receipt". */
  termsDays: number;
  /** True when the due date comes from account terms (the document then says "Payment due by"). */
  onTerms: boolean;
};

export function invoiceDue(doc: { issuedAt: Date; payBy?: string | null }, timeZone: string): InvoiceDue {
  const issuedOn = localDateOf(doc.issuedAt, timeZone);
  if (!doc.payBy) return { dueOn: issuedOn, termsDays: 0, onTerms: false };
  const days = Math.round(
    (Date.parse(`${doc.payBy}T00:00:00Z`) - Date.parse(`${issuedOn}T00:00:00Z`)) / 86_400_000,
  );
  return { dueOn: doc.payBy, termsDays: Math.max(0, days), onTerms: true };
}

/** QuickBooks Online's name for the terms: its built-in "Due on receipt" or "Net N". */
export const quickbooksTerms = (due: InvoiceDue) =>
  due.termsDays === 0 ? "Due on receipt" : `Net ${due.termsDays}`;

import { balanceLabel } from "@/lib/money";
import { type EmailContent, type EmailContext, paragraphs, WHY } from "./layout";

// Payment emails: the customer's receipt, refund, price change and payment link, and the business's money
// alerts. As with the booking emails, the data is captured when the email is queued (times formatted in
// the business time zone, money with its currency) and every value is escaped by `html`.

export type PaymentReceiptData = {
  name: string;
  reference: string;
  amount: string;
  method: string;
  /** "Tue 1 Dec, 09:05 GMT" */
  paidAt: string;
  total: string;
  paidToDate: string;
  balance: string;
  balanceMinor: number;
  /** On account (ADR 0051): the day the invoice is due, for the balance line. */
  payBy?: string | null;
  url: string;
};

export type PaymentAlertKind =
  | "late_payment_refunded"
  | "cancelled_booking_refunded"
  | "paid_twice_refunded"
  | "amount_mismatch"
  | "refund_failed"
  // Money and endings the business hears of as they happen (issue 12).
  | "booking_paid"
  | "booking_cancelled"
  | "booking_expired"
  | "refund_made"
  // A customer cancelled with money paid to the business directly: the business hands it back (issue 13).
  | "refund_owed"
  // A repeat booking was made, paused, changed or ended: many visits at once, told once (ADR 0052).
  | "series_changed";

export type PaymentAlertData = {
  kind: PaymentAlertKind;
  reference: string;
  amount: string;
  /** What happened, in a sentence or two. */
  detail: string;
  adminUrl: string;
};

export function renderPaymentReceipt(d: PaymentReceiptData, ctx: EmailContext): EmailContent {
  const subject = `Receipt for your payment of ${d.amount} (${d.reference})`;
  return {
    subject,
    preview: `We've received ${d.amount} for booking ${d.reference}.`,
    why: WHY.booking(ctx),
    blocks: [
      ...paragraphs(`Hello ${d.name},`, "Thank you — we've received your payment."),
      {
        kind: "rows",
        rows: [
          { label: "Booking", value: d.reference },
          { label: "Amount paid", value: d.amount },
          { label: "Paid", value: d.paidAt },
          { label: "Method", value: d.method },
          { label: "Booking total", value: d.total },
          { label: "Paid so far", value: d.paidToDate },
          ...(d.balanceMinor > 0 ? [{ label: balanceLabel(d.payBy), value: d.balance }] : []),
        ],
      },
      { kind: "button", label: "View your booking", url: d.url },
    ],
  };
}

const ALERT_SUBJECTS: Record<PaymentAlertKind, string> = {
  late_payment_refunded: "A payment arrived after the hold expired and was refunded",
  cancelled_booking_refunded: "A payment arrived for a cancelled booking and was refunded",
  paid_twice_refunded: "A second payment for a paid booking was refunded",
  amount_mismatch: "A payment did not match its booking and was not applied",
  refund_failed: "An automatic refund failed — action needed",
  booking_paid: "A payment was received",
  booking_cancelled: "A booking was cancelled",
  booking_expired: "A booking expired unpaid",
  refund_made: "A refund was made",
  refund_owed: "A refund is owed — hand it back to the customer",
  series_changed: "A repeat booking changed the schedule",
};

/** "A refund was made": the alert's headline, for the email and the booking's timeline. */
export const alertHeadline = (kind: PaymentAlertKind): string => ALERT_SUBJECTS[kind];

export type RefundIssuedData = {
  name: string;
  reference: string;
  /** "£25.00" */
  amount: string;
  reason: string;
  /** Why the money went back (ADR 0040); older emails have none and keep their wording. */
  reasonKind?: "cancellation" | "goodwill" | "overpayment";
  /** How it went back: online through the provider, or by hand (cash, card terminal, bank transfer). */
  method?: "online" | "cash" | "card" | "bank_transfer";
  /** The customer's booking page. */
  url: string;
};

const REFUND_HOW: Record<NonNullable<RefundIssuedData["method"]>, string> = {
  online: "to the card you paid with. A card refund can take 5–10 working days to show on your statement.",
  cash: "in cash, handed back to you by the business.",
  card: "to your card through the business's card terminal.",
  bank_transfer: "by bank transfer from the business.",
};

const REFUND_WHAT: Record<NonNullable<RefundIssuedData["reasonKind"]>, string> = {
  goodwill: "as a goodwill refund: the price of your booking is lowered by as much",
  overpayment: "because you paid more than the booking's price",
  cancellation: "for your cancelled booking",
};

export function renderRefundIssued(d: RefundIssuedData, ctx: EmailContext): EmailContent {
  // Emails queued before refunds had a reason and a method keep their first wording.
  const said =
    d.reasonKind || d.method
      ? `${ctx.businessName} has refunded ${d.amount} for your booking ${d.reference}${d.reasonKind ? ` ${REFUND_WHAT[d.reasonKind]}` : ""}. It was refunded ${REFUND_HOW[d.method ?? "online"]}`
      : `${ctx.businessName} has refunded ${d.amount} for your booking ${d.reference}, the way you paid. A card refund can take 5–10 working days to show on your statement.`;
  return {
    subject:
      d.reasonKind === "goodwill"
        ? `A goodwill refund of ${d.amount} for your booking ${d.reference}`
        : `A refund of ${d.amount} for your booking ${d.reference}`,
    preview:
      d.method && d.method !== "online"
        ? `${d.amount} was given back to you.`
        : `${d.amount} is on its way back to you.`,
    why: WHY.booking(ctx),
    blocks: [
      ...paragraphs(`Hello ${d.name},`, said, `Reason: ${d.reason}`),
      { kind: "button", label: "View your booking", url: d.url },
    ],
  };
}

export type PriceAdjustedData = {
  name: string;
  reference: string;
  /** The discount, "£10.00". */
  amount: string;
  reason: string;
  /** The price now, "£75.00". */
  price: string;
  /** What is left to pay, "£20.00"; null when nothing is. */
  due: string | null;
  /** Paid above the new price, "£10.00" (the business refunds it); null when nothing was. */
  overpaid: string | null;
  /** The customer's booking page. */
  url: string;
};

/** The business lowered a booking's price (a discount, ADR 0040): what it is now and what is left to pay. */
export function renderPriceAdjusted(d: PriceAdjustedData, ctx: EmailContext): EmailContent {
  const left = d.overpaid
    ? `You have paid ${d.overpaid} more than the new price; ${ctx.businessName} will refund it.`
    : d.due
      ? `Left to pay: ${d.due}.`
      : "Nothing is left to pay.";
  return {
    subject: `The price of your booking ${d.reference} is now ${d.price}`,
    preview: `${ctx.businessName} took ${d.amount} off.`,
    why: WHY.booking(ctx),
    blocks: [
      ...paragraphs(
        `Hello ${d.name},`,
        `${ctx.businessName} has taken ${d.amount} off the price of your booking ${d.reference}. The price is now ${d.price}.`,
        `Reason: ${d.reason}`,
        left,
      ),
      { kind: "button", label: "View your booking", url: d.url },
    ],
  };
}

export type PaymentLinkData = {
  name: string;
  reference: string;
  title: string;
  date: string;
  timeRange: string;
  /** What is owed, "£42.50". */
  amount: string;
  /** "the deposit" / "the balance" */
  what: string;
  /** The page where the customer pays through the business's payment provider. */
  url: string;
};

export function renderPaymentLink(d: PaymentLinkData, ctx: EmailContext): EmailContent {
  return {
    subject: `Pay ${d.amount} for your booking ${d.reference}`,
    preview: `${d.title}, ${d.date}: ${d.amount} to pay.`,
    why: WHY.booking(ctx),
    blocks: [
      ...paragraphs(
        `Hello ${d.name},`,
        `${ctx.businessName} has sent you a link to pay ${d.what} of ${d.amount} for your booking ${d.reference} (${d.title}, ${d.date}, ${d.timeRange}).`,
      ),
      { kind: "button", label: `Pay ${d.amount}`, url: d.url },
      ...paragraphs("The payment is made securely through our payment provider."),
    ],
  };
}

export function renderPaymentAlertAdmin(d: PaymentAlertData, ctx: EmailContext): EmailContent {
  return {
    subject: `${ALERT_SUBJECTS[d.kind]} (${d.reference})`,
    preview: d.detail,
    why: WHY.business(ctx),
    blocks: [
      ...paragraphs(`${ALERT_SUBJECTS[d.kind]}.`, `Booking ${d.reference} · amount ${d.amount}`, d.detail),
      { kind: "button", label: "Open the booking", url: d.adminUrl },
    ],
  };
}

// A business customer's VAT invoice, to its billing address with the PDF attached (ADR 0051): the accounts
// office that pays it may never sign in.
export type InvoiceIssuedData = {
  companyName: string;
  number: string;
  reference: string;
  /** "£155.75" */
  total: string;
  /** On account: "28 December 2026", the day it must be paid by. */
  payBy: string | null;
  /** "Tuesday 8 December 2026": the visit it is for. */
  date: string;
};

export function renderInvoiceIssued(d: InvoiceIssuedData, ctx: EmailContext): EmailContent {
  return {
    subject: `VAT invoice ${d.number} from ${ctx.businessName}${d.payBy ? ` — due by ${d.payBy}` : ""}`,
    preview: `${d.total} for booking ${d.reference}`,
    why: `You get this email because it is the billing address ${d.companyName} gave ${ctx.businessName}.`,
    blocks: [
      ...paragraphs(
        `Hello ${d.companyName},`,
        `Your VAT invoice ${d.number} for booking ${d.reference} (${d.date}) is attached as a PDF.`,
      ),
      {
        kind: "rows",
        rows: [
          { label: "Invoice", value: d.number },
          { label: "Total", value: d.total, strong: true },
          ...(d.payBy ? [{ label: "Payment due by", value: d.payBy }] : [{ label: "Paid", value: "Yes" }]),
        ],
      },
      ...paragraphs(`Questions about this invoice? Email ${ctx.contactEmail} or call ${ctx.contactPhone}.`),
    ],
  };
}

import { html, type SafeHtml } from "@/lib/html";
import { type EmailContext, layout, type RenderedEmail, textFooter } from "./layout";

// Booking and payment emails. The data is captured when the email is queued — times already formatted
// in the business time zone with the zone's name, money with its currency — so a later change (a move,
// a price change) never rewrites an email about the past. Every value is escaped by `html`.

export type BookingEmailSummary = {
  reference: string;
  title: string;
  /** "Tuesday 8 December 2026" */
  date: string;
  /** "09:30 GMT – 12:30 GMT" */
  timeRange: string;
  vehicle: string;
  address: string;
  items: { name: string; price: string }[];
  total: string;
  paid: string;
  paidMinor: number;
  /** Left to pay on the day (after anything due online now). */
  balance: string;
  balanceMinor: number;
};

export type BookingReceivedData = {
  name: string;
  summary: BookingEmailSummary;
  /** The booking page (pay, cancel, add to calendar). */
  url: string;
  awaiting: "payment" | "approval";
  dueNow: string;
  /** "10:15 GMT", when the time stops being held. */
  holdUntil: string | null;
};

export type BookingConfirmedData = {
  name: string;
  summary: BookingEmailSummary;
  url: string;
  site: { water: boolean; power: boolean; covered: boolean; accessNotes: string | null };
};

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
  url: string;
};

export type NewBookingAdminData = {
  summary: BookingEmailSummary;
  statusLabel: string;
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  notes: string | null;
  adminUrl: string;
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
  | "refund_owed";

export type PaymentAlertData = {
  kind: PaymentAlertKind;
  reference: string;
  amount: string;
  /** What happened, in a sentence or two. */
  detail: string;
  adminUrl: string;
};

const button = (label: string, url: string) =>
  html`<p style="margin:24px 0">
    <a
      href="${url}"
      style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px"
      >${label}</a
    >
  </p>`;

const cell = "padding:6px 0;vertical-align:top";

function summaryHtml(s: BookingEmailSummary): SafeHtml {
  const row = (label: string, value: string) =>
    html`<tr>
      <th align="left" style="${cell};width:34%;color:#475569;font-weight:500">${label}</th>
      <td style="${cell}">${value}</td>
    </tr>`;
  return html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:16px 0">
      ${row("Reference", s.reference)} ${row("Date", s.date)} ${row("Time", s.timeRange)}
      ${row("Vehicle", s.vehicle)} ${row("Address", s.address)}
    </table>
    <table
      role="presentation"
      width="100%"
      cellpadding="0"
      cellspacing="0"
      style="margin:16px 0;border-top:1px solid #e2e8f0"
    >
      ${s.items.map(
        (i) =>
          html`<tr>
            <td style="${cell}">${i.name}</td>
            <td align="right" style="${cell}">${i.price}</td>
          </tr>`,
      )}
      <tr>
        <td style="${cell};border-top:1px solid #e2e8f0;font-weight:700">Total</td>
        <td align="right" style="${cell};border-top:1px solid #e2e8f0;font-weight:700">${s.total}</td>
      </tr>
      ${
        s.paidMinor > 0
          ? html`<tr>
              <td style="${cell}">Paid</td>
              <td align="right" style="${cell}">${s.paid}</td>
            </tr>`
          : ""
      }
      ${
        s.balanceMinor > 0
          ? html`<tr>
              <td style="${cell}">To pay on the day</td>
              <td align="right" style="${cell}">${s.balance}</td>
            </tr>`
          : ""
      }
    </table>`;
}

function summaryText(s: BookingEmailSummary): string[] {
  return [
    `Reference: ${s.reference}`,
    `Date: ${s.date}`,
    `Time: ${s.timeRange}`,
    `Vehicle: ${s.vehicle}`,
    `Address: ${s.address}`,
    "",
    ...s.items.map((i) => `${i.name}: ${i.price}`),
    `Total: ${s.total}`,
    ...(s.paidMinor > 0 ? [`Paid: ${s.paid}`] : []),
    ...(s.balanceMinor > 0 ? [`To pay on the day: ${s.balance}`] : []),
  ];
}

function compose(ctx: EmailContext, subject: string, body: SafeHtml, text: string[]): RenderedEmail {
  return { subject, html: layout(ctx, subject, body), text: `${text.join("\n")}${textFooter(ctx)}` };
}

export function renderBookingReceived(d: BookingReceivedData, ctx: EmailContext): RenderedEmail {
  const payment = d.awaiting === "payment";
  const subject = payment
    ? `Complete your booking ${d.summary.reference} with ${ctx.businessName}`
    : `We've received your booking request ${d.summary.reference}`;
  const lead = payment
    ? `We're holding ${d.summary.date}, ${d.summary.timeRange} for your ${d.summary.title}. Pay ${d.dueNow} online${
        d.holdUntil ? ` by ${d.holdUntil}` : ""
      } to confirm it — after that the time is released.`
    : `Thanks for your request for ${d.summary.title} on ${d.summary.date}, ${d.summary.timeRange}. We'll check it and email you as soon as it's confirmed.`;
  const action = payment ? "Pay and confirm" : "View your booking";
  return compose(
    ctx,
    subject,
    html`<p>Hello ${d.name},</p>
      <p>${lead}</p>
      ${summaryHtml(d.summary)} ${button(action, d.url)}`,
    [`Hello ${d.name},`, "", lead, "", ...summaryText(d.summary), "", `${action}: ${d.url}`],
  );
}

export function renderBookingConfirmed(d: BookingConfirmedData, ctx: EmailContext): RenderedEmail {
  const subject = `Booking confirmed: ${d.summary.title} on ${d.summary.date}`;
  const yesNo = (v: boolean) => (v ? "yes" : "no");
  const site = [
    `Water available on site: ${yesNo(d.site.water)}`,
    `Power available on site: ${yesNo(d.site.power)}`,
    `Covered space: ${yesNo(d.site.covered)}`,
    ...(d.site.accessNotes ? [`Access notes: ${d.site.accessNotes}`] : []),
  ];
  const lead = `Your ${d.summary.title} is booked for ${d.summary.date}, ${d.summary.timeRange}. The calendar file attached adds it to your calendar.`;
  const after = `Please have the vehicle at the address at the start time. If anything about the site has changed, email ${ctx.contactEmail} or call ${ctx.contactPhone}.`;
  return compose(
    ctx,
    subject,
    html`<p>Hello ${d.name},</p>
      <p>${lead}</p>
      ${summaryHtml(d.summary)}
      <p style="margin-bottom:4px"><strong>What you told us about the site</strong></p>
      <ul style="margin-top:4px">
        ${site.map((l) => html`<li>${l}</li>`)}
      </ul>
      <p>${after}</p>
      ${button("View your booking", d.url)}`,
    [
      `Hello ${d.name},`,
      "",
      lead,
      "",
      ...summaryText(d.summary),
      "",
      "What you told us about the site:",
      ...site.map((l) => `- ${l}`),
      "",
      after,
      "",
      `View your booking: ${d.url}`,
    ],
  );
}

export function renderPaymentReceipt(d: PaymentReceiptData, ctx: EmailContext): RenderedEmail {
  const subject = `Receipt for your payment of ${d.amount} (${d.reference})`;
  const lines: [string, string][] = [
    ["Booking", d.reference],
    ["Amount paid", d.amount],
    ["Paid", d.paidAt],
    ["Method", d.method],
    ["Booking total", d.total],
    ["Paid so far", d.paidToDate],
    ...(d.balanceMinor > 0 ? ([["To pay on the day", d.balance]] as [string, string][]) : []),
  ];
  return compose(
    ctx,
    subject,
    html`<p>Hello ${d.name},</p>
      <p>Thank you — we've received your payment.</p>
      <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="margin:16px 0">
        ${lines.map(
          ([k, v]) =>
            html`<tr>
              <th align="left" style="${cell};width:40%;color:#475569;font-weight:500">${k}</th>
              <td style="${cell}">${v}</td>
            </tr>`,
        )}
      </table>
      ${button("View your booking", d.url)}`,
    [
      `Hello ${d.name},`,
      "",
      "Thank you — we've received your payment.",
      "",
      ...lines.map(([k, v]) => `${k}: ${v}`),
      "",
      `View your booking: ${d.url}`,
    ],
  );
}

export function renderNewBookingAdmin(d: NewBookingAdminData, ctx: EmailContext): RenderedEmail {
  const subject = `New booking ${d.summary.reference}: ${d.summary.title}, ${d.summary.date} (${d.statusLabel})`;
  const who = [d.customerName, d.customerEmail, d.customerPhone].filter(Boolean).join(" · ");
  return compose(
    ctx,
    subject,
    html`<p>A new booking was made (status: ${d.statusLabel}).</p>
      <p><strong>Customer:</strong> ${who}</p>
      ${summaryHtml(d.summary)} ${d.notes ? html`<p><strong>Customer notes:</strong> ${d.notes}</p>` : ""}
      ${button("Open the booking", d.adminUrl)}`,
    [
      `A new booking was made (status: ${d.statusLabel}).`,
      "",
      `Customer: ${who}`,
      "",
      ...summaryText(d.summary),
      ...(d.notes ? ["", `Customer notes: ${d.notes}`] : []),
      "",
      `Open the booking: ${d.adminUrl}`,
    ],
  );
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
};

/** "A refund was made": the alert's headline, for the email and the booking's timeline. */
export const alertHeadline = (kind: PaymentAlertKind): string => ALERT_SUBJECTS[kind];

export type RefundIssuedData = {
  name: string;
  reference: string;
  /** "£25.00" */
  amount: string;
  reason: string;
  /** The customer's booking page. */
  url: string;
};

export function renderRefundIssued(d: RefundIssuedData, ctx: EmailContext): RenderedEmail {
  const subject = `A refund of ${d.amount} for your booking ${d.reference}`;
  return compose(
    ctx,
    subject,
    html`<p>Hello ${d.name},</p>
      <p>
        ${ctx.businessName} has refunded ${d.amount} for your booking ${d.reference}, the way you paid. A card
        refund can take 5–10 working days to show on your statement.
      </p>
      <p>Reason: ${d.reason}</p>
      ${button("View your booking", d.url)}`,
    [
      `Hello ${d.name},`,
      "",
      `${ctx.businessName} has refunded ${d.amount} for your booking ${d.reference}, the way you paid. A card refund can take 5–10 working days to show on your statement.`,
      "",
      `Reason: ${d.reason}`,
      "",
      `View your booking: ${d.url}`,
    ],
  );
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

export function renderPaymentLink(d: PaymentLinkData, ctx: EmailContext): RenderedEmail {
  const subject = `Pay ${d.amount} for your booking ${d.reference}`;
  return compose(
    ctx,
    subject,
    html`<p>Hello ${d.name},</p>
      <p>
        ${ctx.businessName} has sent you a link to pay ${d.what} of ${d.amount} for your booking
        ${d.reference} (${d.title}, ${d.date}, ${d.timeRange}).
      </p>
      ${button(`Pay ${d.amount}`, d.url)}
      <p>The payment is made securely through our payment provider.</p>`,
    [
      `Hello ${d.name},`,
      "",
      `${ctx.businessName} has sent you a link to pay ${d.what} of ${d.amount} for your booking ${d.reference} (${d.title}, ${d.date}, ${d.timeRange}).`,
      "",
      `Pay ${d.amount}: ${d.url}`,
      "",
      "The payment is made securely through our payment provider.",
    ],
  );
}

export function renderPaymentAlertAdmin(d: PaymentAlertData, ctx: EmailContext): RenderedEmail {
  const subject = `${ALERT_SUBJECTS[d.kind]} (${d.reference})`;
  return compose(
    ctx,
    subject,
    html`<p><strong>${ALERT_SUBJECTS[d.kind]}.</strong></p>
      <p>Booking ${d.reference} · amount ${d.amount}</p>
      <p>${d.detail}</p>
      ${button("Open the booking", d.adminUrl)}`,
    [
      `${ALERT_SUBJECTS[d.kind]}.`,
      "",
      `Booking ${d.reference} · amount ${d.amount}`,
      "",
      d.detail,
      "",
      `Open the booking: ${d.adminUrl}`,
    ],
  );
}

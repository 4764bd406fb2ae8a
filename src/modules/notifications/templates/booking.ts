import { type Block, contactLine, type EmailContent, type EmailContext, paragraphs, WHY } from "./layout";

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
  /** A new guest's account set-up link, as a section of this email. */
  setupUrl?: string | null;
  /** The customer left the checkout unpaid (rather than the business asking them to pay by email). */
  abandoned?: boolean;
};

/** What the customer said about the site (the address snapshot's answers). */
export type SiteAnswers = { water: boolean; power: boolean; covered: boolean; accessNotes: string | null };

export type BookingConfirmedData = {
  name: string;
  summary: BookingEmailSummary;
  url: string;
  site: SiteAnswers;
  /** The payment that confirmed it (online, or taken at the desk for a phone booking): the receipt is a
   * section of this email, not another email. */
  receipt?: ReceiptSection | null;
  /** A new guest's account set-up link, as a section of this email. */
  setupUrl?: string | null;
  /**
   * What this booking is promised about cancelling and its reminder, computed for it when it was
   * confirmed (bookings' domain/booking-promises.ts); absent from emails queued before.
   */
  promises?: string[];
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
  /** The site answers and access notes the team needs on the day (absent from alerts queued before). */
  site?: SiteAnswers | null;
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

export type ReceiptSection = {
  amount: string;
  method: string;
  /** "Tue 1 Dec, 09:05 GMT" */
  paidAt: string;
};

function summaryBlocks(s: BookingEmailSummary): Block[] {
  return [
    {
      kind: "rows",
      rows: [
        { label: "Reference", value: s.reference },
        { label: "Date", value: s.date },
        { label: "Time", value: s.timeRange },
        { label: "Vehicle", value: s.vehicle },
        { label: "Address", value: s.address },
      ],
    },
    {
      kind: "lines",
      rows: [
        ...s.items.map((i) => ({ label: i.name, value: i.price })),
        { label: "Total", value: s.total, strong: true },
        ...(s.paidMinor > 0 ? [{ label: "Paid", value: s.paid }] : []),
        ...(s.balanceMinor > 0 ? [{ label: "To pay on the day", value: s.balance }] : []),
      ],
    },
  ];
}

/** For a new guest: the account set-up link as a part of the booking's email, not an email of its own. */
function setupSection(url: string | null | undefined): Block[] {
  if (!url) return [];
  return [
    {
      kind: "section",
      title: "Your account",
      blocks: [
        {
          kind: "p",
          text: "We've made an account for you with this email address. Choose a password to see, move or cancel your bookings online. The link works once, for 7 days.",
        },
        { kind: "button", label: "Choose my password", url },
      ],
    },
  ];
}

export function renderBookingReceived(d: BookingReceivedData, ctx: EmailContext): EmailContent {
  const payment = d.awaiting === "payment";
  const subject = payment
    ? `Complete your booking ${d.summary.reference} with ${ctx.businessName}`
    : `We've received your booking request ${d.summary.reference}`;
  const lead = !payment
    ? `Thanks for your request for ${d.summary.title} on ${d.summary.date}, ${d.summary.timeRange}. We'll check it and email you as soon as it's confirmed.`
    : !d.abandoned
      ? `We're holding ${d.summary.date}, ${d.summary.timeRange} for your ${d.summary.title}. Pay ${d.dueNow} online${
          d.holdUntil ? ` by ${d.holdUntil}` : ""
        } to confirm it — after that the time is released.`
      : `You started booking ${d.summary.title} for ${d.summary.date}, ${d.summary.timeRange}, but the payment wasn't finished. We're still holding the time: pay ${d.dueNow} online${
          d.holdUntil ? ` by ${d.holdUntil}` : ""
        } to confirm it — after that the time is released.`;
  const action = payment ? "Pay and confirm" : "View your booking";
  return {
    subject,
    preview: payment
      ? `Your time is held${d.holdUntil ? ` until ${d.holdUntil}` : ""}: pay ${d.dueNow} to confirm it.`
      : `${d.summary.title}, ${d.summary.date}: we'll confirm it soon.`,
    why: WHY.booking(ctx),
    blocks: [
      ...paragraphs(`Hello ${d.name},`, lead),
      ...summaryBlocks(d.summary),
      { kind: "button", label: action, url: d.url },
      ...setupSection(d.setupUrl),
      ...paragraphs(contactLine(ctx)),
    ],
  };
}

/** The site answers as lines, the same in the customer's confirmation and the business's alert. */
function siteLines(site: SiteAnswers): string[] {
  const yesNo = (v: boolean) => (v ? "yes" : "no");
  return [
    `Water available on site: ${yesNo(site.water)}`,
    `Power available on site: ${yesNo(site.power)}`,
    `Covered space: ${yesNo(site.covered)}`,
    ...(site.accessNotes ? [`Access notes: ${site.accessNotes}`] : []),
  ];
}

export function renderBookingConfirmed(d: BookingConfirmedData, ctx: EmailContext): EmailContent {
  const subject = `Booking confirmed: ${d.summary.title} on ${d.summary.date}`;
  const site = siteLines(d.site);
  const lead = `Your ${d.summary.title} is booked for ${d.summary.date}, ${d.summary.timeRange}. The calendar file attached adds it to your calendar.`;
  const after = `Please have the vehicle at the address at the start time. If anything about the site has changed, email ${ctx.contactEmail} or call ${ctx.contactPhone}.`;
  const receipt: Block[] = d.receipt
    ? [
        {
          kind: "section",
          title: "Receipt",
          blocks: [
            {
              kind: "rows",
              rows: [
                { label: "Amount paid", value: d.receipt.amount },
                { label: "Paid", value: d.receipt.paidAt },
                { label: "Method", value: d.receipt.method },
                { label: "Booking total", value: d.summary.total },
                ...(d.summary.balanceMinor > 0
                  ? [{ label: "To pay on the day", value: d.summary.balance }]
                  : []),
              ],
            },
          ],
        },
      ]
    : [];
  return {
    subject,
    preview: d.receipt
      ? `${d.summary.date}, ${d.summary.timeRange} — ${d.receipt.amount} paid, thank you.`
      : `${d.summary.date}, ${d.summary.timeRange} — see you then.`,
    why: WHY.booking(ctx),
    blocks: [
      ...paragraphs(`Hello ${d.name},`, lead),
      ...summaryBlocks(d.summary),
      ...receipt,
      { kind: "p", text: "What you told us about the site" },
      { kind: "list", items: site },
      ...paragraphs(after, ...(d.promises ?? [])),
      { kind: "button", label: "View your booking", url: d.url },
      ...setupSection(d.setupUrl),
    ],
  };
}

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
          ...(d.balanceMinor > 0 ? [{ label: "To pay on the day", value: d.balance }] : []),
        ],
      },
      { kind: "button", label: "View your booking", url: d.url },
    ],
  };
}

export function renderNewBookingAdmin(d: NewBookingAdminData, ctx: EmailContext): EmailContent {
  const subject = `New booking ${d.summary.reference}: ${d.summary.title}, ${d.summary.date} (${d.statusLabel})`;
  const who = [d.customerName, d.customerEmail, d.customerPhone].filter(Boolean).join(" · ");
  return {
    subject,
    preview: `${d.customerName} booked ${d.summary.title} for ${d.summary.date}, ${d.summary.timeRange}.`,
    why: WHY.business(ctx),
    blocks: [
      ...paragraphs(`A new booking was made (status: ${d.statusLabel}).`, `Customer: ${who}`),
      ...summaryBlocks(d.summary),
      ...paragraphs(d.notes && `Customer notes: ${d.notes}`),
      ...(d.site
        ? [{ kind: "p", text: "The site" } as const, { kind: "list", items: siteLines(d.site) } as const]
        : []),
      { kind: "button", label: "Open the booking", url: d.adminUrl },
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

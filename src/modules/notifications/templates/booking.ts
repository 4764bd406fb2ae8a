import { balanceLabel } from "@/lib/money";
import { siteAnswerWord, toSiteAnswer } from "@/lib/job/site-answers";
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
  /** A visit over several days (ADR 0056): each day's part, and how it runs. */
  visitDays?: string[];
  visitHow?: string | null;
  vehicle: string;
  address: string;
  items: { name: string; price: string }[];
  total: string;
  paid: string;
  paidMinor: number;
  /** Left to pay on the day (after anything due online now), or on account by `payBy`. */
  balance: string;
  balanceMinor: number;
  /** On account (ADR 0051): "28 December 2026", the day the invoice is due. */
  payBy?: string | null;
  /** Its money state in words (paymentStatusLabel: "Deposit paid", "Fee kept £6.00"), as every list says it. */
  payment?: string;
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
export type SiteAnswers = {
  /** Yes, no, or null: not answered — never said as "no". */
  water: boolean | null;
  power: boolean | null;
  covered: boolean | null;
  accessNotes: string | null;
};

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
        ...(s.visitDays ?? []).map((d, i) => ({ label: `Day ${i + 1}`, value: d })),
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
        ...(s.payment ? [{ label: "Payment", value: s.payment }] : []),
        ...(s.balanceMinor > 0 ? [{ label: balanceLabel(s.payBy), value: s.balance }] : []),
      ],
    },
  ];
}

/** For a new guest: the account set-up link as a part of the booking's email, not an email of its own. */
export function setupSection(url: string | null | undefined): Block[] {
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
  return [
    `Water available on site: ${siteAnswerWord(toSiteAnswer(site.water))}`,
    `Power available on site: ${siteAnswerWord(toSiteAnswer(site.power))}`,
    `Covered space: ${siteAnswerWord(toSiteAnswer(site.covered))}`,
    ...(site.accessNotes ? [`Access notes: ${site.accessNotes}`] : []),
  ];
}

export function renderBookingConfirmed(d: BookingConfirmedData, ctx: EmailContext): EmailContent {
  const subject = `Booking confirmed: ${d.summary.title} on ${d.summary.date}`;
  const site = siteLines(d.site);
  const lead = `Your ${d.summary.title} is booked for ${d.summary.date}, ${d.summary.timeRange}. The calendar file attached adds it to your calendar.`;
  const after = `${d.summary.visitHow ?? "Please have the vehicle at the address at the start time."} If anything about the site has changed, email ${ctx.contactEmail} or call ${ctx.contactPhone}.`;
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
                  ? [{ label: balanceLabel(d.summary.payBy), value: d.summary.balance }]
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

import { type Block, contactLine, type EmailContent, type EmailContext, paragraphs, WHY } from "./layout";

// "Ask for a time" (issue 40 §3, ADR 0057): the customer hears that the request arrived, that the business
// proposes a time (held, with the Pay button) or that it can't arrange the visit; the business hears of a new
// request and of a proposal declined, withdrawn or lapsed. Times in the business's zone with its name.

/** The visit as the request keeps it, already formatted. */
export type TimeRequestVisitLines = {
  title: string;
  vehicle: string;
  address: string;
  /** "10 h of work" */
  work: string;
  items: { name: string; price: string }[];
  total: string;
};

export type TimeRequestReceivedData = {
  name: string;
  visit: TimeRequestVisitLines;
  /** "Tue 8 Dec, morning" … */
  days: string[];
  note: string | null;
  /** The request's page in the customer's account. */
  url: string;
};

export type TimeRequestProposalData = {
  name: string;
  visit: TimeRequestVisitLines;
  reference: string;
  /** "Tuesday 8 December 2026, 08:00 GMT – 17:00 GMT" */
  when: string;
  /** "Tue 8 Dec 08:00 to 17:00" */
  shortWhen: string;
  dueNow: string;
  /** "Thursday 3 December 2026, 09:30 GMT", when the held time is released unpaid. */
  holdUntil: string;
  message: string | null;
  /** The booking's page: Pay (and Cancel). */
  payUrl: string;
  /** The request's page in the customer's account: Decline. */
  url: string;
};

export type TimeRequestClosedData = { name: string; title: string; reason: string; bookUrl: string };

export type TimeRequestAdminData = {
  kind: "new" | "declined" | "withdrawn" | "expired";
  customerName: string;
  customerEmail: string;
  customerPhone: string | null;
  visit: TimeRequestVisitLines;
  days: string[];
  note: string | null;
  /** The time that was proposed (declined, withdrawn or lapsed), if any. */
  proposed: string | null;
  url: string;
};

function visitBlocks(v: TimeRequestVisitLines): Block[] {
  return [
    {
      kind: "rows",
      rows: [
        { label: "Visit", value: v.title },
        { label: "Vehicle", value: v.vehicle },
        { label: "Address", value: v.address },
        { label: "Work", value: v.work },
      ],
    },
    {
      kind: "lines",
      rows: [
        ...v.items.map((i) => ({ label: i.name, value: i.price })),
        { label: "Total", value: v.total, strong: true },
      ],
    },
  ];
}

export function renderTimeRequestReceived(d: TimeRequestReceivedData, ctx: EmailContext): EmailContent {
  return {
    subject: "We've got your request for a time",
    preview: `${ctx.businessName} will propose a time for your ${d.visit.title}.`,
    why: WHY.account(ctx),
    blocks: [
      ...paragraphs(
        `Hello ${d.name},`,
        `Thank you: we've got your request for a time for your ${d.visit.title}. We'll look at the days that suit you and email you a time we can do, which you can accept and pay for, or decline.`,
      ),
      { kind: "p", text: "Days that suit you:" },
      { kind: "list", items: d.days },
      ...paragraphs(d.note && `Your note: ${d.note}`),
      ...visitBlocks(d.visit),
      { kind: "button", label: "See your request", url: d.url },
      ...paragraphs(contactLine(ctx)),
    ],
  };
}

export function renderTimeRequestProposal(d: TimeRequestProposalData, ctx: EmailContext): EmailContent {
  return {
    subject: `We can do ${d.shortWhen} — accept and pay`,
    preview: `Your ${d.visit.title}: ${d.when}. Held for you until ${d.holdUntil}.`,
    why: WHY.booking(ctx),
    blocks: [
      ...paragraphs(
        `Hello ${d.name},`,
        `You asked us for a time for your ${d.visit.title}. We can do ${d.when}.`,
        d.message && `Message from ${ctx.businessName}: ${d.message}`,
        `We hold this time for you until ${d.holdUntil}. Pay ${d.dueNow} to book it (reference ${d.reference}); after that it is released.`,
      ),
      { kind: "button", label: `Accept and pay ${d.dueNow}`, url: d.payUrl },
      ...visitBlocks(d.visit),
      {
        kind: "section",
        title: "Can't make it?",
        blocks: [
          { kind: "p", text: "Decline it on your request's page and we'll look for another time." },
          { kind: "button", label: "See your request", url: d.url },
        ],
      },
      ...paragraphs(contactLine(ctx)),
    ],
  };
}

export function renderTimeRequestClosed(d: TimeRequestClosedData, ctx: EmailContext): EmailContent {
  return {
    subject: "We can't arrange a time for your visit",
    preview: `${ctx.businessName} can't arrange your ${d.title}.`,
    why: WHY.account(ctx),
    blocks: [
      ...paragraphs(
        `Hello ${d.name},`,
        `We're sorry: we can't arrange a time for your ${d.title}.`,
        `Reason: ${d.reason}`,
        "You can still book any visit with times online.",
      ),
      { kind: "button", label: "Book online", url: d.bookUrl },
      ...paragraphs(contactLine(ctx)),
    ],
  };
}

const ADMIN_SUBJECT: Record<TimeRequestAdminData["kind"], (name: string) => string> = {
  new: (n) => `${n} asks for a time`,
  declined: (n) => `${n} declined the time you proposed`,
  withdrawn: (n) => `${n} withdrew their request for a time`,
  expired: (n) => `The time you proposed to ${n} lapsed unpaid`,
};

const ADMIN_LEAD: Record<TimeRequestAdminData["kind"], string> = {
  new: "asks for a time for a visit that can't be booked online. Propose a time that suits them: it is held for them to pay.",
  declined: "declined the time you proposed; it is free again. Propose another time, or close the request.",
  withdrawn:
    "no longer needs a time for this visit: the request is withdrawn (and any time you proposed is free again).",
  expired:
    "didn't pay for the time you proposed before its hold ran out, so the time is free again. Propose another, or close the request.",
};

export function renderTimeRequestAdmin(d: TimeRequestAdminData, ctx: EmailContext): EmailContent {
  const subject = ADMIN_SUBJECT[d.kind](d.customerName);
  return {
    subject,
    preview: `${d.visit.title}, ${d.visit.work}`,
    why: WHY.business(ctx),
    blocks: [
      ...paragraphs(
        `${d.customerName} ${ADMIN_LEAD[d.kind]}`,
        d.proposed && `Proposed: ${d.proposed}`,
        `Contact: ${d.customerEmail}${d.customerPhone ? `, ${d.customerPhone}` : ""}`,
      ),
      { kind: "p", text: "Days that suit them:" },
      { kind: "list", items: d.days },
      ...paragraphs(d.note && `Their note: ${d.note}`),
      ...visitBlocks(d.visit),
      {
        kind: "button",
        label: d.kind === "withdrawn" ? "See the request" : "Answer the request",
        url: d.url,
      },
    ],
  };
}

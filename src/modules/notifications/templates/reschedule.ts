import { type EmailContent, type EmailContext, paragraphs, WHY } from "./layout";

// Reschedule requests (PRODUCT.md §3.3, §9): the business hears of a new request; the customer hears that
// it was declined (with the business's reason) or that the business offers another time instead. An
// approval is the booking-moved email (with the updated calendar file). All text is escaped; times are
// in the business time zone with its name.

export type RescheduleRequestAdminData = {
  customerName: string;
  reference: string;
  title: string;
  /** "Thursday 14 January 2027, 09:00 GMT – 12:00 GMT" */
  current: string;
  requested: string;
  reason: string;
  /** When the request (and the held time) lapses if unanswered. */
  expires: string;
  /** The queue on /admin/reschedule-requests. */
  url: string;
};

export type RescheduleAnswerData = {
  name: string;
  reference: string;
  title: string;
  current: string;
  requested: string;
  /** The business's reason (decline) or message (offer). */
  message: string;
  /** A counter-offer: the time the business offers, and until when it is held. */
  offered?: string | null;
  expires?: string | null;
  /** The booking's page, where the customer answers. */
  url: string;
};

function compose(
  ctx: EmailContext,
  subject: string,
  texts: string[],
  link: { label: string; url: string },
  why: string,
): EmailContent {
  const preview = texts.find((t) => !t.startsWith("Hello")) ?? subject;
  return {
    subject,
    preview,
    why,
    blocks: [...paragraphs(...texts), { kind: "button", label: link.label, url: link.url }],
  };
}

export function renderRescheduleRequestAdmin(d: RescheduleRequestAdminData, ctx: EmailContext): EmailContent {
  return compose(
    ctx,
    `Reschedule request for ${d.reference}`,
    [
      `${d.customerName} asks to move ${d.title} (${d.reference}).`,
      `Now: ${d.current}`,
      `Asked for: ${d.requested}`,
      ...(d.reason ? [`Reason: ${d.reason}`] : []),
      `The requested time is held until ${d.expires}; after that the request lapses and the time is freed.`,
    ],
    { label: "Answer the request", url: d.url },
    WHY.business(ctx),
  );
}

export function renderRescheduleDeclined(d: RescheduleAnswerData, ctx: EmailContext): EmailContent {
  return compose(
    ctx,
    `We can't move your booking ${d.reference}`,
    [
      `Hello ${d.name},`,
      `We're sorry: ${ctx.businessName} can't move your ${d.title} (${d.reference}) to ${d.requested}.`,
      `Reason: ${d.message}`,
      `Your booking stays as it was: ${d.current}.`,
      `Questions? Email ${ctx.contactEmail} or call ${ctx.contactPhone}.`,
    ],
    { label: "View your booking", url: d.url },
    WHY.booking(ctx),
  );
}

export function renderRescheduleOffer(d: RescheduleAnswerData, ctx: EmailContext): EmailContent {
  return compose(
    ctx,
    `Another time for your booking ${d.reference}`,
    [
      `Hello ${d.name},`,
      `${ctx.businessName} can't do ${d.requested} for your ${d.title} (${d.reference}), and offers another time instead:`,
      `Offered: ${d.offered ?? ""}`,
      ...(d.message ? [`Message: ${d.message}`] : []),
      `We hold it for you until ${d.expires ?? ""}. Accept it or decline it on your booking's page; if you decline, your booking stays as it is: ${d.current}.`,
    ],
    { label: "Accept or decline", url: d.url },
    WHY.booking(ctx),
  );
}

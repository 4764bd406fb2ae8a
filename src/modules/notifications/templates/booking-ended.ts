import { contactLine, type EmailContent, type EmailContext, paragraphs, WHY } from "./layout";

// The customer hears when the business ends a booking: declined (a request it can't take) or cancelled.
// The reason is the admin's, shown as typed (escaped). Refunds are a separate step with their own email,
// so a cancellation says what was paid and that a refund, when due, follows.

export type BookingEndedData = {
  name: string;
  reference: string;
  title: string;
  /** "Tuesday 8 December 2026" */
  date: string;
  /** "09:30 GMT – 12:30 GMT" */
  timeRange: string;
  reason: string;
  /** What had been paid, net of refunds, with its currency; null when nothing was. */
  paid: string | null;
  /** The refund made with the cancellation ("£25.00"), or "none" when the business keeps what was paid. */
  refund?: string | null;
  /** Where to book again. */
  bookUrl: string;
  /** Who cancelled: the business (default) or the customer themselves, from their booking's page. */
  by?: "business" | "customer";
  /** The late-cancellation fee kept ("£14.00"), when the customer cancelled late. */
  fee?: string | null;
  /** Of the refund: what goes back through the payment provider ("£14.00"). */
  backToCard?: string | null;
  /** Of the refund: what the business hands back itself (paid to it in cash, by card terminal or bank). */
  handBack?: string | null;
};

function compose(ctx: EmailContext, subject: string, texts: string[], bookUrl: string): EmailContent {
  const [greeting, lead, ...rest] = texts;
  return {
    subject,
    preview: lead ?? subject,
    why: WHY.booking(ctx),
    blocks: [
      ...paragraphs(greeting, lead, ...rest),
      { kind: "button", label: "Book another time", url: bookUrl },
      ...paragraphs(contactLine(ctx)),
    ],
  };
}

export function renderBookingDeclined(d: BookingEndedData, ctx: EmailContext): EmailContent {
  return compose(
    ctx,
    `We can't take your booking ${d.reference}`,
    [
      `Hello ${d.name},`,
      `We're sorry: ${ctx.businessName} can't take your request for ${d.title} on ${d.date}, ${d.timeRange} (${d.reference}).`,
      `Reason: ${d.reason}`,
      ...(d.paid ? [`You paid ${d.paid}; we will refund it and email you when we do.`] : []),
      "You're welcome to choose another time.",
    ],
    d.bookUrl,
  );
}

/** The customer cancelled: what they paid, the fee kept, what comes back and how. */
function customerCancelledMoney(d: BookingEndedData, ctx: EmailContext): string[] {
  if (!d.paid) return ["Nothing was paid, so there is nothing to refund."];
  if (!d.backToCard && !d.handBack)
    return [
      `You paid ${d.paid}. ${d.fee ? `The late-cancellation fee is ${d.fee}` : "Under the cancellation policy"}, so nothing is refunded.`,
    ];
  return [
    `You paid ${d.paid}. ${d.fee ? `The late-cancellation fee is ${d.fee}.` : "Cancelling was free."}`,
    ...(d.backToCard
      ? [
          `${d.backToCard} is on its way back to your card; it can take 5–10 working days to show on your statement.`,
        ]
      : []),
    ...(d.handBack
      ? [
          `You paid ${d.handBack} of it to ${ctx.businessName} directly, so they will hand that back to you — they will be in touch.`,
        ]
      : []),
  ];
}

export function renderBookingCancelled(d: BookingEndedData, ctx: EmailContext): EmailContent {
  if (d.by === "customer")
    return compose(
      ctx,
      `You cancelled booking ${d.reference}`,
      [
        `Hello ${d.name},`,
        `You cancelled booking ${d.reference}: ${d.title} on ${d.date}, ${d.timeRange}. Its time is free again.`,
        ...customerCancelledMoney(d, ctx),
      ],
      d.bookUrl,
    );
  return compose(
    ctx,
    `Your booking ${d.reference} is cancelled`,
    [
      `Hello ${d.name},`,
      `${ctx.businessName} has cancelled your ${d.title} on ${d.date}, ${d.timeRange} (${d.reference}).`,
      `Reason: ${d.reason}`,
      ...(d.paid && d.refund === "none"
        ? [`You paid ${d.paid}. Under the cancellation policy, nothing is refunded.`]
        : d.paid && d.refund
          ? [
              `You paid ${d.paid}. We are refunding ${d.refund} to you, the way you paid; it can take a few days to reach you.`,
            ]
          : d.paid
            ? [`You paid ${d.paid}. Any refund is issued separately and we will email you when it is.`]
            : []),
    ],
    d.bookUrl,
  );
}

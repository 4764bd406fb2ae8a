import { type EmailContent, type EmailContext, paragraphs, WHY } from "./layout";

// A weather day (issue 17, ADR 0036): the business can't work at the booking's time, and offers the nearest
// free times, held for the customer. Each time is a one-click link to a page with a confirm button (mail
// scanners follow links: opening one changes nothing); "none of these work" asks for another time. No
// free time nearby: the email still goes, asking them to choose another time or call. Nothing is charged.

export type WeatherOfferData = {
  name: string;
  reference: string;
  title: string;
  /** The booking's time, which the weather rules out. */
  current: string;
  /** The business's message (may be empty). */
  message: string;
  /** The offered times, nearest first, each with its link. Empty: no free time nearby. */
  times: { label: string; url: string }[];
  /** Until when the times are held (null without times). */
  expires: string | null;
  /** "None of these work — ask for another time". */
  anotherUrl: string;
};

export function renderWeatherOffer(d: WeatherOfferData, ctx: EmailContext): EmailContent {
  // With times or without, the email opens the same way.
  const opening = [
    `Hello ${d.name},`,
    `${ctx.businessName} can't work in the weather forecast for your ${d.title} (${d.reference}) on ${d.current}. We're sorry: moving it costs you nothing, and the price stays the same.`,
    d.message ? `Message: ${d.message}` : null,
  ];
  if (d.times.length === 0)
    return {
      subject: `The weather: we need to move your booking ${d.reference}`,
      preview: "We couldn't find a free time nearby: choose another time or call us.",
      why: WHY.booking(ctx),
      blocks: [
        ...paragraphs(
          ...opening,
          `We couldn't find a free time near it. Tell us when suits you, or call us on ${ctx.contactPhone}; we'll call you otherwise.`,
        ),
        { kind: "button", label: "Ask for another time", url: d.anotherUrl },
      ],
    };
  return {
    subject: `The weather: choose a new time for your booking ${d.reference}`,
    preview: `We hold ${d.times.length === 1 ? "a new time" : `${d.times.length} new times`} for you: choose one in one click.`,
    why: WHY.booking(ctx),
    blocks: [
      ...paragraphs(...opening, `We hold these times for you until ${d.expires ?? ""}. Choose one:`),
      ...d.times.map((t) => ({ kind: "button" as const, label: t.label, url: t.url })),
      ...paragraphs("None of these work? Ask for another time and we'll find one with you."),
      { kind: "button", label: "None of these work — ask for another time", url: d.anotherUrl },
      ...paragraphs(`Questions? Call us on ${ctx.contactPhone} or email ${ctx.contactEmail}.`),
    ],
  };
}

// The weather cleared and the business lifted the weather day: the booking keeps its time. The times that
// were held are let go (the link's page says so too); nothing is charged or refunded.
export type WeatherLiftedData = {
  name: string;
  reference: string;
  title: string;
  /** The booking's time, which stands. */
  when: string;
  /** Whether times were held for them (and are now let go). */
  hadTimes: boolean;
  /** The booking's page. */
  url: string;
};

export function renderWeatherLifted(d: WeatherLiftedData, ctx: EmailContext): EmailContent {
  return {
    subject: `Good news: your booking ${d.reference} goes ahead as planned`,
    preview: `The weather has cleared: we'll see you on ${d.when}.`,
    why: WHY.booking(ctx),
    blocks: [
      ...paragraphs(
        `Hello ${d.name},`,
        `The weather has cleared, so your ${d.title} (${d.reference}) goes ahead as first booked: ${d.when}. You don't need to do anything.`,
        d.hadTimes ? "The new times we held for you are no longer held: you don't need to choose one." : null,
        `If you'd still rather move it, you can ask for another time on your booking's page, or call us on ${ctx.contactPhone}.`,
      ),
      { kind: "button", label: "See your booking", url: d.url },
    ],
  };
}

import { type EmailContent, type EmailContext, paragraphs } from "./layout";
import { siteAnswerWord, toSiteAnswer } from "@/lib/job/site-answers";

// The reminder before a job (issue 17, ADR 0027): when and where, the site-readiness checklist from what
// the customer told us about the address, and two one-click answers — *All set* or *Something changed* —
// that work without signing in. Sent only to customers who keep reminders on.

export type BookingReminderData = {
  name: string;
  reference: string;
  title: string;
  /** "Tuesday 8 December 2026" */
  date: string;
  /** "09:30 GMT – 12:30 GMT" */
  timeRange: string;
  address: string;
  site: { water: boolean | null; power: boolean | null; covered: boolean | null; accessNotes: string | null };
  allSetUrl: string;
  changedUrl: string;
  url: string;
  preferencesUrl: string;
};

export function renderBookingReminder(d: BookingReminderData, ctx: EmailContext): EmailContent {
  // An email queued before answers could be left unanswered holds booleans: read the same way.
  const yes = (v: boolean | null) => siteAnswerWord(toSiteAnswer(v));
  return {
    subject: `Reminder: your ${d.title} on ${d.date}, ${d.timeRange}`,
    preview: `Is the site still as you told us? One click tells us.`,
    why: `You get this because reminders are on in your account. Turn them off in your email preferences: ${d.preferencesUrl}`,
    blocks: [
      ...paragraphs(
        `Hello ${d.name},`,
        `${ctx.businessName} will be with you for your ${d.title} (${d.reference}) on ${d.date}, ${d.timeRange}, at ${d.address}.`,
        "Site checklist",
      ),
      {
        kind: "list",
        items: [
          `Water we can use: ${yes(d.site.water)}`,
          `Power we can use: ${yes(d.site.power)}`,
          `Covered space: ${yes(d.site.covered)}`,
          "Room to walk round the vehicle",
          `Parking and access: ${d.site.accessNotes ?? "no notes"}`,
        ],
      },
      ...paragraphs("Is the site still as you told us? One click tells us:"),
      { kind: "button", label: "All set", url: d.allSetUrl },
      { kind: "button", label: "Something changed", url: d.changedUrl },
      { kind: "button", label: "View your booking", url: d.url },
    ],
  };
}

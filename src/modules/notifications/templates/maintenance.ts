import { type EmailContent, type EmailContext, paragraphs } from "./layout";

// A service the customer had wants doing again (a coating top-up every 6 months): one email when it is
// due, with a link into the booking wizard with the service, vehicle and address chosen. Sent only to
// customers who keep reminders on; the footer says how to turn them off.

export type MaintenanceDueData = {
  name: string;
  serviceName: string;
  /** "Grey Volkswagen Golf, LB19XKT" */
  vehicle: string;
  /** "Tuesday, 12 May 2026": the day it was last done. */
  doneOn: string;
  /** "12 November 2026" */
  dueOn: string;
  bookUrl: string;
  preferencesUrl: string;
};

export function renderMaintenanceDue(d: MaintenanceDueData, ctx: EmailContext): EmailContent {
  return {
    subject: `${d.serviceName} is due again for ${d.vehicle}`,
    preview: `It is due again from ${d.dueOn}.`,
    why: `You get this because reminders are on in your account. Turn them off in your email preferences: ${d.preferencesUrl}`,
    blocks: [
      ...paragraphs(
        `Hello ${d.name},`,
        `${ctx.businessName} last did a ${d.serviceName} on your ${d.vehicle} on ${d.doneOn}. It is due again from ${d.dueOn}, to keep the protection and finish at their best.`,
        `Booking takes a minute: the service, your vehicle and address are already chosen — just pick a time.`,
      ),
      { kind: "button", label: `Book ${d.serviceName}`, url: d.bookUrl },
    ],
  };
}

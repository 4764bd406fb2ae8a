import { html } from "@/lib/html";
import { type EmailContext, layout, type RenderedEmail, textFooter } from "./layout";

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

export function renderMaintenanceDue(d: MaintenanceDueData, ctx: EmailContext): RenderedEmail {
  const subject = `${d.serviceName} is due again for ${d.vehicle}`;
  const paragraphs = [
    `Hello ${d.name},`,
    `${ctx.businessName} last did a ${d.serviceName} on your ${d.vehicle} on ${d.doneOn}. It is due again from ${d.dueOn}, to keep the protection and finish at their best.`,
    `Booking takes a minute: the service, your vehicle and address are already chosen — just pick a time.`,
  ];
  const stop = `You get this because reminders are on in your account. Turn them off in your email preferences: ${d.preferencesUrl}`;
  const body = html`${paragraphs.map((p) => html`<p>${p}</p>`)}
    <p style="margin:24px 0">
      <a
        href="${d.bookUrl}"
        style="display:inline-block;background:#0f766e;color:#ffffff;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px"
        >Book ${d.serviceName}</a
      >
    </p>
    <p style="font-size:13px;color:#475569">
      You get this because reminders are on in your account.
      <a href="${d.preferencesUrl}" style="color:#0f766e">Turn them off</a>.
    </p>`;
  return {
    subject,
    html: layout(ctx, subject, body),
    text: `${paragraphs.join("\n\n")}\n\nBook ${d.serviceName}: ${d.bookUrl}\n\n${stop}${textFooter(ctx)}`,
  };
}

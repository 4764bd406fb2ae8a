import { html } from "@/lib/html";
import { type EmailContext, layout, type RenderedEmail, textFooter } from "./layout";

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
  site: { water: boolean; power: boolean; covered: boolean; accessNotes: string | null };
  allSetUrl: string;
  changedUrl: string;
  url: string;
  preferencesUrl: string;
};

const button = (label: string, href: string, primary: boolean) =>
  html`<a
    href="${href}"
    style="display:inline-block;margin:0 8px 8px 0;text-decoration:none;font-weight:600;padding:12px 20px;border-radius:8px;${
      primary
        ? "background:#0f766e;color:#ffffff"
        : "background:#ffffff;color:#0f766e;border:1px solid #0f766e"
    }"
    >${label}</a
  >`;

export function renderBookingReminder(d: BookingReminderData, ctx: EmailContext): RenderedEmail {
  const subject = `Reminder: your ${d.title} on ${d.date}, ${d.timeRange}`;
  const yes = (v: boolean) => (v ? "yes" : "no");
  const checklist = [
    `Water we can use: ${yes(d.site.water)}`,
    `Power we can use: ${yes(d.site.power)}`,
    `Covered space: ${yes(d.site.covered)}, and room to walk round the vehicle`,
    `Parking and access: ${d.site.accessNotes ?? "no notes"}`,
  ];
  const lead = `Hello ${d.name},`;
  const when = `${ctx.businessName} will be with you for your ${d.title} (${d.reference}) on ${d.date}, ${d.timeRange}, at ${d.address}.`;
  const ask = "Is the site still as you told us? One click tells us:";
  const body = html`<p>${lead}</p>
    <p>${when}</p>
    <p style="margin-bottom:4px"><strong>Site checklist</strong></p>
    <ul style="margin-top:4px">
      ${checklist.map((l) => html`<li>${l}</li>`)}
    </ul>
    <p>${ask}</p>
    <p style="margin:16px 0 24px">
      ${button("All set", d.allSetUrl, true)}${button("Something changed", d.changedUrl, false)}
    </p>
    <p><a href="${d.url}" style="color:#0f766e">View your booking</a></p>
    <p style="font-size:13px;color:#475569">
      You get this because reminders are on in your account.
      <a href="${d.preferencesUrl}" style="color:#0f766e">Turn them off</a>.
    </p>`;
  return {
    subject,
    html: layout(ctx, subject, body),
    text:
      [
        lead,
        "",
        when,
        "",
        "Site checklist:",
        ...checklist.map((l) => `- ${l}`),
        "",
        ask,
        `All set: ${d.allSetUrl}`,
        `Something changed: ${d.changedUrl}`,
        "",
        `View your booking: ${d.url}`,
        "",
        `You get this because reminders are on in your account. Turn them off in your email preferences: ${d.preferencesUrl}`,
      ].join("\n") + textFooter(ctx),
  };
}

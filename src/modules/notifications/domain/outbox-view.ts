import type { EmailStatus } from "@/lib/enums";

// How the outbox screen names each kind of email, and which emails carry a link that lets its holder
// into someone's account (set a password, confirm an address, sign in): once such an email was
// delivered, the admin sees that it had a link, not the link (ADR 0018).

const LABELS: Record<string, string> = {
  "system-test": "Test email",
  "verify-email": "Confirm email address",
  "reset-password": "Password reset",
  "setup-password": "Account set-up link",
  "account-exists": "Account already exists",
  "confirm-email-change": "Confirm new email address",
  "email-changed": "Email address changed",
  "email-change-requested": "Email change requested",
  "account-deleted": "Account deleted",
  "booking-received": "Booking received / complete your booking",
  "booking-confirmed": "Booking confirmed (with calendar file)",
  "payment-receipt": "Payment receipt",
  "booking-new-admin": "New booking (to the business)",
  "payment-alert-admin": "Payment alert (to the business)",
  "booking-declined": "Booking declined",
  "booking-cancelled": "Booking cancelled",
  "booking-moved": "Booking moved",
  "booking-completed": "Job done: before and after photos",
  "payment-link": "Payment link",
  "refund-issued": "Refund made",
  "price-adjusted": "Price lowered",
  "reschedule-request-admin": "Reschedule request (to the business)",
  "reschedule-declined": "Reschedule request declined",
  "reschedule-offer": "Another time offered",
  "maintenance-due": "Service due again",
  "booking-reminder": "Booking reminder",
  "weather-offer": "Weather: new times offered",
  "weather-lifted": "Weather day lifted: the booking stands",
};

export const EMAIL_STATUS_LABELS: Record<EmailStatus, string> = {
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  failed: "Failed",
  logged: "Logged (not sent)",
};

export const EMAIL_STATUS_TONES: Record<EmailStatus, "neutral" | "info" | "success" | "danger"> = {
  queued: "info",
  sending: "info",
  sent: "success",
  failed: "danger",
  logged: "neutral",
};

/** A person's name for a template; an unknown one (from a newer version) reads as its own name. */
export function templateLabel(template: string): string {
  return LABELS[template] ?? template.replace(/-/g, " ").replace(/^./, (c) => c.toUpperCase());
}

export const SECRET_LINK_TEMPLATES: ReadonlySet<string> = new Set([
  "verify-email",
  "reset-password",
  "setup-password",
  "account-exists",
  "confirm-email-change",
  // A new guest's booking emails carry their account set-up link as a section.
  "booking-confirmed",
  "booking-received",
  "booking-completed",
]);

const HIDDEN = "[link hidden: it lets the recipient into their account]";
// The account links are the app's own /auth/… and /api/auth/… addresses carrying a token.
const ACCOUNT_LINK = /https?:\/\/[^\s<>"')\]]*\/(?:api\/)?auth\/[^\s<>"')\]]*/g;
const ACCOUNT_ANCHOR = /<a\b[^>]*href="https?:\/\/[^"]*\/(?:api\/)?auth\/[^"]*"[^>]*>[\s\S]*?<\/a>/g;

/** The email with its account links replaced, and how many there were; null for other templates. */
export function hideSecretLinks(
  template: string,
  html: string,
  text: string,
): { html: string; text: string; count: number } | null {
  if (!SECRET_LINK_TEMPLATES.has(template)) return null;
  let count = 0;
  const hiddenHtml = html
    .replace(ACCOUNT_ANCHOR, () => {
      count++;
      return `<em>${HIDDEN}</em>`;
    })
    .replace(ACCOUNT_LINK, HIDDEN);
  const hiddenText = text.replace(ACCOUNT_LINK, () => {
    count++;
    return HIDDEN;
  });
  return { html: hiddenHtml, text: hiddenText, count };
}

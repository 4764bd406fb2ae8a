// What every email is made of. A template turns its data into an EmailContent — a subject, a preview line,
// why the recipient gets it, and a list of blocks — and `compose` (compose.tsx) renders the blocks twice:
// as HTML through React Email (one layout for every email; React escapes every value) and as plain text.
// Templates never write HTML, so the two parts always say the same thing and user text is never markup.

export type EmailContext = {
  businessName: string;
  contactEmail: string;
  contactPhone: string;
  appUrl: string;
};

export type RenderedEmail = { subject: string; html: string; text: string };

/** A label and its value, in a two-column table ("Date", "Tuesday 8 December 2026"). */
export type Row = { label: string; value: string; strong?: boolean };

export type Block =
  /** A paragraph; `muted` for small print. */
  | { kind: "p"; text: string; muted?: boolean }
  /** The main action (a button in HTML, "Label: url" in text). */
  | { kind: "button"; label: string; url: string; showUrl?: boolean }
  | { kind: "rows"; rows: Row[] }
  /** Price lines: name left, amount right, the last `strong` ones ruled off as totals. */
  | { kind: "lines"; rows: Row[] }
  | { kind: "list"; items: string[] }
  /** A titled, boxed part of a longer email (the receipt, "set up your account"). */
  | { kind: "section"; title: string; blocks: Block[] };

export type EmailContent = {
  subject: string;
  /** The line mail apps show after the subject. */
  preview: string;
  /** Why this person gets this email, in the footer. */
  why: string;
  blocks: Block[];
};

/** One paragraph per string, the first the greeting. */
export const paragraphs = (...texts: (string | null | undefined | false)[]): Block[] =>
  texts.filter((t): t is string => typeof t === "string" && t !== "").map((text) => ({ kind: "p", text }));

export const contactLine = (ctx: EmailContext) =>
  `Questions? Email ${ctx.contactEmail} or call ${ctx.contactPhone}.`;

/** The footer's reason for the common cases. */
export const WHY = {
  booking: (ctx: EmailContext) => `You get this email because you have a booking with ${ctx.businessName}.`,
  account: (ctx: EmailContext) =>
    `You get this email because of a change to your ${ctx.businessName} account.`,
  business: (ctx: EmailContext) =>
    `You get this email because this address receives ${ctx.businessName}'s business alerts. Choose which ones in Settings → Notifications: ${new URL("/admin/settings?tab=notifications", ctx.appUrl).toString()}`,
};

import { type Block, type EmailContent, type EmailContext, paragraphs, WHY } from "./layout";

// The account emails. Every link is absolute (built from APP_URL by the caller).

function actionEmail(
  ctx: EmailContext,
  subject: string,
  opts: {
    greeting: string;
    lines: string[];
    action?: { label: string; url: string };
    after?: string[];
    why?: string;
  },
): EmailContent {
  const action: Block[] = opts.action
    ? [{ kind: "button", label: opts.action.label, url: opts.action.url, showUrl: true }]
    : [];
  return {
    subject,
    preview: opts.lines[0] ?? subject,
    why: opts.why ?? WHY.account(ctx),
    blocks: [...paragraphs(opts.greeting, ...opts.lines), ...action, ...paragraphs(...(opts.after ?? []))],
  };
}

export type LinkEmailData = { name: string; url: string };

export function renderVerifyEmail(d: LinkEmailData, ctx: EmailContext): EmailContent {
  return actionEmail(ctx, `Confirm your email for ${ctx.businessName}`, {
    greeting: `Hello ${d.name},`,
    why: `You get this email because this address was used to create a ${ctx.businessName} account.`,
    lines: [
      "Please confirm your email address to finish creating your account. The link works for 24 hours.",
    ],
    action: { label: "Confirm my email", url: d.url },
    after: ["If you did not create an account, you can ignore this email."],
  });
}

export function renderResetPassword(d: LinkEmailData, ctx: EmailContext): EmailContent {
  return actionEmail(ctx, `Reset your ${ctx.businessName} password`, {
    greeting: `Hello ${d.name},`,
    lines: ["Someone asked to reset the password of your account. The link works once, for 1 hour."],
    action: { label: "Choose a new password", url: d.url },
    after: ["If it wasn't you, ignore this email: your password stays as it is."],
  });
}

/** Why a set-up link was sent: the email says so. */
export type SetupReason = "booking" | "admin" | "register" | "admin-invite" | "staff-invite";

export function renderSetupPassword(
  d: LinkEmailData & { reason: SetupReason },
  ctx: EmailContext,
): EmailContent {
  if (d.reason === "admin-invite")
    return actionEmail(ctx, `You're invited to run ${ctx.businessName}'s bookings`, {
      greeting: `Hello ${d.name},`,
      lines: [
        `You have been made an admin of ${ctx.businessName}: you'll see and manage every booking, the schedule, prices and settings.`,
        "Choose a password to sign in. The link works once, for 7 days.",
      ],
      action: { label: "Choose my password", url: d.url },
      after: ["If you weren't expecting this, you can ignore this email."],
    });
  if (d.reason === "staff-invite")
    return actionEmail(ctx, `Your jobs at ${ctx.businessName}, on your phone`, {
      greeting: `Hello ${d.name},`,
      lines: [
        `${ctx.businessName} has given you a technician's account: your team's jobs for today and tomorrow, with the address, the car and the work, on your phone.`,
        "Choose a password to sign in. The link works once, for 7 days.",
      ],
      action: { label: "Choose my password", url: d.url },
      after: ["If you weren't expecting this, you can ignore this email."],
    });
  return actionEmail(ctx, `Set up your ${ctx.businessName} account`, {
    greeting: `Hello ${d.name},`,
    lines: [
      d.reason === "booking"
        ? "Thanks for your booking. Choose a password to see and manage your bookings online."
        : d.reason === "register"
          ? "An account was started with this email address but never confirmed. Choose a password to finish setting it up — any password chosen before no longer works."
          : `${ctx.businessName} has created an account for you. Choose a password to see and manage your bookings online.`,
      "The link works once, for 7 days.",
    ],
    action: { label: "Choose my password", url: d.url },
  });
}

export function renderAccountExists(d: LinkEmailData, ctx: EmailContext): EmailContent {
  return actionEmail(ctx, `You already have a ${ctx.businessName} account`, {
    greeting: `Hello ${d.name},`,
    why: `You get this email because this address was used to create a ${ctx.businessName} account.`,
    lines: [
      "Someone tried to create an account with this email address, but you already have one.",
      "If it was you, sign in — or reset your password if you have forgotten it.",
    ],
    action: { label: "Sign in", url: d.url },
    after: ["If it wasn't you, you can ignore this email."],
  });
}

export function renderConfirmEmailChange(
  d: LinkEmailData & { newEmail: string },
  ctx: EmailContext,
): EmailContent {
  // Goes to an inbox whose owner may not have asked: it says plainly what confirming does and to whom.
  return actionEmail(ctx, `Confirm your new email for ${ctx.businessName}`, {
    greeting: "Hello,",
    why: `You get this email because someone asked to use this address for a ${ctx.businessName} account.`,
    lines: [
      `Someone signed in to an existing ${ctx.businessName} account asked to change that account's email address to ${d.newEmail}.`,
      "If it was you, open the link while signed in to that account to confirm. It works once, for 24 hours.",
    ],
    action: { label: "Confirm my new email", url: d.url },
    after: [
      "If it wasn't you, ignore this email: this address will not be added to anyone's account, and nothing changes.",
    ],
  });
}

export function renderEmailChanged(
  d: { name: string; newEmail: string; supportEmail: string },
  ctx: EmailContext,
): EmailContent {
  return actionEmail(ctx, `Your ${ctx.businessName} email address was changed`, {
    greeting: `Hello ${d.name},`,
    lines: [
      `The email address of your account is now ${d.newEmail}. We will write to that address from now on.`,
      `If you did not make this change, contact us at once at ${d.supportEmail}.`,
    ],
  });
}

export function renderEmailChangeRequested(
  d: { name: string; newEmail: string },
  ctx: EmailContext,
): EmailContent {
  return actionEmail(ctx, `A change of email was requested for your ${ctx.businessName} account`, {
    greeting: `Hello ${d.name},`,
    lines: [
      `Someone signed in to your account asked to change its email address to ${d.newEmail}. It changes only when the new address is confirmed.`,
      "If this wasn't you, change your password now.",
    ],
  });
}

export function renderAccountDeleted(d: { name: string }, ctx: EmailContext): EmailContent {
  return actionEmail(ctx, `Your ${ctx.businessName} account has been deleted`, {
    greeting: `Hello ${d.name},`,
    lines: [
      "As you asked, your account and your personal details have been deleted.",
      "We keep the records of past bookings and payments that the law requires, without your name, contact details, vehicle or address.",
      "Thank you for having been our customer.",
    ],
    why: `You get this email because you deleted your ${ctx.businessName} account. It is the last one we send you.`,
  });
}

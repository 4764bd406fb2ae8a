import { type EmailContent, type EmailContext, paragraphs } from "./layout";

export type SystemTestData = { requestedBy: string };

/** Sent by `npm run email:test` (and later the admin's help page) to prove the transport works. */
export function renderSystemTest(data: SystemTestData, ctx: EmailContext): EmailContent {
  return {
    subject: `Test email from ${ctx.businessName}`,
    preview: "If you can read this, email delivery is working.",
    why: `You get this email because ${data.requestedBy} asked for a test email.`,
    blocks: paragraphs(
      `This is a test email from ${ctx.businessName}, requested by ${data.requestedBy}.`,
      "If you can read this, email delivery is working.",
    ),
  };
}

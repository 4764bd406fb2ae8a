import { html } from "@/lib/html";
import { type EmailContext, layout, type RenderedEmail, textFooter } from "./layout";

export type SystemTestData = { requestedBy: string };

/** Sent by `npm run email:test` (and later the admin's help page) to prove the transport works. */
export function renderSystemTest(data: SystemTestData, ctx: EmailContext): RenderedEmail {
  const subject = `Test email from ${ctx.businessName}`;
  return {
    subject,
    html: layout(
      ctx,
      subject,
      html`<p>This is a test email from ${ctx.businessName}, requested by ${data.requestedBy}.</p>
        <p>If you can read this, email delivery is working.</p>`,
    ),
    text: `This is a test email from ${ctx.businessName}, requested by ${data.requestedBy}.\nIf you can read this, email delivery is working.${textFooter(ctx)}`,
  };
}

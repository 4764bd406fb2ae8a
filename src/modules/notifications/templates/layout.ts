import { html, type SafeHtml } from "@/lib/html";

export type EmailContext = {
  businessName: string;
  contactEmail: string;
  contactPhone: string;
  appUrl: string;
};

export type RenderedEmail = { subject: string; html: string; text: string };

/** The shared frame of every email: the business's name, the content, and how to reach them. */
export function layout(ctx: EmailContext, title: string, body: SafeHtml): string {
  return html`<!doctype html>
    <html lang="en">
      <head>
        <meta charset="utf-8" />
        <meta name="viewport" content="width=device-width" />
        <title>${title}</title>
      </head>
      <body
        style="margin:0;background:#f8fafc;font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#0f172a"
      >
        <table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="padding:24px 12px">
          <tr>
            <td align="center">
              <table
                role="presentation"
                width="100%"
                style="max-width:560px;background:#ffffff;border:1px solid #e2e8f0;border-radius:12px"
              >
                <tr>
                  <td style="padding:20px 24px;border-bottom:1px solid #e2e8f0;font-weight:700;color:#0f766e">
                    ${ctx.businessName}
                  </td>
                </tr>
                <tr>
                  <td style="padding:24px;font-size:15px;line-height:1.6">${body}</td>
                </tr>
                <tr>
                  <td style="padding:16px 24px;border-top:1px solid #e2e8f0;font-size:13px;color:#475569">
                    ${ctx.businessName} · ${ctx.contactEmail} · ${ctx.contactPhone}
                  </td>
                </tr>
              </table>
            </td>
          </tr>
        </table>
      </body>
    </html>`.value;
}

export function textFooter(ctx: EmailContext): string {
  return `\n\n--\n${ctx.businessName}\n${ctx.contactEmail} · ${ctx.contactPhone}\n`;
}

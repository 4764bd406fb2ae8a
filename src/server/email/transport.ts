import "server-only";
import nodemailer, { type Transporter } from "nodemailer";
import { getEnv } from "@/env";

export type OutgoingMail = {
  from: string;
  replyTo?: string;
  to: string;
  subject: string;
  html: string;
  text: string;
  attachments: { filename: string; contentType: string; content: string }[];
};

/** What the outbox needs from a transport; nodemailer in production, anything in tests. */
export interface MailTransport {
  readonly kind: "smtp" | "log";
  send(mail: OutgoingMail): Promise<{ messageId: string }>;
  verify(): Promise<void>;
}

export function smtpTransport(url: string): MailTransport {
  // Fail fast when the server is down or hangs, so the outbox backs off instead of holding a worker;
  // the whole exchange stays well inside the outbox's two-minute claim on the row.
  const t: Transporter = nodemailer.createTransport({
    url,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 30_000,
  } as Parameters<typeof nodemailer.createTransport>[0]);
  return {
    kind: "smtp",
    async send(mail) {
      const info = await t.sendMail({
        ...mail,
        attachments: mail.attachments.map((a) => ({ ...a, content: Buffer.from(a.content, "base64") })),
      });
      return { messageId: String(info.messageId ?? "") };
    },
    async verify() {
      await t.verify();
    },
  };
}

/** The embedded default: nothing leaves the machine; messages are logged and kept in the outbox. */
export const logTransport: MailTransport = {
  kind: "log",
  async send() {
    return { messageId: "" };
  },
  async verify() {},
};

const g = globalThis as unknown as { __forecourtMail?: MailTransport };

export function getMailTransport(): MailTransport {
  if (!g.__forecourtMail) {
    const url = getEnv().SMTP_URL;
    g.__forecourtMail = url ? smtpTransport(url) : logTransport;
  }
  return g.__forecourtMail;
}

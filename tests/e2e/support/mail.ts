import fs from "node:fs";
import path from "node:path";
import { test } from "@playwright/test";

/** The mail sink's folder of the app this test's project runs on (playwright.config.ts, ADR 0049). */
function mailDir(): string {
  const dir = (test.info().project.metadata as { mailDir?: string }).mailDir;
  if (!dir) throw new Error(`Project ${test.info().project.name} has no mail sink (metadata.mailDir)`);
  return path.resolve(dir);
}

function decodeQuotedPrintable(s: string): string {
  return s
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

/** `=?UTF-8?Q?…?=` and `=?UTF-8?B?…?=` words to text (adjacent encoded words join without a space). */
function decodeEncodedWords(s: string): string {
  return s
    .replace(/\?=\s+=\?/g, "?==?")
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, kind: string, data: string) =>
      kind.toUpperCase() === "B"
        ? Buffer.from(data, "base64").toString("utf8")
        : Buffer.from(
            data.replace(/_/g, " ").replace(/=([0-9A-F]{2})/gi, (_x, h: string) => `%${h}`),
            "latin1",
          )
            .toString()
            .replace(/(%[0-9A-F]{2})+/gi, (m) => decodeURIComponent(m)),
    );
}

export type Mail = { to: string; subject: string; raw: string; text: string };

function read(dir: string, file: string): Mail {
  const raw = fs.readFileSync(path.join(dir, file), "utf8");
  const to = /^X-Envelope-To: (.*)$/m.exec(raw)?.[1]?.trim() ?? "";
  // The header may be folded over several lines and RFC 2047-encoded (a "£" in it, for example).
  const header = /^Subject: (.*(?:\r?\n[ \t].*)*)/m.exec(raw)?.[1]?.replace(/\r?\n[ \t]/g, " ") ?? "";
  const subject = decodeEncodedWords(header).trim();
  return { to, subject, raw, text: decodeQuotedPrintable(raw) };
}

/** Waits for the next email to `to` whose subject matches, received after `since` files were there. */
export async function waitForMail(
  to: string,
  subject: RegExp,
  opts: { timeoutMs?: number; after?: number } = {},
): Promise<Mail> {
  const end = Date.now() + (opts.timeoutMs ?? 20_000);
  const dir = mailDir();
  while (Date.now() < end) {
    const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
    const mails = files.slice(opts.after ?? 0).map((f) => read(dir, f));
    const hit = mails.find((m) => m.to.toLowerCase() === to.toLowerCase() && subject.test(m.subject));
    if (hit) return hit;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`No email to ${to} matching ${subject} arrived`);
}

export function mailCount(): number {
  const dir = mailDir();
  return fs.existsSync(dir) ? fs.readdirSync(dir).length : 0;
}

export function mailsTo(to: string): Mail[] {
  const dir = mailDir();
  const files = fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
  return files.map((f) => read(dir, f)).filter((m) => m.to.toLowerCase() === to.toLowerCase());
}

/** The first link in the email's text that starts with the app's address and contains `pathPart`. */
export function linkIn(mail: Mail, pathPart: string): string {
  const links = mail.text.match(/https?:\/\/[^\s"<>]+/g) ?? [];
  const link = links.find((l) => l.includes(pathPart));
  if (!link) throw new Error(`No link containing ${pathPart} in "${mail.subject}"`);
  return link.replace(/&amp;/g, "&");
}

// With no SMTP server (the embedded default) an email is only logged, so the log line has to carry
// what a person needs from it: the links to follow (confirm an address, set a password, pay).

const URL_PATTERN = /https?:\/\/[^\s<>"')\]]+/g;

/** The distinct http(s) links of an email's text part, in order of appearance. */
export function linksInText(text: string): string[] {
  const found = text.match(URL_PATTERN) ?? [];
  // A sentence may end right after a link: its full stop or comma is not part of the address.
  return [...new Set(found.map((u) => u.replace(/[.,;:!?]+$/, "")))];
}

/** The message of the log line for an email kept in the outbox instead of sent. */
export function loggedEmailMessage(to: string, subject: string, text: string): string {
  const links = linksInText(text);
  const body = links.length > 0 ? `links: ${links.join(" ")}` : `text: ${text.replace(/\s+/g, " ").trim()}`;
  return `email to ${to} kept in the outbox (no SMTP_URL): "${subject}" — ${body}`;
}

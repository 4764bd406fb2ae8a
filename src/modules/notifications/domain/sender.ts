// Who an email is from and where a reply goes. The address is EMAIL_FROM's (the one the mail relay is
// set up to send for); the name people see can be changed in the settings; replies go to the address the
// business chose, else its contact email — never to a no-reply box nobody reads.

/** The bare address of EMAIL_FROM (`Name <address>` or just the address). */
export const fromAddressOf = (envFrom: string): string =>
  /<([^<>]+)>\s*$/.exec(envFrom)?.[1] ?? envFrom.trim();

/** `"Name" <address>` from EMAIL_FROM and the chosen display name (EMAIL_FROM as it is without one). */
export function fromHeader(envFrom: string, senderName: string | null): string {
  if (!senderName) return envFrom;
  return `"${senderName.replace(/["\\\r\n]/g, "")}" <${fromAddressOf(envFrom)}>`;
}

export function replyToAddress(s: { emailReplyTo: string | null; contactEmail: string }): string {
  return s.emailReplyTo ?? s.contactEmail;
}

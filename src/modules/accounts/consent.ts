// The visitor's cookie choice. Forecourt loads no optional (analytics or marketing) script at all; when
// one is added, it must check analyticsAllowed() first — nothing optional before consent.
export const CONSENT_COOKIE = "fc_consent";

export function analyticsAllowed(cookieValue: string | undefined): boolean {
  return cookieValue === "analytics:granted";
}

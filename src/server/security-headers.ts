// The Content-Security-Policy and HSTS of every response (set in src/proxy.ts). Scripts run only with
// this request's nonce ('strict-dynamic' lets Next's own chunks load the rest); styles may be inline
// because React and the UI kit set `style` attributes. Payments leave the site by navigation
// (`location.assign` to the provider's checkout), never by a form posting there, so form-action 'self'
// holds. See docs/decisions/0013-client-address-and-csp.md.

export function contentSecurityPolicy(nonce: string, opts: { dev: boolean }): string {
  return [
    "default-src 'self'",
    // React's development build evaluates code for its debugging tools; production never does.
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'${opts.dev ? " 'unsafe-eval'" : ""}`,
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    "connect-src 'self'",
    // The technician's day registers a service worker and an app manifest of this site (ADR 0053).
    "worker-src 'self'",
    "manifest-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/** HSTS only when the public address is https: a plain-http install (the local demo) must stay reachable. */
export function strictTransportSecurity(appUrl: string): string | null {
  return appUrl.startsWith("https://") ? "max-age=63072000; includeSubDomains" : null;
}

const SAFE_REQUEST_ID = /^[A-Za-z0-9._-]{1,64}$/;

/** A caller's request id is kept only when it is a short safe token; it reaches logs and responses. */
export function requestIdFrom(given: string | null): string {
  return given && SAFE_REQUEST_ID.test(given) ? given : crypto.randomUUID();
}

/** 16 random bytes, base64: unguessable and fresh for every response. */
export function newNonce(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return btoa(String.fromCharCode(...bytes));
}

// Whether a state-changing request comes from this site (issue 28 #2). Pure: no env, no I/O — the callers
// (the route wrapper, the proxy's server-action guard, better-auth's trustedOrigins) pass the policy in,
// and next.config.ts reads the same origin list for Next's own server-action check. No `server-only`
// import for that reason.

export type OriginPolicy = {
  /** The public address's origin (APP_URL): always accepted, whatever host the request arrived at. */
  appOrigin: string;
  /** ALLOWED_ORIGINS, normalised (`https://www.example.com`). */
  allowedOrigins: readonly string[];
  /**
   * TRUSTED_PROXY_HOPS > 0: a proxy in front names the address the browser used in X-Forwarded-Host and
   * X-Forwarded-Proto. Otherwise those headers are the client's own text and are ignored.
   */
  trustProxy: boolean;
};

export type OriginDecision =
  | { ok: true; origin: string | null }
  | { ok: false; reason: string; origin: string | null; host: string | null };

type RequestLike = { url: string; headers: { get(name: string): string | null } };

/** `scheme://host[:port]` with http(s), lower-cased, default port dropped; null for anything else. */
export function normaliseOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim());
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password || url.search || url.hash || (url.pathname !== "/" && url.pathname !== ""))
    return null;
  return url.origin;
}

/** ALLOWED_ORIGINS: comma-separated origins; blanks ignored. */
export function parseOriginList(raw: string | undefined): { origins: string[]; invalid: string[] } {
  const origins: string[] = [];
  const invalid: string[] = [];
  for (const entry of (raw ?? "").split(",").map((s) => s.trim())) {
    if (!entry) continue;
    const origin = normaliseOrigin(entry);
    if (origin) origins.push(origin);
    else invalid.push(entry);
  }
  return { origins: [...new Set(origins)], invalid };
}

const HOST = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;

function firstValue(value: string | null): string | null {
  const first = value?.split(",")[0]?.trim();
  return first ? first : null;
}

/** The host (and, behind a trusted proxy, the scheme) the browser addressed. */
export function addressedHost(
  request: RequestLike,
  trustProxy: boolean,
): { host: string | null; proto: string | null } {
  const forwardedHost = trustProxy ? firstValue(request.headers.get("x-forwarded-host")) : null;
  const forwardedProto = trustProxy ? firstValue(request.headers.get("x-forwarded-proto")) : null;
  let host = forwardedHost ?? request.headers.get("host");
  // A Request built without a Host header (tests, internal calls): the URL's own host.
  if (!host) {
    try {
      host = new URL(request.url).host;
    } catch {
      host = null;
    }
  }
  return { host: host?.trim().toLowerCase() || null, proto: forwardedProto?.toLowerCase() ?? null };
}

function sameHost(origin: string, host: string, proto: string | null): boolean {
  if (!HOST.test(host)) return false;
  const o = new URL(origin);
  // Behind a trusted proxy the scheme must match too. Without one the app only sees plain http (TLS ends
  // in front of it, or there is none), so the host decides: an http page of the same host is the same
  // server, not another site.
  if (proto && `${proto}:` !== o.protocol) return false;
  try {
    return new URL(`${o.protocol}//${host}`).host === o.host;
  } catch {
    return false;
  }
}

/**
 * The one decision. Accepted: an `Origin` that is APP_URL's, one of ALLOWED_ORIGINS, or the origin of the
 * host the request was sent to (the `Host` header; `X-Forwarded-Host`/`-Proto` only behind a trusted
 * proxy) — so http://127.0.0.1:3000, a LAN address or a www alias work without configuration when the
 * browser talks to the app directly. Refused: any other origin, `Origin: null` (sandboxed frames, opaque
 * redirects), and, with no `Origin`, a `Sec-Fetch-Site` that names another site. A request with neither
 * header is not from a browser (browsers send `Origin` on every POST), so it carries no one else's cookies
 * and is accepted, as Next does for server actions.
 */
export function decideSameOrigin(request: RequestLike, policy: OriginPolicy): OriginDecision {
  const raw = request.headers.get("origin");
  const { host, proto } = addressedHost(request, policy.trustProxy);
  if (raw === null) {
    const site = request.headers.get("sec-fetch-site");
    if (site && site !== "same-origin" && site !== "none")
      return { ok: false, reason: `no Origin and Sec-Fetch-Site: ${site}`, origin: null, host };
    return { ok: true, origin: null };
  }
  const origin = normaliseOrigin(raw);
  if (!origin) return { ok: false, reason: "Origin is not an http(s) origin", origin: raw, host };
  if (origin === policy.appOrigin || policy.allowedOrigins.includes(origin)) return { ok: true, origin };
  if (host && sameHost(origin, host, proto)) return { ok: true, origin };
  return {
    ok: false,
    reason: "Origin is not the host addressed, APP_URL or one of ALLOWED_ORIGINS",
    origin: raw,
    host,
  };
}

/** What a refused person is told: where the site works. */
export function wrongAddressMessage(appUrl: string): string {
  return `This request came from an address the site doesn't accept. Open the site at ${appUrl} and try again.`;
}

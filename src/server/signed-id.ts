import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { isUuid } from "@/lib/uuid";
import { getSecret } from "@/server/auth/secret";

// Links that open one thing without a sign-in (the reminder's site check, ADR 0027; the weather offer,
// ADR 0036) carry `<id>.<signature>`: an HMAC of the id under a key derived for that one purpose, so a
// token made for one kind of link opens nothing of another kind, and none opens anything but its own id.

export type SignedIdPurpose = "forecourt:site-check" | "forecourt:weather-offer";

function mac(purpose: SignedIdPurpose, id: string): Buffer {
  const key = createHmac("sha256", getSecret()).update(purpose).digest();
  return createHmac("sha256", key).update(id).digest();
}

export function signedIdToken(purpose: SignedIdPurpose, id: string): string {
  return `${id}.${mac(purpose, id).toString("base64url")}`;
}

/** The id (a UUID) a token was made for under this purpose, or null for anything else. */
export function verifySignedIdToken(
  purpose: SignedIdPurpose,
  token: string | null | undefined,
): string | null {
  if (!token || token.length > 200) return null;
  const [id, sig, ...rest] = token.split(".");
  if (!id || !sig || rest.length || !isUuid(id)) return null;
  const given = Buffer.from(sig, "base64url");
  const actual = mac(purpose, id);
  return given.length === actual.length && timingSafeEqual(given, actual) ? id : null;
}

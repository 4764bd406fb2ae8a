import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { getEnv } from "@/env";
import { isUuid } from "@/lib/uuid";
import { getSecret } from "@/server/auth/secret";

// The weather offer's links (ADR 0036): a token signed with a key kept for this one purpose (HMAC of the
// weather-day booking's id), like the site-check links of ADR 0027. It opens only the answer page of that
// one booking's weather offer, needs no sign-in, and opening it changes nothing (mail scanners follow
// links): the page has the one-click confirm button.

function mac(entryId: string): Buffer {
  const key = createHmac("sha256", getSecret()).update("forecourt:weather-offer").digest();
  return createHmac("sha256", key).update(entryId).digest();
}

export function weatherToken(entryId: string): string {
  return `${entryId}.${mac(entryId).toString("base64url")}`;
}

/** The weather-day booking id a token was made for, or null for anything else. */
export function verifyWeatherToken(token: string | null | undefined): string | null {
  if (!token || token.length > 200) return null;
  const [id, sig, ...rest] = token.split(".");
  if (!id || !sig || rest.length || !isUuid(id)) return null;
  const given = Buffer.from(sig, "base64url");
  const actual = mac(id);
  return given.length === actual.length && timingSafeEqual(given, actual) ? id : null;
}

/** The answer page; `choice` preselects one offered time (its held allocation) or "another". */
export function weatherOfferUrl(entryId: string, choice?: string, appUrl = getEnv().APP_URL): string {
  const url = new URL("/booking/weather", appUrl);
  url.searchParams.set("token", weatherToken(entryId));
  if (choice) url.searchParams.set("choice", choice);
  return url.toString();
}

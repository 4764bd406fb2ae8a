import "server-only";
import { getEnv } from "@/env";
import { signedIdToken, verifySignedIdToken } from "@/server/signed-id";

// The weather offer's links (ADR 0036): a token signed with a key kept for this one purpose (HMAC of the
// weather-day booking's id), like the site-check links of ADR 0027. It opens only the answer page of that
// one booking's weather offer, needs no sign-in, and opening it changes nothing (mail scanners follow
// links): the page has the one-click confirm button.

export const weatherToken = (entryId: string) => signedIdToken("forecourt:weather-offer", entryId);

/** The weather-day booking id a token was made for, or null for anything else. */
export const verifyWeatherToken = (token: string | null | undefined) =>
  verifySignedIdToken("forecourt:weather-offer", token);

/** The answer page; `choice` preselects one offered time (its held allocation) or "another". */
export function weatherOfferUrl(entryId: string, choice?: string, appUrl = getEnv().APP_URL): string {
  const url = new URL("/booking/weather", appUrl);
  url.searchParams.set("token", weatherToken(entryId));
  if (choice) url.searchParams.set("choice", choice);
  return url.toString();
}

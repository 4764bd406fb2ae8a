import { type APIRequestContext, expect } from "@playwright/test";
import sharp from "sharp";

// What the technician's specs share: a job today on the test's own van, and a photo to upload.

/**
 * A confirmed booking on the test's own van (made inactive: not taking bookings) today, `minutes` from now
 * in whole minutes (so the clock rounds the same), for the customer with `email`.
 */
export async function jobToday(request: APIRequestContext, email: string, team: string, minutes: number) {
  const at = new Date(Math.floor(Date.now() / 60_000) * 60_000 + minutes * 60_000);
  const made = await request.post("/api/test/bookings", {
    data: {
      status: "confirmed",
      customerEmail: email,
      teamName: team,
      startsAt: at.toISOString(),
      minutes: 60,
      ownTeam: true,
    },
  });
  expect(made.ok(), await made.text()).toBe(true);
  return ((await made.json()) as { data: { id: string; reference: string } }).data;
}

/** A 1200 × 900 JPEG of one colour, as a phone's camera would send. */
export function photo(colour: string): Promise<Buffer> {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
}

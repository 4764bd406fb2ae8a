import { describe, expect, it } from "vitest";
import { pickOfferTimes, weatherEntryState, weatherOfferExpiry } from "./weather-rules";

const at = (day: number, hour: number, minute = 0) => new Date(Date.UTC(2027, 0, day, hour, minute));

describe("pickOfferTimes", () => {
  it("takes the nearest starts to the original, spread apart, and a few spares", () => {
    const original = at(12, 10);
    const starts = [at(12, 16), at(13, 9), at(13, 9, 30), at(13, 10), at(13, 11), at(13, 14), at(11, 8)];
    const picked = pickOfferTimes(starts, original, { count: 2, spreadMinutes: 120 });
    // 12 Jan 16:00 (6 h away), 11 Jan 08:00 (26 h), 13 Jan 09:00 (23 h) … 09:30/10:00 are too close to 09:00.
    expect(picked.map((d) => d.toISOString())).toEqual([
      at(12, 16).toISOString(),
      at(13, 9).toISOString(),
      at(13, 11).toISOString(),
      at(11, 8).toISOString(),
    ]);
  });

  it("is empty without free starts", () => {
    expect(pickOfferTimes([], at(12, 10))).toEqual([]);
  });
});

describe("weatherOfferExpiry", () => {
  const now = at(11, 9);
  it("lapses after the expiry setting when the offered times are later", () => {
    expect(weatherOfferExpiry([at(14, 9), at(15, 9)], { rescheduleRequestExpiryHours: 48 }, now)).toEqual(
      at(13, 9),
    );
  });
  it("lapses when the earliest offered time begins, not at the original start's cut-off", () => {
    expect(weatherOfferExpiry([at(12, 14), at(15, 9)], { rescheduleRequestExpiryHours: 48 }, now)).toEqual(
      at(12, 14),
    );
  });
});

describe("weatherEntryState", () => {
  const now = at(11, 9);
  const pending = { status: "pending" as const, expiresAt: at(12, 9) };
  it("an answer wins", () => {
    expect(weatherEntryState({ answer: "accepted", offer: { ...pending, status: "approved" } }, now)).toBe(
      "accepted",
    );
    expect(weatherEntryState({ answer: "asked_another", offer: null }, now)).toBe("asked_another");
    expect(weatherEntryState({ answer: null, offer: { ...pending, status: "approved" } }, now)).toBe(
      "accepted",
    );
  });
  it("a pending offer waits; a lapsed, closed or missing offer needs a phone call", () => {
    expect(weatherEntryState({ answer: null, offer: pending }, now)).toBe("waiting");
    expect(weatherEntryState({ answer: null, offer: { ...pending, expiresAt: now } }, now)).toBe("call");
    expect(weatherEntryState({ answer: null, offer: { ...pending, status: "expired" } }, now)).toBe("call");
    expect(weatherEntryState({ answer: null, offer: null }, now)).toBe("call");
  });
  it("once lifted, every booking that didn't move stands; one that moved has moved", () => {
    expect(weatherEntryState({ answer: null, offer: pending }, now, true)).toBe("stands");
    expect(weatherEntryState({ answer: null, offer: { ...pending, status: "withdrawn" } }, now, true)).toBe(
      "stands",
    );
    expect(weatherEntryState({ answer: "asked_another", offer: null }, now, true)).toBe("stands");
    expect(weatherEntryState({ answer: null, offer: null }, now, true)).toBe("stands");
    expect(weatherEntryState({ answer: "accepted", offer: null }, now, true)).toBe("accepted");
    expect(weatherEntryState({ answer: null, offer: { ...pending, status: "approved" } }, now, true)).toBe(
      "accepted",
    );
  });
});

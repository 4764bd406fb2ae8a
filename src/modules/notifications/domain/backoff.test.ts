import { describe, expect, it } from "vitest";
import { retryDelayMs } from "./backoff";

describe("retryDelayMs", () => {
  it.each([
    [1, 30, 30_000],
    [2, 30, 60_000],
    [3, 30, 120_000],
    [7, 30, 1_920_000],
    [0, 30, 30_000],
  ])("attempt %i with base %is waits %ims", (attempt, base, expected) => {
    expect(retryDelayMs(attempt, base)).toBe(expected);
  });

  it("never waits more than six hours", () => {
    expect(retryDelayMs(40, 30)).toBe(6 * 60 * 60 * 1000);
  });
});

import { describe, expect, it } from "vitest";
import { signInDelayMs } from "./sign-in-delay";

describe("signInDelayMs", () => {
  it.each([
    [0, 0],
    [9, 0],
    [10, 250],
    [11, 500],
    [12, 1000],
    [13, 2000],
    [14, 4000],
    [15, 5000],
    [100, 5000],
    [1_000_000, 5000],
  ])("after %i wrong passwords (slowing after 10) waits %i ms", (failures, ms) => {
    expect(signInDelayMs(failures, 10)).toBe(ms);
  });

  it("starts at the configured count", () => {
    expect(signInDelayMs(1, 2)).toBe(0);
    expect(signInDelayMs(2, 2)).toBe(250);
  });
});

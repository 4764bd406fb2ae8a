import { describe, expect, it } from "vitest";
import {
  describeZoneTerms,
  formatMoneyInput,
  formatPrefixes,
  MAX_PREFIXES,
  parseMoneyInput,
  parsePrefixes,
  parseWholeMinutes,
} from "./zone-input";

const bad = (token: string) =>
  `"${token}" isn't a postcode area, district or sector — e.g. SE, SW9 or SW9 8.`;

describe("parsePrefixes", () => {
  it.each([
    ["SW9", ["SW9"]],
    ["SW9, SE5 SE15", ["SW9", "SE5", "SE15"]],
    ["sw9\nse5\r\nse", ["SW9", "SE5", "SE"]],
    ["SW9 8", ["SW9 8"]],
    ["sw9 8, SW9 7", ["SW9 8", "SW9 7"]],
    ["SW9 8 SE5", ["SW9 8", "SE5"]],
    ["SW9  8", ["SW9 8"]],
    ["SE15 4 SE15", ["SE15 4", "SE15"]],
    ["EC1A 1, W1A", ["EC1A 1", "W1A"]],
    ["SW9; SW2", ["SW9", "SW2"]],
    [" , SW9 ,, sw9, SW9 ", ["SW9"]],
    ["SW9,SW9 8,SW", ["SW9", "SW9 8", "SW"]],
  ])("%j → %j", (text, expected) => {
    expect(parsePrefixes(text)).toEqual({ ok: true, value: expected });
  });

  it.each(["", "   ", " , \n ,"])("asks for at least one prefix in %j", (text) => {
    expect(parsePrefixes(text)).toEqual({
      ok: false,
      message: "Enter at least one postcode prefix, e.g. SW9.",
    });
  });

  it.each([
    ["SW9, XX99Z", "XX99Z"],
    ["SW9, xx99z, Q1!", "xx99z"],
    ["SE 5", "5"], // a digit after an area is not a sector
    ["SW9 8 7", "7"], // a district takes one sector digit
    ["SW9 8AB", "8AB"], // a full postcode is too specific
    ["8", "8"],
    ["SW9-8", "SW9-8"],
  ])("in %j names %j", (text, token) => {
    expect(parsePrefixes(text)).toEqual({ ok: false, message: bad(token) });
  });

  it("refuses more prefixes than a zone may hold", () => {
    const many = Array.from({ length: MAX_PREFIXES + 1 }, (_, i) => `SW${i + 1}`).join(",");
    expect(parsePrefixes(many).ok).toBe(false);
  });

  it("round-trips through the edit box", () => {
    const parsed = parsePrefixes("SW9 8, SE5, SE");
    expect(parsed.ok && parsePrefixes(formatPrefixes(parsed.value))).toEqual(parsed);
  });
});

describe("parseMoneyInput", () => {
  it.each([
    ["", 0],
    ["  ", 0],
    ["0", 0],
    ["4", 400],
    ["4.5", 450],
    ["4.50", 450],
    ["4.05", 405],
    [".5", 50],
    ["4.", 400],
    ["£4.50", 450],
    [" 12.99 ", 1299],
    ["007.10", 710],
    ["500.00", 50000],
  ])("%j → %i", (text, minor) => {
    expect(parseMoneyInput(text)).toEqual({ ok: true, value: minor });
  });

  it.each([
    ["-1", "The amount can't be negative."],
    ["-0.50", "The amount can't be negative."],
    ["4.505", "Use at most 2 decimal places, like 4.50."],
    ["4,50", "Enter an amount like 4.50."],
    ["abc", "Enter an amount like 4.50."],
    [".", "Enter an amount like 4.50."],
    ["1e3", "Enter an amount like 4.50."],
    ["4.5.0", "Enter an amount like 4.50."],
    ["1234567890", "The amount is too large."],
  ])("refuses %j: %s", (text, message) => {
    expect(parseMoneyInput(text)).toEqual({ ok: false, message });
  });

  it("names what is being entered", () => {
    expect(parseMoneyInput("-3", "The travel fee")).toEqual({
      ok: false,
      message: "The travel fee can't be negative.",
    });
  });

  it.each([0, 5, 450, 405, 50000, 123456])("formats %i back to text that parses to it", (minor) => {
    expect(parseMoneyInput(formatMoneyInput(minor))).toEqual({ ok: true, value: minor });
  });
});

describe("parseWholeMinutes", () => {
  it.each([
    ["", 0],
    [" 15 ", 15],
    [15, 15],
    ["0", 0],
    ["2.5", null],
    ["-5", null],
    ["ten", null],
    [2.5, null],
  ] as const)("%j → %j", (input, out) => expect(parseWholeMinutes(input)).toBe(out));
});

describe("describeZoneTerms", () => {
  it.each([
    [450, 15, "£4.50 travel fee, +15 min"],
    [0, 15, "no travel fee, +15 min"],
    [450, 0, "£4.50 travel fee, no extra time"],
    [0, 90, "no travel fee, +1 h 30 min"],
  ])("%i minor and %i min read %j", (travelFeeMinor, travelBufferMinutes, text) => {
    expect(describeZoneTerms({ travelFeeMinor, travelBufferMinutes }, "GBP")).toBe(text);
  });
});

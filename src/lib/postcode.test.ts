import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { isValidZonePrefix, matchZone, normaliseUkPostcode, prefixMatches } from "./postcode";

describe("normaliseUkPostcode", () => {
  it.each([
    ["sw98ab", "SW9 8AB"],
    [" SW9  8ab ", "SW9 8AB"],
    ["ec1a1bb", "EC1A 1BB"],
    ["W1A 0AX", "W1A 0AX"],
    ["m11ae", "M1 1AE"],
    ["se154ab", "SE15 4AB"],
  ])("%s → %s", (input, out) => expect(normaliseUkPostcode(input)).toBe(out));

  it.each(["", "SW9", "12345", "SW9 8A", "SWW9 8AB!", "9SW 8AB"])("refuses %j", (input) => {
    expect(normaliseUkPostcode(input)).toBeNull();
  });

  it("is idempotent", () => {
    fc.assert(
      fc.property(fc.string(), (s) => {
        const once = normaliseUkPostcode(s);
        return once === null || normaliseUkPostcode(once) === once;
      }),
    );
  });
});

describe("prefix matching", () => {
  it.each([
    ["SE15 4AB", "SE", true],
    ["SE15 4AB", "S", false],
    ["SW11 2AB", "SW1", false],
    ["SW1A 1AA", "SW1", true],
    ["SW1A 1AA", "sw1a", true],
    ["SW9 8AB", "SW9", true],
    ["SW9 8AB", "SW9 8", true],
    ["SW9 7AB", "SW9 8", false],
    ["EC1A 1BB", "EC", true],
  ])("%s under %s: %s", (postcode, prefix, expected) =>
    expect(prefixMatches(postcode, prefix)).toBe(expected),
  );

  it("validates what an admin may type", () => {
    expect(["SW9", "se", "SW1A", "sw9 8"].every(isValidZonePrefix)).toBe(true);
    expect(["", "9", "SW9 8A", "ABC", "SW9-8"].some(isValidZonePrefix)).toBe(false);
  });
});

describe("matchZone", () => {
  const zones = [
    { name: "South East", postcodePrefixes: ["SE"] },
    { name: "Peckham", postcodePrefixes: ["SE15"] },
    { name: "Peckham Rye sector", postcodePrefixes: ["SE15 3"] },
    { name: "Westminster", postcodePrefixes: ["SW1"] },
  ];
  it.each([
    ["SE15 4AB", "Peckham"],
    ["SE15 3AB", "Peckham Rye sector"],
    ["SE10 9AB", "South East"],
    ["SW1A 1AA", "Westminster"],
    ["SW11 2AB", null],
    ["N1 9GU", null],
  ])("%s → %s (the longest prefix wins)", (postcode, name) => {
    expect(matchZone(postcode, zones)?.name ?? null).toBe(name);
  });
});

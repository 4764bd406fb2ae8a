import { describe, expect, it } from "vitest";
import { businessChoices, COUNTRIES, countriesWithFirst, CURRENCIES, TIME_ZONES } from "./choices";

// Issue 27 item 10: the country list had 272 entries, with withdrawn codes and countries named twice.

describe("COUNTRIES", () => {
  it("is the 249 current ISO 3166-1 alpha-2 codes, each once", () => {
    const codes = COUNTRIES.map((c) => c.code);
    expect(codes).toHaveLength(249);
    expect(new Set(codes).size).toBe(249);
    for (const code of codes) expect(code).toMatch(/^[A-Z]{2}$/);
  });

  it("names each country once, with a name (not its code)", () => {
    const names = COUNTRIES.map((c) => c.name);
    expect(new Set(names).size).toBe(names.length);
    for (const c of COUNTRIES) expect(c.name).not.toBe(c.code);
    expect(names.filter((n) => n === "United Kingdom")).toHaveLength(1);
    expect(names.filter((n) => n === "Germany")).toHaveLength(1);
    expect(names.filter((n) => n === "Serbia")).toHaveLength(1);
  });

  it("has no withdrawn or alias codes", () => {
    const codes = new Set(COUNTRIES.map((c) => c.code));
    for (const old of ["AN", "CS", "YU", "ZR", "TP", "BU", "DD", "SU", "UK", "EU", "UN", "XK"])
      expect(codes.has(old), old).toBe(false);
  });

  it("is sorted by name", () => {
    const names = COUNTRIES.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en-GB")));
  });
});

describe("countriesWithFirst", () => {
  it("puts the business's own country first, then the rest by name, each once", () => {
    const gb = countriesWithFirst("GB");
    expect(gb[0]).toEqual({ code: "GB", name: "United Kingdom" });
    expect(gb).toHaveLength(249);
    expect(gb.slice(1).map((c) => c.code)).toEqual(
      COUNTRIES.filter((c) => c.code !== "GB").map((c) => c.code),
    );
    expect(countriesWithFirst("IE")[0]?.code).toBe("IE");
  });

  it("keeps the list by name for a code it does not know", () => {
    expect(countriesWithFirst("ZZ")).toEqual(COUNTRIES);
  });
});

describe("businessChoices", () => {
  // Issue 27 item 12: the form asked the browser's Intl, which knows other currencies than the server's
  // (Chromium lacks SLE, XCG and ZWG): its list differed from the server's HTML (React #418) and could offer
  // a choice the server refuses. The form now gets exactly what the server validates with.
  it("is the server's own lists, with the business's country first", () => {
    const choices = businessChoices("DE");
    expect(choices.timeZones).toBe(TIME_ZONES);
    expect(choices.currencies).toBe(CURRENCIES);
    expect(choices.countries).toEqual(countriesWithFirst("DE"));
    expect(choices.countries[0]?.code).toBe("DE");
  });
});

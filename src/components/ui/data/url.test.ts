import { describe, expect, it } from "vitest";
import { hrefWith, pageFrom, type SearchParamsInput, sortHref } from "@/components/ui/data/url";

describe("hrefWith", () => {
  it.each<[string, SearchParamsInput, Record<string, string | number | undefined>, string]>([
    ["/a", {}, { page: 2 }, "/a?page=2"],
    ["/a", { q: "wash", page: "3" }, { page: 4 }, "/a?q=wash&page=4"],
    ["/a", { q: "wash", page: "3" }, { page: undefined }, "/a?q=wash"],
    ["/a", { q: undefined }, {}, "/a"],
    ["/a", { tag: ["x", "y"] }, { page: 2 }, "/a?tag=x&tag=y&page=2"],
    ["/a", { q: "a&b c" }, {}, "/a?q=a%26b+c"],
  ])("%s %j + %j → %s", (path, params, changes, expected) => {
    expect(hrefWith(path, params, changes)).toBe(expected);
  });
});

describe("sortHref", () => {
  it.each([
    [null, "name", "/s?q=x&sort=name&dir=asc"],
    [{ key: "name", direction: "asc" } as const, "name", "/s?q=x&sort=name&dir=desc"],
    [{ key: "name", direction: "desc" } as const, "name", "/s?q=x&sort=name&dir=asc"],
    [{ key: "price", direction: "asc" } as const, "name", "/s?q=x&sort=name&dir=asc"],
  ])("from %j, clicking %s → %s (and back to page 1)", (current, key, expected) => {
    expect(sortHref("/s", { q: "x", page: "3" }, key, current)).toBe(expected);
  });
});

describe("pageFrom", () => {
  it.each([
    [undefined, 5, 1],
    ["2", 5, 2],
    ["9", 5, 5],
    ["0", 5, 1],
    ["-3", 5, 1],
    ["abc", 5, 1],
    [["3", "4"], 5, 3],
    ["1", 0, 1],
  ] as const)("%j of %d → %d", (value, count, expected) => {
    expect(pageFrom(value as string | string[] | undefined, count)).toBe(expected);
  });
});

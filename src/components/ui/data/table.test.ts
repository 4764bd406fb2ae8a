import { createElement as h } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { SortState } from "@/components/ui/data/url";
import { SortableTh, Td } from "@/components/ui/data/table";

const th = (sort: SortState | null) =>
  renderToStaticMarkup(
    h(
      "table",
      null,
      h(
        "thead",
        null,
        h(
          "tr",
          null,
          h(SortableTh, {
            sortKey: "price",
            sort,
            pathname: "/s",
            searchParams: { kind: "addon", page: "2" },
            children: "Price",
          }),
        ),
      ),
    ),
  ).replaceAll("&amp;", "&");

describe("SortableTh", () => {
  it.each<[SortState | null, string, string]>([
    [null, "none", "/s?kind=addon&sort=price&dir=asc"],
    [{ key: "name", direction: "asc" }, "none", "/s?kind=addon&sort=price&dir=asc"],
    [{ key: "price", direction: "asc" }, "ascending", "/s?kind=addon&sort=price&dir=desc"],
    [{ key: "price", direction: "desc" }, "descending", "/s?kind=addon&sort=price&dir=asc"],
  ])("sorted by %j: aria-sort=%s, links to %s", (sort, ariaSort, href) => {
    const html = th(sort);
    expect(html).toContain(`aria-sort="${ariaSort}"`);
    expect(html).toContain(`href="${href}"`);
    expect(html).toContain('scope="col"');
  });
});

describe("Td", () => {
  it("labels its value for phones, where the header row is hidden", () => {
    const html = renderToStaticMarkup(
      h("table", null, h("tbody", null, h("tr", null, h(Td, { label: "Price", numeric: true }, "£45.00")))),
    );
    expect(html).toMatch(/<span class="[^"]*md:sr-only[^"]*">Price: <\/span>£45.00/);
    expect(html).toContain("tabular");
  });
});

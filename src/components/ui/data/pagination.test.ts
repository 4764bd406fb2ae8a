import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Pagination } from "@/components/ui/data/pagination";

const render = (page: number, pageCount: number, total?: number) =>
  renderToStaticMarkup(
    createElement(Pagination, {
      page,
      pageCount,
      total,
      pathname: "/admin/bookings",
      searchParams: { q: "smith", status: "confirmed", page: String(page) },
      noun: ["booking", "bookings"],
    }),
  );

const hrefs = (html: string) =>
  [...html.matchAll(/href="([^"]*)"/g)].map((m) => m[1]?.replaceAll("&amp;", "&"));
const disabled = (html: string) =>
  [...html.matchAll(/<span aria-disabled="true"[^>]*>(.*?)<\/span>/g)].map((m) =>
    m[1]?.replace(/<[^>]+>/g, ""),
  );

describe("Pagination", () => {
  it.each([
    // page, pages, links, disabled ends
    [1, 7, ["/admin/bookings?q=smith&status=confirmed&page=2"], ["Previous"]],
    [
      2,
      7,
      ["/admin/bookings?q=smith&status=confirmed", "/admin/bookings?q=smith&status=confirmed&page=3"],
      [],
    ],
    [7, 7, ["/admin/bookings?q=smith&status=confirmed&page=6"], ["Next"]],
  ] as const)("page %i of %i links %j and disables %j", (page, pageCount, links, ends) => {
    const html = render(page, pageCount);
    expect(html).toContain(`Page ${page} of ${pageCount}`);
    expect(html).toContain('aria-label="Pagination"');
    expect(hrefs(html)).toEqual(links);
    expect(disabled(html)).toEqual(ends);
  });

  it("counts the items, singular and plural, and hides the buttons on a single page", () => {
    expect(render(1, 1, 1)).toContain("Page 1 of 1 · 1 booking");
    const html = render(1, 1, 3);
    expect(html).toContain("3 bookings");
    expect(hrefs(html)).toEqual([]);
    expect(html).not.toContain("Previous");
  });

  it("renders nothing for a single page without a count", () => {
    expect(render(1, 1)).toBe("");
  });
});

import { describe, expect, it } from "vitest";
import { renderMarkdown } from "./markdown";

describe("renderMarkdown", () => {
  it("renders paragraphs, emphasis, lists and line breaks", () => {
    const html = renderMarkdown("**Inside** and *out*.\nSecond line\n\n- Seats\n- Mats");
    expect(html).toContain("<strong>Inside</strong>");
    expect(html).toContain("<em>out</em>");
    expect(html).toContain("<br>");
    expect(html).toContain("<ul>\n<li>Seats</li>");
  });

  it("escapes raw HTML instead of passing it through", () => {
    const html = renderMarkdown('<script>alert(1)</script><img src=x onerror="alert(2)">');
    expect(html).not.toMatch(/<script|<img/i);
    expect(html).toContain("&lt;script&gt;");
  });

  it("refuses javascript: and data: links and marks real links nofollow", () => {
    expect(renderMarkdown("[x](javascript:alert(1))")).not.toContain("href");
    expect(renderMarkdown("[x](data:text/html;base64,AAAA)")).not.toContain("href");
    const html = renderMarkdown("[our guide](https://example.com/guide)");
    expect(html).toContain('href="https://example.com/guide"');
    expect(html).toContain('rel="nofollow noopener noreferrer"');
  });

  it("does not render images or headings", () => {
    const html = renderMarkdown("# Big\n\n![t](https://tracker.example/p.gif)");
    expect(html).not.toMatch(/<h1|<img/);
  });
});

import MarkdownIt from "markdown-it";

// Service descriptions are written by the admin in Markdown and shown to the public. Raw HTML is never
// passed through (it is escaped as text), link targets are limited to http(s) and mailto/tel, images and
// headings are turned off (a description is paragraphs, emphasis, lists and links), and links open with
// rel="nofollow noopener".
const md = new MarkdownIt("default", { html: false, linkify: true, typographer: true, breaks: true });
md.disable(["image", "heading", "lheading", "table", "code", "fence", "hr"]);

const SAFE_LINK = /^(https?:|mailto:|tel:)/i;
md.validateLink = (url: string) => SAFE_LINK.test(url.trim());

const defaultLinkOpen =
  md.renderer.rules.link_open ??
  ((tokens, idx, options, _env, self) => self.renderToken(tokens, idx, options));
md.renderer.rules.link_open = (tokens, idx, options, env, self) => {
  const token = tokens[idx];
  token?.attrSet("rel", "nofollow noopener noreferrer");
  return defaultLinkOpen(tokens, idx, options, env, self);
};

/** Markdown to HTML that is safe to insert into a page. */
export function renderMarkdown(source: string): string {
  return md.render(source);
}

import { cn } from "./cn";

// The text link's classes, apart from the Link component so that code needing only the look (a plain
// <a>, the error page's) doesn't load next/link with it. `link.tsx` re-exports them.

export type TextLinkStyle = {
  /** `ink`: the darker brand, for links in dense admin text and on tinted panels; `inherit`: the
   * surrounding text's colour, for a link inside a notice, a banner or a footer. */
  tone?: "brand" | "ink" | "inherit";
  /** `hover`: underlined on hover only — a record's name opening it, in a list where every row links. */
  underline?: "always" | "hover";
  weight?: "normal" | "medium" | "semibold";
  /** A link standing on its own line: 44 px tall on touch (`phone`: below md only, where rows are cards). */
  touch?: "always" | "phone";
};

const WEIGHTS = { normal: "", medium: "font-medium", semibold: "font-semibold" } as const;

/**
 * The look of a text link (brand colour, underlined, offset), for every element that reads as one: a
 * `TextLink`, a plain `<a>` (a download, `mailto:`), a `<button>` or `<summary>` inside a sentence.
 */
export function textLinkClass({
  tone = "brand",
  underline = "always",
  weight = "medium",
  touch,
  className,
}: TextLinkStyle & { className?: string } = {}) {
  return cn(
    touch && "inline-flex min-h-11 items-center",
    touch === "phone" && "md:min-h-0",
    WEIGHTS[weight],
    tone === "ink" ? "text-brand-ink" : tone === "brand" && "text-brand",
    "underline-offset-2",
    underline === "always" ? "underline" : "hover:underline",
    underline === "always" && tone === "brand" && "hover:text-brand-hover",
    className,
  );
}

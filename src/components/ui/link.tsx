import NextLink from "next/link";
import type { ComponentProps } from "react";
import { cn } from "./cn";

// Every page is rendered per request (the root layout's CSP nonce makes them dynamic), so a prefetch
// brings only an empty shell — yet next/link fires one for each link that scrolls into view: a guest's
// date step sent ~16 of them (header, footer, wizard steps), 5–7 ms of server work each, more than the
// page itself (ADR 0039). Links here prefetch only when a caller asks (`prefetch`), e.g. towards a page
// with a loading skeleton worth showing at once.
export default function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}

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

/** A link in or beside text (not a button-looking one: that is `ButtonLink`). */
export function TextLink({
  tone,
  underline,
  weight,
  touch,
  className,
  ...props
}: ComponentProps<typeof Link> & TextLinkStyle) {
  return <Link className={textLinkClass({ tone, underline, weight, touch, className })} {...props} />;
}

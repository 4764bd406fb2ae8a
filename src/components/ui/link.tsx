import NextLink from "next/link";
import type { ComponentProps } from "react";
import { type TextLinkStyle, textLinkClass } from "./link-class";

// Every page is rendered per request (the root layout's CSP nonce makes them dynamic), so a prefetch
// brings only an empty shell — yet next/link fires one for each link that scrolls into view: a guest's
// date step sent ~16 of them (header, footer, wizard steps), 5–7 ms of server work each, more than the
// page itself (ADR 0039). Links here prefetch only when a caller asks (`prefetch`), e.g. towards a page
// with a loading skeleton worth showing at once.
export default function Link({ prefetch = false, ...props }: ComponentProps<typeof NextLink>) {
  return <NextLink prefetch={prefetch} {...props} />;
}

export { type TextLinkStyle, textLinkClass };

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

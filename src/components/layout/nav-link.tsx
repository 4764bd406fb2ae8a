"use client";

import Link from "@/components/ui/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";
import { buttonClass } from "@/components/ui/button-class";
import { cn } from "@/components/ui/cn";

// The two navigation looks: a sidebar row (back office) and an underlined tab (customer area). The
// current page is marked by aria-current and by colour, never by colour alone (the bar or the fill).
const VARIANTS = {
  sidebar: {
    base: buttonClass({ variant: "ghost", size: "sm", className: "flex justify-start" }),
    current: "bg-brand-soft text-brand-ink hover:bg-brand-soft hover:text-brand-ink",
  },
  tab: {
    // The focus ring is drawn inside: the row scrolls sideways on a phone and would clip one outside.
    base: "inline-flex min-h-11 items-center whitespace-nowrap border-b-2 border-transparent px-3 text-ink-muted hover:text-ink focus-visible:outline-offset-[-3px]",
    current: "border-brand text-brand-ink hover:text-brand-ink",
  },
} as const;

/** A navigation link that marks itself as the current page (kept right across client navigation). */
export function NavLink({
  href,
  variant,
  children,
  siblings = [],
}: {
  href: string;
  variant: keyof typeof VARIANTS;
  /** The other links of the same menu: when one of them matches more closely, this one is not current. */
  siblings?: readonly string[];
  children: ReactNode;
}) {
  const path = usePathname();
  const matches = (h: string) => path === h || path.startsWith(`${h}/`);
  const current = matches(href) && !siblings.some((h) => h.length > href.length && matches(h));
  const look = VARIANTS[variant];
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      className={cn(look.base, current && look.current)}
    >
      {children}
    </Link>
  );
}

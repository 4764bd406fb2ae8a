"use client";

import Link from "next/link";
import { usePathname } from "next/navigation";
import type { ReactNode } from "react";

/** A navigation link that marks itself as the current page (kept right across client navigation). */
export function NavLink({
  href,
  className,
  currentClassName,
  children,
  siblings = [],
}: {
  href: string;
  /** The other links of the same menu: when one of them matches more closely, this one is not current. */
  siblings?: readonly string[];
  className: string;
  currentClassName: string;
  children: ReactNode;
}) {
  const path = usePathname();
  const matches = (h: string) => path === h || path.startsWith(`${h}/`);
  const current = matches(href) && !siblings.some((h) => h.length > href.length && matches(h));
  return (
    <Link
      href={href}
      aria-current={current ? "page" : undefined}
      className={`${className} ${current ? currentClassName : ""}`}
    >
      {children}
    </Link>
  );
}

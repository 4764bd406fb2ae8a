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
}: {
  href: string;
  className: string;
  currentClassName: string;
  children: ReactNode;
}) {
  const path = usePathname();
  const current = path === href || path.startsWith(`${href}/`);
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

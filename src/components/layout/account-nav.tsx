"use client";

import { usePathname } from "next/navigation";
import { customerNav } from "@/lib/routes";
import { TabScroller } from "@/components/ui/nav/tab-scroller";
import { NavLink } from "./nav-link";

const HREFS = customerNav.map((i) => i.href);

/**
 * The customer area's own navigation (Overview, Bookings, … Privacy), under the public header on the
 * area's pages — including the privacy settings, which live outside /dashboard — and nowhere else.
 */
export function AccountNav() {
  const path = usePathname();
  if (!HREFS.some((h) => path === h || path.startsWith(`${h}/`))) return null;
  return (
    <nav aria-label="Your account" className="mx-auto max-w-6xl print:hidden">
      {/* On a phone the tabs scroll sideways, the current one in view (issue 27). */}
      <TabScroller className="px-2 sm:px-4">
        <ul className="flex w-max gap-1 text-sm font-medium">
          {customerNav.map((item) => (
            <li key={item.href}>
              <NavLink href={item.href} siblings={HREFS} variant="tab">
                {item.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </TabScroller>
    </nav>
  );
}

import Link from "@/components/ui/link";
import { NavLink } from "./nav-link";
import type { ReactNode } from "react";
import { FlaskConical, Globe } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { AdminAccountMenu, AdminNavDrawer } from "./admin-menus";
import { adminNav, type NavBadge, routes } from "@/lib/routes";
import { activeProviderName } from "@/modules/payments/server";
import { TextLink } from "@/components/ui/link";

type Badges = Partial<Record<NavBadge, number>>;
type Props = { businessName: string; userName: string; badges?: Badges; children: ReactNode };

const BADGE_WORDS: Record<NavBadge, string> = {
  rescheduleRequests: "waiting for an answer",
  timeRequests: "waiting for a time",
};

function Sidebar({ badges = {} }: { badges?: Badges }) {
  const groups = adminNav.filter((g) => g.items.length > 0);
  const hrefs = groups.flatMap((g) => g.items.map((i) => i.href));
  return (
    <nav aria-label="Admin">
      {groups.map((group) => (
        <div key={group.label} className="mb-5">
          <p className="px-3 text-xs font-semibold uppercase tracking-wide text-ink-subtle">{group.label}</p>
          <ul className="mt-1 space-y-0.5">
            {group.items.map((item) => (
              <li key={item.href}>
                <NavLink href={item.href} siblings={hrefs} variant="sidebar">
                  {item.label}
                  {item.badge && (badges[item.badge] ?? 0) > 0 && (
                    <span className="ml-auto rounded-full bg-brand px-2 text-xs font-semibold text-white tabular">
                      {badges[item.badge]}
                      <span className="sr-only"> {BADGE_WORDS[item.badge]}</span>
                    </span>
                  )}
                </NavLink>
              </li>
            ))}
          </ul>
        </div>
      ))}
      <p className="border-t border-line pt-3">
        <Link
          href={routes.home}
          className={buttonClass({ variant: "ghost", size: "sm", className: "flex justify-start gap-2" })}
        >
          <Globe aria-hidden="true" className="size-4" />
          View the public site
        </Link>
      </p>
    </nav>
  );
}

/** The back office frame: a sidebar on wide screens, a popover drawer on phones. */
export function AdminShell({ businessName, userName, badges, children }: Props) {
  // Staff must never mistake test checkouts for money taken (issue 10 #8).
  const testPayments = activeProviderName() === "test";
  return (
    <div className="min-h-dvh lg:grid lg:grid-cols-[15rem_1fr] print:block">
      <aside className="hidden border-r border-line bg-surface px-3 py-4 lg:block print:hidden">
        <Link href={routes.adminToday} className="mb-6 block px-3 text-base font-bold text-brand-ink">
          {businessName}
          <span className="block text-xs font-medium text-ink-subtle">Back office</span>
        </Link>
        <Sidebar badges={badges} />
      </aside>
      <div className="flex min-w-0 flex-col">
        <header className="flex items-center justify-between gap-3 border-b border-line bg-surface px-4 py-2 sm:px-6 print:hidden">
          <div className="lg:hidden">
            <AdminNavDrawer>
              <Sidebar badges={badges} />
            </AdminNavDrawer>
          </div>
          <p className="hidden truncate text-sm font-semibold text-brand-ink sm:block lg:hidden">
            {businessName}
          </p>
          <div className="ml-auto min-w-0">
            <AdminAccountMenu userName={userName} />
          </div>
        </header>
        {testPayments ? (
          <p
            role="note"
            className="flex items-start gap-2 border-b border-warning/30 bg-warning-soft px-4 py-2 text-sm text-warning sm:px-6 print:hidden"
          >
            <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <span>
              <strong className="font-semibold">Test payments — no real money is taken.</strong>{" "}
              <TextLink href={routes.adminHelp} tone="inherit" weight="normal">
                How to take card payments
              </TextLink>
            </span>
          </p>
        ) : null}
        <main id="main" tabIndex={-1} className="flex-1 px-4 py-6 outline-none sm:px-6 lg:px-8 print:p-0">
          {children}
        </main>
      </div>
    </div>
  );
}

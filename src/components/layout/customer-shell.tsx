import Link from "next/link";
import type { ReactNode } from "react";
import { customerNav, routes } from "@/lib/routes";
import { NavLink } from "./nav-link";
import { SignOutButton } from "@/modules/accounts/components/sign-out-button";

type Props = { businessName: string; userName: string; children: ReactNode };

/** The customer area frame: the business's name, the account navigation and the page. */
export function CustomerShell({ businessName, userName, children }: Props) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line bg-surface print:hidden">
        <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 px-4 py-3 sm:px-6">
          <Link href={routes.home} className="min-h-11 content-center text-lg font-bold text-brand-ink">
            {businessName}
          </Link>
          <div className="flex items-center gap-2">
            <p className="truncate text-sm text-ink-muted">
              <span className="hidden sm:inline">Signed in as </span>
              <span className="font-medium text-ink">{userName}</span>
            </p>
            <SignOutButton />
          </div>
        </div>
        {customerNav.length > 0 && (
          <nav aria-label="Your account" className="mx-auto max-w-5xl overflow-x-auto px-2 sm:px-4">
            <ul className="flex gap-1 text-sm font-medium">
              {customerNav.map((item) => (
                <li key={item.href}>
                  <NavLink href={item.href} siblings={customerNav.map((i) => i.href)} variant="tab">
                    {item.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
        )}
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="mx-auto w-full max-w-5xl flex-1 px-4 py-6 outline-none sm:px-6"
      >
        {children}
      </main>
    </div>
  );
}

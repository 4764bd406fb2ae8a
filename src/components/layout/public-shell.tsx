import Link from "@/components/ui/link";
import type { ReactNode } from "react";
import { ButtonLink } from "@/components/ui/button";
import { footerNav, homeFor, publicNav, routes } from "@/lib/routes";
import { AccountNav } from "./account-nav";
import { SiteMenu } from "./site-menu";
import { SignOutButton } from "@/modules/accounts/components/sign-out-button";
import { getSessionUser } from "@/server/auth";
import { getPublicSettings } from "@/modules/settings/server";
import { textLinkClass } from "@/components/ui/link";

// In the phone menu a link is a full-width row; in the desktop header, a compact button.
const ITEM = "w-full justify-start lg:w-auto lg:justify-center";

/** Header, main landmark and footer for every public page. */
export async function PublicShell({ children }: { children: ReactNode }) {
  const [s, user] = await Promise.all([getPublicSettings(), getSessionUser()]);
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line bg-surface print:hidden">
        {/* One row at every width: on a phone the links sit behind the menu button (issue 27), whose
            panel opens right under this row, over the account tabs. */}
        <div className="relative mx-auto flex max-w-6xl items-center justify-between gap-x-6 px-4 py-3 sm:px-6">
          <Link
            href={routes.home}
            className="flex min-h-11 min-w-0 items-center gap-2 text-lg font-bold tracking-tight text-brand-ink"
          >
            <span
              aria-hidden="true"
              className="grid size-8 shrink-0 place-items-center rounded-control bg-brand text-sm text-white"
            >
              {s.businessName.charAt(0)}
            </span>
            <span className="truncate">{s.businessName}</span>
          </Link>
          <nav aria-label="Main" className="shrink-0">
            <SiteMenu>
              <ul className="flex flex-col gap-1 pt-2 text-sm font-medium lg:flex-row lg:items-center lg:pt-0">
                {publicNav.map((item) => (
                  <li key={item.href}>
                    <ButtonLink variant="ghost" size="sm" href={item.href} className={ITEM}>
                      {item.label}
                    </ButtonLink>
                  </li>
                ))}
                {user ? (
                  <>
                    <li>
                      <ButtonLink variant="ghost" size="sm" href={homeFor(user.role)} className={ITEM}>
                        {user.role === "admin"
                          ? "Back office"
                          : user.role === "staff"
                            ? "My day"
                            : "Your account"}
                      </ButtonLink>
                    </li>
                    <li>
                      <SignOutButton className={ITEM} />
                    </li>
                  </>
                ) : (
                  <li>
                    <ButtonLink size="sm" href={routes.login} className={ITEM}>
                      Sign in
                    </ButtonLink>
                  </li>
                )}
              </ul>
            </SiteMenu>
          </nav>
        </div>
        {user?.role === "customer" && <AccountNav />}
      </header>
      <main id="main" tabIndex={-1} className="flex-1 outline-none">
        {children}
      </main>
      <footer className="border-t border-line bg-surface text-sm text-ink-muted print:hidden">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 py-8 sm:grid-cols-2 sm:px-6">
          <div>
            <p className="font-semibold text-ink">{s.businessName}</p>
            <address className="mt-2 not-italic leading-6">
              {s.baseAddress}
              <br />
              <a
                className={textLinkClass({ tone: "inherit", weight: "normal", className: "hover:text-ink" })}
                href={`tel:${s.contactPhone.replace(/\s+/g, "")}`}
              >
                {s.contactPhone}
              </a>
              {" · "}
              <a
                className={textLinkClass({ tone: "inherit", weight: "normal", className: "hover:text-ink" })}
                href={`mailto:${s.contactEmail}`}
              >
                {s.contactEmail}
              </a>
            </address>
          </div>
          <nav aria-label="Legal" className="sm:justify-self-end">
            <ul className="flex flex-wrap gap-x-4 gap-y-1">
              {footerNav.map((item) => (
                <li key={item.href}>
                  <ButtonLink
                    variant="link"
                    href={item.href}
                    className="font-normal text-ink-muted no-underline hover:text-ink hover:underline"
                  >
                    {item.label}
                  </ButtonLink>
                </li>
              ))}
            </ul>
          </nav>
        </div>
      </footer>
    </div>
  );
}

import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import Link from "@/components/ui/link";
import { ButtonLink } from "@/components/ui/button";
import { routes } from "@/lib/routes";
import { SignOutButton } from "@/modules/accounts/components/sign-out-button";
import { getPublicSettings } from "@/modules/settings/server";
import { requireStaffPage } from "@/server/auth/guards";

// The technician's frame (ADR 0053): phone first, one row of header — the business, My day, the account,
// sign out — and the page. Installable on the home screen (the manifest below, scoped to /staff).

export const metadata: Metadata = {
  manifest: routes.staffManifest,
  appleWebApp: { capable: true, title: "My day", statusBarStyle: "default" },
};
export const viewport: Viewport = { themeColor: "#0f766e" };

export default async function StaffLayout({ children }: { children: ReactNode }) {
  const [user, s] = await Promise.all([requireStaffPage(routes.staff), getPublicSettings()]);
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="border-b border-line bg-surface">
        <div className="mx-auto flex max-w-3xl items-center justify-between gap-3 px-4 py-2">
          <Link
            href={routes.staff}
            className="flex min-h-11 min-w-0 items-center gap-2 font-bold tracking-tight text-brand-ink"
          >
            <span
              aria-hidden="true"
              className="grid size-8 shrink-0 place-items-center rounded-control bg-brand text-sm text-white"
            >
              {s.businessName.charAt(0)}
            </span>
            <span className="truncate">My day</span>
          </Link>
          <nav aria-label="Staff" className="flex shrink-0 items-center gap-1 text-sm">
            <ButtonLink variant="ghost" size="sm" href={routes.staffAccount}>
              {user.name.split(" ")[0] || "Account"}
            </ButtonLink>
            <SignOutButton />
          </nav>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="mx-auto w-full max-w-3xl flex-1 px-4 py-4 outline-none">
        {children}
      </main>
    </div>
  );
}

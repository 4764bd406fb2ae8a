import type { ReactNode } from "react";
import { PublicShell } from "./public-shell";

/**
 * The customer area keeps the public frame — logo, Book now, the footer — with its own navigation
 * under the header (AccountNav, which the public shell shows on the area's pages), so a customer moving
 * between their bookings, the privacy settings and the public pages never changes site.
 */
export function CustomerShell({ children }: { children: ReactNode }) {
  return (
    <PublicShell>
      <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6">{children}</div>
    </PublicShell>
  );
}

import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { routes } from "@/lib/routes";
import { WizardShell } from "@/modules/wizard/components/wizard-shell";
import { STEP_LABELS, type SearchParams, parseWizardState } from "@/modules/wizard/domain/wizard-state";
import { loadWizardPage } from "@/modules/wizard/server";
import { getSessionUser } from "@/server/auth";
import { ButtonLink } from "@/components/ui/button";

type Props = { searchParams: Promise<SearchParams> };

export async function generateMetadata({ searchParams }: Props): Promise<Metadata> {
  const step = parseWizardState(await searchParams).step;
  return { title: step ? `Book — ${STEP_LABELS[step]}` : "Book" };
}

// The booking wizard: every step is rendered on the server from the address bar (see the bookings
// module's wizard-state), so back, forward, refresh and a shared link all show the same choices.
export default async function BookPage({ searchParams }: Props) {
  const [params, user] = await Promise.all([searchParams, getSessionUser()]);
  const page = await loadWizardPage(params, user && { id: user.id, role: user.role });
  if (page.kind === "redirect") redirect(page.href);
  if (page.kind === "team")
    return (
      <div className="mx-auto max-w-xl px-4 py-16 sm:px-6">
        <h1 className="text-2xl font-bold tracking-tight">Booking is for customers</h1>
        <p className="mt-3 text-ink-muted">
          {page.role === "admin"
            ? "You're signed in as an admin. Bookings for customers are made from the back office; to try the booking pages as a customer would, sign out first."
            : "You're signed in with your technician's account. The office books jobs for customers; to book as a customer, sign out first."}
        </p>
        <ButtonLink
          variant="primary"
          size="lg"
          href={page.role === "admin" ? routes.adminHelp : routes.staff}
          className="mt-6"
        >
          {page.role === "admin" ? "Go to the back office" : "Go to my day"}
        </ButtonLink>
      </div>
    );
  return <WizardShell view={page} />;
}

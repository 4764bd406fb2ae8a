import { ButtonLink } from "@/components/ui/button";
import { PublicShell } from "@/components/layout/public-shell";
import { routes } from "@/lib/routes";

// The root boundary renders outside every section's layout (an unknown address, or notFound() from any
// page): nothing has drawn a frame yet, so it draws the public one. No section has a not-found of its own
// that adds a frame inside its layout (that is how a page shows the header twice).
export default function NotFound() {
  return (
    <PublicShell>
      <div className="mx-auto max-w-xl px-4 py-20 text-center sm:py-28">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand">Error 404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">This page could not be found.</h1>
        <p className="mt-3 text-ink-muted">The link may be old, or the address mistyped.</p>
        <ButtonLink variant="primary" size="lg" href={routes.home} className="mt-8">
          Go to the home page
        </ButtonLink>
      </div>
    </PublicShell>
  );
}

import Link from "next/link";
import { PublicShell } from "@/components/layout/public-shell";
import { routes } from "@/lib/routes";

export default function NotFound() {
  return (
    <PublicShell>
      <div className="mx-auto max-w-xl px-4 py-20 text-center sm:py-28">
        <p className="text-sm font-semibold uppercase tracking-wide text-brand">Error 404</p>
        <h1 className="mt-2 text-3xl font-bold tracking-tight">This page could not be found.</h1>
        <p className="mt-3 text-ink-muted">The link may be old, or the address mistyped.</p>
        <Link
          href={routes.home}
          className="mt-8 inline-flex min-h-11 items-center rounded-control bg-brand px-5 font-semibold text-white hover:bg-brand-hover"
        >
          Go to the home page
        </Link>
      </div>
    </PublicShell>
  );
}

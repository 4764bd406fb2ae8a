"use client";

import { buttonClass } from "@/components/ui/button-class";

/** The generic application-error message. Only the digest (a log id) of a server error is shown. */
export function ErrorPanel({ digest, onRetry }: { digest?: string; onRetry?: () => void }) {
  return (
    <div role="alert" className="mx-auto max-w-xl px-4 py-20 text-center sm:py-28">
      <p className="text-sm font-semibold uppercase tracking-wide text-danger">Application error</p>
      <h1 className="mt-2 text-3xl font-bold tracking-tight">Something went wrong.</h1>
      <p className="mt-3 text-ink-muted">
        We could not show this page. Please try again; if it keeps happening, contact us and quote the
        reference below.
      </p>
      {digest && (
        <p className="mt-4 text-sm text-ink-muted">
          Error reference: <code className="rounded bg-line px-1.5 py-0.5 font-mono text-ink">{digest}</code>
        </p>
      )}
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        {onRetry && (
          // A plain button with the kit's look: the root error pages are loaded with every page, and the
          // Button component would bring its spinner icon along (ADR 0047).
          <button type="button" className={buttonClass({ variant: "primary", size: "lg" })} onClick={onRetry}>
            Try again
          </button>
        )}
        {/* A plain link: a full page load recovers even when client-side navigation is broken. */}
        {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
        <a href="/" className={buttonClass({ size: "lg", className: "font-semibold" })}>
          Go to the home page
        </a>
      </div>
    </div>
  );
}

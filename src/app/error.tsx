"use client";

import { ErrorPanel } from "@/components/layout/error-panel";

export default function AppError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  // Only a failure of a section's layout (or of the root) lands here — every section has its own boundary
  // inside its frame (components/layout/segment-error.tsx) — so there is no header to keep: this draws
  // its own main landmark and nothing else.
  // Next.js replaces a server error's message with a generic one and gives it a digest; the message
  // itself is never rendered here, so internal text cannot reach the browser.
  return (
    <main id="main" className="min-h-dvh bg-canvas">
      <ErrorPanel digest={error.digest} onRetry={reset} />
    </main>
  );
}

"use client";

import { ErrorPanel } from "@/components/layout/error-panel";
import "./globals.css";

// Replaces the root layout when it fails, so it brings its own <html> and <body>.
export default function GlobalError({
  error,
  reset,
}: {
  error: Error & { digest?: string };
  reset: () => void;
}) {
  return (
    <html lang="en-GB">
      <body className="bg-canvas text-ink antialiased">
        <main id="main">
          <ErrorPanel digest={error.digest} onRetry={reset} />
        </main>
      </body>
    </html>
  );
}

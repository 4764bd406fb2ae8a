"use client";

import { ErrorPanel } from "./error-panel";

/**
 * The error boundary of a section that has a frame — the public pages, the booking pages, the customer
 * area, the back office: it renders inside that section's layout, so the person keeps the header and
 * navigation they were using, and it never brings a frame of its own (the layout already drew one: a
 * second would show the header twice). A failure of the layout itself reaches the root boundary
 * (app/error.tsx), which has no frame to sit in and draws its own main landmark.
 */
export function SegmentError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  // Only the digest (a log id) is shown: a server error's message never reaches the browser.
  return <ErrorPanel digest={error.digest} onRetry={reset} />;
}

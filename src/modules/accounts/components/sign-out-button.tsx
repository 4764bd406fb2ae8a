"use client";

import { useState } from "react";

/** Ends the session on the server, then reloads at the home page. */
export function SignOutButton({ className }: { className?: string }) {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={async () => {
        setPending(true);
        await fetch("/api/auth/sign-out", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: "{}",
        }).catch(() => null);
        // A full page load: nothing of the signed-in session survives in client state.
        // eslint-disable-next-line @next/next/no-location-assign-relative-destination
        window.location.assign("/");
      }}
      className={
        className ??
        "inline-flex min-h-11 items-center rounded-control px-3 text-sm font-medium text-ink-muted hover:bg-canvas hover:text-ink disabled:opacity-60"
      }
    >
      {pending ? "Signing out…" : "Sign out"}
    </button>
  );
}

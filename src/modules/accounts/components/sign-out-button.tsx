"use client";

import { useState } from "react";
import { buttonClass } from "@/components/ui/button-class";
import { SIGNING_OUT_EVENT } from "@/lib/signing-out";

/** Ends the session on the server, then reloads at the home page. */
export async function signOut() {
  // The page's live streams close first: none reconnects without the session while the page is left.
  window.dispatchEvent(new Event(SIGNING_OUT_EVENT));
  await fetch("/api/auth/sign-out", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
  }).catch(() => null);
  // A full page load: nothing of the signed-in session survives in client state.
  // eslint-disable-next-line @next/next/no-location-assign-relative-destination
  window.location.assign("/");
}

export function SignOutButton({ className }: { className?: string }) {
  const [pending, setPending] = useState(false);
  return (
    <button
      type="button"
      disabled={pending}
      onClick={() => {
        setPending(true);
        void signOut();
      }}
      className={buttonClass({ variant: "ghost", size: "sm", className })}
    >
      {pending ? "Signing out…" : "Sign out"}
    </button>
  );
}

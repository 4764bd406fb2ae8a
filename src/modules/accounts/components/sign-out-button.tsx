"use client";

import { useState } from "react";
import { buttonClass } from "@/components/ui/button-class";

/** Ends the session on the server, then reloads at the home page. */
export async function signOut() {
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

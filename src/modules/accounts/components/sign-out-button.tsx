"use client";

import { useState } from "react";
import { buttonClass } from "@/components/ui/button";
import { DropdownMenuItem } from "@/components/ui/overlay/dropdown-menu";

/** Ends the session on the server, then reloads at the home page. */
async function signOut() {
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

/** The same, as the last item of an account menu; the menu stays open showing "Signing out…". */
export function SignOutMenuItem() {
  const [pending, setPending] = useState(false);
  return (
    <DropdownMenuItem
      disabled={pending}
      onSelect={(event) => {
        event.preventDefault();
        setPending(true);
        void signOut();
      }}
    >
      {pending ? "Signing out…" : "Sign out"}
    </DropdownMenuItem>
  );
}

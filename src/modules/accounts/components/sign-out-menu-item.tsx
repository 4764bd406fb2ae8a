"use client";

import { useState } from "react";
import { DropdownMenuItem } from "@/components/ui/overlay/dropdown-menu";
import { signOut } from "./sign-out-button";

// Apart from SignOutButton so that the public header, which has no menu, doesn't load Radix's menu.

/** Sign out as the last item of an account menu; the menu stays open showing "Signing out…". */
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

"use client";

import { useEffect } from "react";
import { routes } from "@/lib/routes";

// The technician's offline day belongs to the technician signed in on this browser (issue 41 §7). A page
// of any other area — the sign-in page (no one is signed in), the admin's or a customer's (someone else
// is) — tells the day's service worker, if this browser has one, to clear its copy: the day of whoever
// used this phone before doesn't stay readable offline. Renders nothing.

/** Tells the /staff service worker that whoever is here is not its technician. */
export function forgetStaffCopy(message: { owner: null } | { purge: true } = { owner: null }): void {
  if (!("serviceWorker" in navigator)) return;
  navigator.serviceWorker
    .getRegistration(routes.staff)
    .then((reg) => reg?.active?.postMessage(message))
    .catch(() => {});
}

export function StaffCopyGuard() {
  useEffect(() => forgetStaffCopy(), []);
  return null;
}

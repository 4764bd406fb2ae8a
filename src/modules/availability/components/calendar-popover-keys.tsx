"use client";

import { useEffect } from "react";

/**
 * Escape closes an open item's details. Browsers do this for `popover="auto"` themselves, but not while
 * a re-render (a live refresh) is in flight; this makes it dependable.
 */
export function CalendarPopoverKeys() {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      for (const el of document.querySelectorAll<HTMLElement>("[data-calendar-details]:popover-open"))
        el.hidePopover();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, []);
  return null;
}

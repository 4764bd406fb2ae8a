"use client";

import { type ReactNode, useEffect, useRef } from "react";
import { cn } from "@/components/ui/cn";

/**
 * A row of tabs wider than the screen (a phone) scrolls sideways instead of cutting labels off, and
 * keeps the current tab (`aria-current="page"`) in view when the page loads and whenever the current
 * tab changes — without scrolling the page itself. Keyboard focus reaches every tab (they are links),
 * and the browser scrolls a focused one into view.
 */
export function TabScroller({ children, className }: { children: ReactNode; className?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  const shown = useRef<Element | null>(null);

  // After every render: the current tab may have changed with a client navigation.
  useEffect(() => {
    const box = ref.current;
    const current = box?.querySelector("[aria-current='page']");
    if (!box || !current || current === shown.current) return;
    shown.current = current;
    const outer = box.getBoundingClientRect();
    const tab = current.getBoundingClientRect();
    // A little of the neighbouring tab stays visible, so the row reads as scrollable.
    const margin = 24;
    if (tab.left < outer.left) box.scrollLeft -= outer.left - tab.left + margin;
    else if (tab.right > outer.right) box.scrollLeft += tab.right - outer.right + margin;
  });

  return (
    <div ref={ref} className={cn("overflow-x-auto overscroll-x-contain [scrollbar-width:thin]", className)}>
      {children}
    </div>
  );
}

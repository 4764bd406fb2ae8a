"use client";

import { Maximize2, Minimize2 } from "lucide-react";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";

// Full screen for a wall screen or tablet: the Fullscreen API on the board itself when the browser has it;
// otherwise (iPhone Safari, an embedded browser, a refusal) the board covers the window above the admin
// chrome. Either way Escape or the button brings the admin layout back.

export function BoardFullscreen({ children, toolbar }: { children: ReactNode; toolbar: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  const [full, setFull] = useState(false);

  useEffect(() => {
    const onChange = () => {
      if (!document.fullscreenElement) setFull(false);
    };
    document.addEventListener("fullscreenchange", onChange);
    return () => document.removeEventListener("fullscreenchange", onChange);
  }, []);

  // Leaving full screen by Escape or the button leaves the browser's full screen too.
  useEffect(() => {
    if (!full && document.fullscreenElement) document.exitFullscreen().catch(() => undefined);
  }, [full]);

  useEffect(() => {
    if (!full) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key === "Escape") setFull(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [full]);

  const toggle = useCallback(async () => {
    if (full) {
      setFull(false);
      if (document.fullscreenElement) await document.exitFullscreen().catch(() => undefined);
      return;
    }
    setFull(true);
    const el = ref.current;
    if (el && typeof el.requestFullscreen === "function" && document.fullscreenEnabled) {
      // A refusal leaves the fallback layout in place.
      await el.requestFullscreen().catch(() => undefined);
    }
  }, [full]);

  return (
    <div
      ref={ref}
      data-fullscreen={full ? "true" : "false"}
      className={
        full ? "fixed inset-0 z-[100] overflow-auto bg-canvas p-4 sm:p-6" : "max-w-[120rem] bg-canvas"
      }
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        {toolbar}
        <button
          type="button"
          onClick={toggle}
          className="inline-flex min-h-10 items-center gap-2 rounded-control border border-line-strong bg-surface px-3 text-sm font-medium hover:bg-canvas focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand"
        >
          {full ? (
            <Minimize2 aria-hidden="true" className="size-4" />
          ) : (
            <Maximize2 aria-hidden="true" className="size-4" />
          )}
          {full ? "Exit full screen" : "Full screen"}
        </button>
      </div>
      {children}
    </div>
  );
}

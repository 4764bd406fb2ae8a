"use client";

import { Toaster as Sonner } from "sonner";

/** Sonner's toaster in the kit's look; loaded by `Toaster` (toast.tsx) with the first toast. */
export default function ToasterView() {
  return (
    <Sonner
      position="bottom-right"
      closeButton
      toastOptions={{
        classNames: {
          toast: "!rounded-card !border !border-line !bg-surface !text-ink !shadow-card !font-sans",
          success: "[&_[data-icon]]:!text-success",
          error: "[&_[data-icon]]:!text-danger",
          description: "!text-ink-muted",
          closeButton: "!border-line !bg-surface !text-ink-muted",
        },
      }}
    />
  );
}

"use client";

import { Toaster as Sonner, toast as sonnerToast } from "sonner";

// Toasts are for background success ("Service deactivated.") — anything the person must read stays an
// inline Notice (DESIGN.md). Sonner's region is an aria-live list, so toasts are announced.

/** Mounted once, in the root layout. */
export function Toaster() {
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

/** Confirm a background success; `error` for failures that need no further reading. */
export const toast = {
  success: (message: string) => sonnerToast.success(message),
  error: (message: string) => sonnerToast.error(message),
};

"use client";

import * as RadixDialog from "@radix-ui/react-dialog";
import type { ReactNode, RefObject } from "react";
import { X } from "lucide-react";
import { cn } from "@/components/ui/cn";

// The open dialog, on Radix (ADR 0015): focus is trapped inside and returned to the trigger on close,
// Escape and the close button dismiss, the title and description label the dialog, and the page
// behind is inert to screen readers. Loaded by `Dialog` (dialog.tsx) when it first opens (ADR 0047).

export type DialogViewProps = {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons at the bottom, primary last (right on desktop, full width stacked on phones). */
  footer?: ReactNode;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** `alertdialog` for confirmations: screen readers announce it as needing an answer. */
  role?: "dialog" | "alertdialog";
  /** Where focus goes on opening (default: the first focusable element, the close button). */
  initialFocus?: RefObject<HTMLElement | null>;
  /** Where focus returns on closing: the trigger, which is not Radix's own. */
  returnFocus?: HTMLElement | null;
  className?: string;
};

export default function DialogView({
  title,
  description,
  children,
  footer,
  open,
  onOpenChange,
  role = "dialog",
  initialFocus,
  returnFocus,
  className,
}: DialogViewProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="fixed inset-0 z-50 bg-ink/40" />
        <RadixDialog.Content
          role={role}
          onOpenAutoFocus={(event) => {
            if (!initialFocus?.current) return;
            event.preventDefault();
            initialFocus.current.focus();
          }}
          onCloseAutoFocus={(event) => {
            if (!returnFocus) return;
            event.preventDefault();
            returnFocus.focus();
          }}
          // Without a description Radix warns unless told there is none on purpose.
          {...(description ? {} : { "aria-describedby": undefined })}
          className={cn(
            "fixed top-1/2 left-1/2 z-50 max-h-[90dvh] w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-card border border-line bg-surface p-5 shadow-card focus:outline-none",
            className,
          )}
        >
          <div className="flex items-start justify-between gap-3">
            <RadixDialog.Title className="text-lg font-semibold">{title}</RadixDialog.Title>
            <RadixDialog.Close
              className="-mt-2 -mr-2 inline-flex size-11 shrink-0 items-center justify-center rounded-control text-ink-muted hover:bg-canvas hover:text-ink"
              aria-label="Close"
            >
              <X aria-hidden="true" className="size-5" />
            </RadixDialog.Close>
          </div>
          {description && (
            <RadixDialog.Description className="mt-2 text-ink-muted">{description}</RadixDialog.Description>
          )}
          {children && <div className="mt-4">{children}</div>}
          {footer && (
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>
          )}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

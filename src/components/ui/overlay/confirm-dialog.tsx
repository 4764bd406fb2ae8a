"use client";

import { type ReactNode, useRef, useState, useTransition } from "react";
import { Button, type ButtonVariant } from "@/components/ui/button";
import { Dialog, DialogClose } from "@/components/ui/overlay/dialog";
import type { FormResult } from "@/components/ui/form/form";

/**
 * Asks before a destructive or money-moving action, stating its consequence (DESIGN.md: "Cancel and
 * refund £36.00 …?"). Runs `onConfirm` with a pending state; a refusal is shown inside the dialog (it
 * stays open, so the person can read it and cancel), success closes it.
 */
export function ConfirmDialog({
  trigger,
  title,
  description,
  confirmLabel,
  cancelLabel = "Cancel",
  tone = "danger",
  onConfirm,
}: {
  trigger: ReactNode;
  title: ReactNode;
  /** The consequence, in numbers where there are numbers. */
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: Extract<ButtonVariant, "primary" | "danger">;
  /** Resolve with the action's result; `ok: false` keeps the dialog open with its message. */
  onConfirm: () => Promise<FormResult>;
}) {
  const [open, setOpen] = useState(false);
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  // An alertdialog opens on its least destructive choice: Enter by reflex must not delete.
  const cancelRef = useRef<HTMLButtonElement>(null);

  const confirm = () =>
    start(async () => {
      setError(null);
      const res = await onConfirm().catch(() => ({
        ok: false as const,
        code: "NETWORK",
        message: "We couldn't reach the server. Try again.",
      }));
      if (res.ok) setOpen(false);
      else setError(res.message);
    });

  return (
    <Dialog
      role="alertdialog"
      initialFocus={cancelRef}
      open={open}
      onOpenChange={(next) => {
        if (pending) return;
        setOpen(next);
        if (!next) setError(null);
      }}
      trigger={trigger}
      title={title}
      description={description}
      footer={
        <>
          <DialogClose>
            <Button ref={cancelRef} disabled={pending}>
              {cancelLabel}
            </Button>
          </DialogClose>
          <Button variant={tone} pending={pending} onClick={confirm}>
            {confirmLabel}
          </Button>
        </>
      }
    >
      {error && (
        <p
          role="alert"
          className="rounded-control border border-danger/30 bg-danger-soft px-3 py-2 text-sm text-danger"
        >
          {error}
        </p>
      )}
    </Dialog>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { type ReactNode, useState } from "react";
import { Form, type FormResult } from "../form/form";
import { Dialog } from "./dialog";

// A form in a dialog that answers something the page shows (a request, a booking's time): on success the
// dialog closes, a toast says what happened and the page's server components re-render; a refusal stays
// in the dialog with its reason, and a CONFLICT (answered meanwhile, withdrawn, taken) also re-renders the
// page behind it, so that it shows what is true now.

type DialogFormProps = {
  /** The element that opens it (a `Button`). */
  trigger: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  className?: string;
  /** Called when the dialog opens (e.g. to start a new form run). */
  onOpen?: () => void;
  action: (input: Record<string, unknown>) => Promise<FormResult>;
  extra?: Record<string, unknown>;
  /** The form's accessible name. */
  label: string;
  successToast: string;
  children: ReactNode;
};

export function DialogForm({ trigger, title, description, className, onOpen, ...form }: DialogFormProps) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const action = async (input: Record<string, unknown>): Promise<FormResult> => {
    const res = await form.action(input);
    if (!res.ok && res.code === "CONFLICT") router.refresh();
    return res;
  };
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) onOpen?.();
      }}
      className={className}
      trigger={trigger}
      title={title}
      description={description}
    >
      <Form
        action={action}
        extra={form.extra}
        successToast={form.successToast}
        refreshOnSuccess
        onSuccess={() => setOpen(false)}
        aria-label={form.label}
      >
        {form.children}
      </Form>
    </Dialog>
  );
}

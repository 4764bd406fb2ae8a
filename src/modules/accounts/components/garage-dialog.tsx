"use client";

import { type ReactNode, useState } from "react";
import { Button, type ButtonVariant } from "@/components/ui/button";
import { Dialog } from "@/components/ui/overlay/dialog";
import { Form, type FormResult, SubmitButton } from "@/components/ui/form/form";

/**
 * Add or edit one saved vehicle or address in a dialog: field messages stay in the dialog, success
 * closes it, toasts and refreshes the list.
 */
export function GarageDialog({
  trigger,
  triggerVariant = "secondary",
  title,
  description,
  action,
  extra,
  submitLabel,
  successToast,
  children,
}: {
  trigger: ReactNode;
  triggerVariant?: ButtonVariant;
  title: string;
  description?: string;
  action: (values: Record<string, unknown>) => Promise<FormResult>;
  extra?: Record<string, unknown>;
  submitLabel: string;
  successToast: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Dialog
      open={open}
      onOpenChange={setOpen}
      title={title}
      description={description}
      trigger={
        <Button variant={triggerVariant} size="sm">
          {trigger}
        </Button>
      }
    >
      <Form
        action={action}
        extra={extra}
        refreshOnSuccess
        successToast={successToast}
        onSuccess={() => setOpen(false)}
        aria-label={title}
      >
        {children}
        <SubmitButton>{submitLabel}</SubmitButton>
      </Form>
    </Dialog>
  );
}

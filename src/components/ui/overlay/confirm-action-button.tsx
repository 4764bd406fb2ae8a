"use client";

import { useRouter } from "next/navigation";
import type { ReactNode } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "@/components/ui/button";
import { ConfirmDialog } from "@/components/ui/overlay/confirm-dialog";
import type { FormResult } from "@/components/ui/form/form";
import { toast } from "@/components/ui/overlay/toast";

/**
 * A button that asks in a `ConfirmDialog`, then runs one server action: on success the page refreshes
 * (or follows `data.redirectTo`) and `successToast` confirms it; a refusal stays in the dialog.
 */
export function ConfirmActionButton<I>({
  action,
  input,
  children,
  title,
  description,
  confirmLabel,
  cancelLabel,
  successToast,
  variant = "danger-outline",
  size = "sm",
}: {
  action: (input: I) => Promise<FormResult>;
  input: I;
  /** The trigger's label. */
  children: ReactNode;
  title: string;
  description: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  successToast?: string;
  variant?: ButtonVariant;
  size?: ButtonSize;
}) {
  const router = useRouter();
  return (
    <ConfirmDialog
      trigger={
        <Button variant={variant} size={size}>
          {children}
        </Button>
      }
      title={title}
      description={description}
      confirmLabel={confirmLabel}
      cancelLabel={cancelLabel}
      onConfirm={async () => {
        const res = await action(input);
        if (!res.ok) return res;
        if (successToast) toast.success(successToast);
        const redirectTo = (res.data as { redirectTo?: string } | null | undefined)?.redirectTo;
        if (redirectTo) router.push(redirectTo);
        else router.refresh();
        return res;
      }}
    />
  );
}

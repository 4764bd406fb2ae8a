"use client";

import { useRouter } from "next/navigation";
import { useId, useState, useTransition } from "react";
import { ArrowDown, ArrowUp } from "lucide-react";
import { Button } from "@/components/ui/button";
import { ConfirmActionButton } from "@/components/ui/overlay/confirm-action-button";
import type { FormResult } from "@/components/ui/form/form";

type Actions = {
  move: (input: { id: string; direction: "up" | "down" }) => Promise<FormResult>;
  setActive: (input: { id: string; isActive: boolean }) => Promise<FormResult>;
  remove: (input: { id: string }) => Promise<FormResult>;
};

/**
 * Reorder (buttons, so it works from the keyboard — not drag-only), activate/deactivate, and delete
 * after a confirmation dialog. Refused changes explain why (a refused delete inside its dialog).
 */
export function RowActions(props: {
  id: string;
  name: string;
  isActive: boolean;
  isFirst: boolean;
  isLast: boolean;
  actions: Actions;
  /**
   * Why the server would refuse to deactivate or delete this row, when it would: the button is shown
   * disabled and the reason is written under the buttons (not only in a tooltip), read with the button.
   */
  blocked?: { setActive?: string; remove?: string };
}) {
  const router = useRouter();
  const reasonId = useId();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);

  const blocked = props.blocked ?? {};

  const run = (fn: () => Promise<FormResult>) =>
    start(async () => {
      setError(null);
      const res = await fn().catch(() => ({
        ok: false as const,
        code: "NETWORK",
        message: "We couldn't reach the server. Try again.",
      }));
      if (res.ok) router.refresh();
      else setError(res.message);
    });

  return (
    <div className="flex flex-col items-start gap-2 sm:items-end">
      <div className="flex flex-wrap gap-2" aria-busy={pending}>
        <Button
          size="icon"
          disabled={pending || props.isFirst}
          onClick={() => run(() => props.actions.move({ id: props.id, direction: "up" }))}
        >
          <ArrowUp aria-hidden="true" className="size-4" />
          <span className="sr-only">Move {props.name} up</span>
        </Button>
        <Button
          size="icon"
          disabled={pending || props.isLast}
          onClick={() => run(() => props.actions.move({ id: props.id, direction: "down" }))}
        >
          <ArrowDown aria-hidden="true" className="size-4" />
          <span className="sr-only">Move {props.name} down</span>
        </Button>
        <Button
          size="sm"
          disabled={pending || Boolean(blocked.setActive)}
          aria-describedby={blocked.setActive ? `${reasonId}-active` : undefined}
          onClick={() => run(() => props.actions.setActive({ id: props.id, isActive: !props.isActive }))}
        >
          {props.isActive ? "Deactivate" : "Activate"}
          <span className="sr-only"> {props.name}</span>
        </Button>
        {blocked.remove ? (
          <Button size="sm" variant="danger-outline" disabled aria-describedby={`${reasonId}-remove`}>
            Delete<span className="sr-only"> {props.name}</span>
          </Button>
        ) : (
          <ConfirmActionButton
            action={props.actions.remove}
            input={{ id: props.id }}
            title={`Delete ${props.name}?`}
            description="This cannot be undone."
            confirmLabel="Delete"
            cancelLabel="Keep"
            successToast="Deleted."
          >
            Delete<span className="sr-only"> {props.name}</span>
          </ConfirmActionButton>
        )}
      </div>
      {blocked.setActive && (
        <p id={`${reasonId}-active`} className="max-w-xs text-sm text-ink-muted sm:text-right">
          {blocked.setActive}
        </p>
      )}
      {blocked.remove && (
        <p id={`${reasonId}-remove`} className="max-w-xs text-sm text-ink-muted sm:text-right">
          {blocked.remove}
        </p>
      )}
      {error && (
        <p role="alert" className="max-w-md text-sm text-danger">
          {error}
        </p>
      )}
    </div>
  );
}

"use client";

import { useRouter } from "next/navigation";
import { type ReactNode, useState, useTransition } from "react";
import { Button } from "./button";
import type { FormResult } from "@/components/ui/form/form";
import { toast } from "@/components/ui/overlay/toast";

const variants = { secondary: "secondary", danger: "danger-outline" } as const;

/**
 * A button that runs one server action, then refreshes the page (or follows `data.redirectTo`). With
 * `confirm`, it first asks inline — no browser dialog (inline, not a `ConfirmDialog`, because it is also
 * used inside popovers). A refusal is shown next to it; `successToast` confirms a success that leaves
 * no visible trace where the person is looking.
 */
export function ActionButton<I>({
  action,
  input,
  children,
  confirm,
  confirmLabel = "Yes, do it",
  variant = "secondary",
  successToast,
}: {
  action: (input: I) => Promise<FormResult>;
  input: I;
  children: ReactNode;
  confirm?: string;
  confirmLabel?: string;
  variant?: keyof typeof variants;
  successToast?: string;
}) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const [asking, setAsking] = useState(false);

  const run = () =>
    start(async () => {
      setError(null);
      const res = await action(input).catch(() => ({
        ok: false as const,
        code: "NETWORK",
        message: "We couldn't reach the server. Try again.",
      }));
      if (!res.ok) {
        setError(res.message);
        return;
      }
      setAsking(false);
      if (successToast) toast.success(successToast);
      const redirectTo = (res.data as { redirectTo?: string } | null | undefined)?.redirectTo;
      if (redirectTo) router.push(redirectTo);
      else router.refresh();
    });

  return (
    <span className="inline-flex flex-col items-start gap-2">
      {asking ? (
        <span
          role="group"
          aria-label={confirm}
          className="flex flex-wrap items-center gap-2 rounded-control border border-danger/30 bg-danger-soft px-3 py-2 text-sm"
        >
          <span className="text-danger">{confirm}</span>
          <Button variant="danger" size="sm" pending={pending} onClick={run}>
            {confirmLabel}
          </Button>
          <Button size="sm" disabled={pending} onClick={() => setAsking(false)}>
            Cancel
          </Button>
        </span>
      ) : (
        <Button
          variant={variants[variant]}
          size="sm"
          disabled={pending}
          aria-busy={pending}
          onClick={() => (confirm ? setAsking(true) : run())}
        >
          {children}
        </Button>
      )}
      {error && (
        <span role="alert" className="max-w-md text-sm text-danger">
          {error}
        </span>
      )}
    </span>
  );
}

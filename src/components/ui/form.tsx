"use client";

import { type ReactNode, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { FormContext, type FormState } from "./form-context";
import { Notice } from "./notice";
import { toast } from "./toast";

// One form behaviour for the whole product: submit as JSON to a route handler or a server action,
// keep what was typed on error, show field messages under their fields and a summary at the top,
// announce the outcome to screen readers, and show a pending state.

export type FormResult =
  | { ok: true; data?: unknown }
  | { ok: false; code: string; message: string; fieldErrors?: Record<string, string[]> };

type Props = {
  /** A route handler path (POST JSON) … */
  endpoint?: string;
  /** … or a server action taking the form's values. */
  action?: (values: Record<string, unknown>) => Promise<FormResult>;
  /** Extra values sent with the form (e.g. a token from the URL). */
  extra?: Record<string, unknown>;
  /** Shown in place of the form after success (e.g. "check your inbox"). */
  success?: ReactNode;
  /** Shown above the form after success, the form staying in place. */
  successMessage?: string;
  /** A toast after success, for forms whose result shows elsewhere (a dialog that closes, a list). */
  successToast?: string;
  /** Called after success (e.g. to close the dialog the form is in). */
  onSuccess?: () => void;
  /** Follow `data.redirectTo` of a successful result with a full page load. */
  followRedirect?: boolean;
  resetOnSuccess?: boolean;
  /** Re-render the page's server components after success (lists that changed). */
  refreshOnSuccess?: boolean;
  children: ReactNode;
  className?: string;
  "aria-label"?: string;
};

function valuesOf(form: HTMLFormElement): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const el of Array.from(form.elements)) {
    if (!(
      el instanceof HTMLInputElement ||
      el instanceof HTMLTextAreaElement ||
      el instanceof HTMLSelectElement
    ))
      continue;
    if (!el.name || el.disabled) continue;
    if (el instanceof HTMLInputElement && el.type === "checkbox" && el.dataset.group !== undefined) {
      // A group of checkboxes sharing a name sends the list of checked values ([] when none).
      const list = (out[el.name] as string[] | undefined) ?? [];
      if (el.checked) list.push(el.value);
      out[el.name] = list;
    } else if (el instanceof HTMLInputElement && el.type === "checkbox") out[el.name] = el.checked;
    else if (el instanceof HTMLInputElement && el.type === "radio") {
      if (el.checked) out[el.name] = el.value;
    } else out[el.name] = el.value;
  }
  return out;
}

export function Form({
  endpoint,
  action,
  extra,
  success,
  successMessage,
  successToast,
  onSuccess,
  followRedirect,
  resetOnSuccess,
  refreshOnSuccess,
  children,
  className,
  ...rest
}: Props) {
  const [state, setState] = useState<FormState>({ fieldErrors: {}, pending: false });
  const [message, setMessage] = useState<{ kind: "error" | "success"; text: string } | null>(null);
  const [done, setDone] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const router = useRouter();

  async function onSubmit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    setState({ fieldErrors: {}, pending: true });
    setMessage(null);
    let result: FormResult;
    try {
      const values = { ...valuesOf(form), ...extra };
      if (action) result = await action(values);
      else {
        const res = await fetch(endpoint ?? "", {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(values),
        });
        result = (await res.json().catch(() => null)) ?? {
          ok: false,
          code: "INTERNAL",
          message: "Something went wrong on our side. Please try again.",
        };
      }
    } catch {
      result = {
        ok: false,
        code: "NETWORK",
        message: "We couldn't reach the server. Check your connection and try again.",
      };
    }
    if (result.ok) {
      const redirectTo = (result.data as { redirectTo?: string } | undefined)?.redirectTo;
      if (followRedirect && redirectTo) {
        window.location.assign(redirectTo);
        return;
      }
      setState({ fieldErrors: {}, pending: false });
      if (resetOnSuccess) form.reset();
      if (refreshOnSuccess) router.refresh();
      if (successToast) toast.success(successToast);
      onSuccess?.();
      if (success) setDone(true);
      else if (successMessage) setMessage({ kind: "success", text: successMessage });
      return;
    }
    setState({ fieldErrors: result.fieldErrors ?? {}, pending: false });
    setMessage({ kind: "error", text: result.message });
    requestAnimationFrame(() => {
      const firstInvalid = form.querySelector<HTMLElement>("[aria-invalid='true']");
      (firstInvalid ?? summaryRef.current)?.focus();
    });
  }

  if (done && success) return <div role="status">{success}</div>;

  return (
    <FormContext.Provider value={state}>
      <form noValidate onSubmit={onSubmit} className={className} aria-busy={state.pending} {...rest}>
        <div ref={summaryRef} tabIndex={-1} aria-live="polite" className="outline-none empty:hidden">
          {message && (
            <Notice kind={message.kind} className="mb-4">
              {message.text}
            </Notice>
          )}
        </div>
        {children}
      </form>
    </FormContext.Provider>
  );
}

export { Checkbox, CheckboxGroup, Field, SelectField, SubmitButton, TextAreaField } from "./form-fields";

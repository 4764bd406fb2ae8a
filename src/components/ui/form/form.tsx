"use client";

import { type ReactNode, useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { type ControlState, isControlValid, withoutFieldError } from "@/components/ui/form/field-validity";
import { FormContext, type FormState } from "@/components/ui/form/form-context";
import { Notice } from "@/components/ui/notice";
import { toast } from "@/components/ui/overlay/toast";

// One form behaviour for the whole product: submit as JSON to a route handler or a server action,
// keep what was typed on error, show field messages under their fields and a summary at the top,
// announce the outcome to screen readers, and show a pending state. A field's message goes as soon as
// the person changes that field into something that meets its own rules (field-validity.ts); a control
// whose value is sent under another name (radios picking `customerId`) says so with `data-field`.

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

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** The field a control answers: `data-field` when its value is sent under another name, else its name. */
function fieldOf(el: Control): string {
  return el.dataset.field ?? el.name;
}

function controlState(el: Control, field: string): ControlState {
  const required = el.required || el.getAttribute("aria-required") === "true";
  if (el instanceof HTMLInputElement && (el.type === "checkbox" || el.type === "radio")) {
    const anyChecked = Array.from(el.form?.elements ?? []).some(
      (other) =>
        other instanceof HTMLInputElement && other.checked && fieldOf(other) === field && !other.disabled,
    );
    return { kind: "choice", value: el.value, required, meetsConstraints: true, anyChecked };
  }
  return { kind: "text", value: el.value, required, meetsConstraints: el.validity.valid };
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
  const [message, setMessage] = useState<{
    kind: "error" | "success";
    text: string;
    /** The message only asks to fix the highlighted fields: it goes with the last of them. */
    aboutFields?: boolean;
  } | null>(null);
  const [done, setDone] = useState(false);
  const summaryRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  // Each refused submit counts one; the focus moves after React has committed that answer's messages
  // (a frame after setState is not always after the commit, so the first error was sometimes missed).
  const [refusals, setRefusals] = useState(0);
  useEffect(() => {
    if (refusals === 0) return;
    const firstInvalid = formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']");
    (firstInvalid ?? summaryRef.current)?.focus();
  }, [refusals]);
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
    setMessage({ kind: "error", text: result.message, aboutFields: result.code === "VALIDATION" });
    setRefusals((n) => n + 1);
  }

  // React's change event bubbles: one listener on the form sees every field, the kit's and custom ones.
  function onFieldChange(event: React.FormEvent<HTMLFormElement>) {
    const el = event.target;
    if (!(
      el instanceof HTMLInputElement ||
      el instanceof HTMLTextAreaElement ||
      el instanceof HTMLSelectElement
    ))
      return;
    const field = fieldOf(el);
    if (!field || !state.fieldErrors[field] || !isControlValid(controlState(el, field))) return;
    const rest = withoutFieldError(state.fieldErrors, field);
    setState((s) => ({ ...s, fieldErrors: withoutFieldError(s.fieldErrors, field) }));
    if (Object.keys(rest).length === 0) setMessage((m) => (m?.aboutFields ? null : m));
  }

  if (done && success) return <div role="status">{success}</div>;

  return (
    <FormContext.Provider value={state}>
      <form
        ref={formRef}
        noValidate
        onSubmit={onSubmit}
        onChange={onFieldChange}
        className={className}
        aria-busy={state.pending}
        {...rest}
      >
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

export {
  Checkbox,
  CheckboxGroup,
  Field,
  PhoneField,
  SelectField,
  SubmitButton,
  TextAreaField,
} from "@/components/ui/form/form-fields";

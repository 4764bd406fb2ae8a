"use client";

import { createContext, type ReactNode, useContext, useId, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { Loader2 } from "lucide-react";
import { buttonClass } from "./button";
import { controlClass } from "./control";
import { Notice } from "./notice";
import { toast } from "./toast";

// One form behaviour for the whole product: submit as JSON to a route handler or a server action,
// keep what was typed on error, show field messages under their fields and a summary at the top,
// announce the outcome to screen readers, and show a pending state.

export type FormResult =
  | { ok: true; data?: unknown }
  | { ok: false; code: string; message: string; fieldErrors?: Record<string, string[]> };

type FormState = { fieldErrors: Record<string, string[]>; pending: boolean };
const FormContext = createContext<FormState>({ fieldErrors: {}, pending: false });

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

type FieldProps = {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  help?: string;
  defaultValue?: string;
  required?: boolean;
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
};

export function Field({
  name,
  label,
  type = "text",
  autoComplete,
  help,
  defaultValue,
  required = true,
  inputMode,
}: FieldProps) {
  const { id, errors, describedBy } = useFieldWiring(name, help);
  return (
    <FieldFrame id={id} label={label} required={required} help={help} errors={errors}>
      <input
        id={id}
        name={name}
        type={type}
        autoComplete={autoComplete}
        inputMode={inputMode}
        defaultValue={defaultValue}
        aria-invalid={errors ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        className={`${controlClass(!!errors)} min-h-11`}
      />
    </FieldFrame>
  );
}

/** Label, help and error wiring shared by the inputs below. */
function useFieldWiring(name: string, help?: string) {
  const { fieldErrors } = useContext(FormContext);
  const id = useId();
  const errors = fieldErrors[name];
  const describedBy =
    [help ? `${id}-help` : null, errors ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return { id, errors, describedBy };
}

function FieldFrame(props: {
  id: string;
  label: string;
  required: boolean;
  help?: string;
  errors?: string[];
  children: ReactNode;
}) {
  return (
    <div className="mb-4">
      <label htmlFor={props.id} className="block text-sm font-medium">
        {props.label}
        {!props.required && <span className="font-normal text-ink-muted"> (optional)</span>}
      </label>
      {props.children}
      {props.help && (
        <p id={`${props.id}-help`} className="mt-1 text-sm text-ink-muted">
          {props.help}
        </p>
      )}
      {props.errors && (
        <p id={`${props.id}-error`} className="mt-1 text-sm text-danger">
          {props.errors[0]}
        </p>
      )}
    </div>
  );
}

export function SelectField({
  name,
  label,
  options,
  defaultValue,
  help,
  required = true,
  placeholder,
}: {
  name: string;
  label: string;
  options: { value: string; label: string }[];
  defaultValue?: string;
  help?: string;
  required?: boolean;
  placeholder?: string;
}) {
  const { id, errors, describedBy } = useFieldWiring(name, help);
  return (
    <FieldFrame id={id} label={label} required={required} help={help} errors={errors}>
      <select
        id={id}
        name={name}
        defaultValue={defaultValue ?? ""}
        aria-invalid={errors ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        className={`${controlClass(!!errors)} min-h-11`}
      >
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

export function TextAreaField({
  name,
  label,
  defaultValue,
  help,
  required = true,
  rows = 4,
}: {
  name: string;
  label: string;
  defaultValue?: string;
  help?: string;
  required?: boolean;
  rows?: number;
}) {
  const { id, errors, describedBy } = useFieldWiring(name, help);
  return (
    <FieldFrame id={id} label={label} required={required} help={help} errors={errors}>
      <textarea
        id={id}
        name={name}
        rows={rows}
        defaultValue={defaultValue}
        aria-invalid={errors ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        className={`${controlClass(!!errors)} py-2`}
      />
    </FieldFrame>
  );
}

/** Checkboxes sharing one name; the form sends the checked values as a list. */
export function CheckboxGroup({
  name,
  legend,
  help,
  options,
  defaultValues = [],
  className,
}: {
  name: string;
  legend: string;
  help?: string;
  options: { value: string; label: string }[];
  defaultValues?: string[];
  className?: string;
}) {
  const { id, errors, describedBy } = useFieldWiring(name, help);
  return (
    <fieldset className={`mb-4 ${className ?? ""}`} aria-describedby={describedBy}>
      <legend className="text-sm font-medium">{legend}</legend>
      {help && (
        <p id={`${id}-help`} className="mt-1 text-sm text-ink-muted">
          {help}
        </p>
      )}
      <div className="mt-2 flex flex-wrap gap-x-5 gap-y-1">
        {options.map((o) => (
          <label key={o.value} className="flex min-h-11 items-center gap-2 text-sm">
            <input
              type="checkbox"
              name={name}
              value={o.value}
              data-group=""
              defaultChecked={defaultValues.includes(o.value)}
              className="size-5 accent-brand"
            />
            {o.label}
          </label>
        ))}
      </div>
      {errors && (
        <p id={`${id}-error`} className="mt-1 text-sm text-danger">
          {errors[0]}
        </p>
      )}
    </fieldset>
  );
}

export function Checkbox({
  name,
  label,
  help,
  defaultChecked,
}: {
  name: string;
  label: string;
  help?: string;
  defaultChecked?: boolean;
}) {
  const id = useId();
  return (
    <div className="mb-3 flex items-start gap-3">
      <input
        id={id}
        name={name}
        type="checkbox"
        defaultChecked={defaultChecked}
        aria-describedby={help ? `${id}-help` : undefined}
        className="mt-0.5 size-5 shrink-0 accent-brand"
      />
      <div>
        <label htmlFor={id} className="text-sm font-medium">
          {label}
        </label>
        {help && (
          <p id={`${id}-help`} className="text-sm text-ink-muted">
            {help}
          </p>
        )}
      </div>
    </div>
  );
}

export function SubmitButton({
  children,
  variant = "primary",
}: {
  children: ReactNode;
  variant?: "primary" | "danger";
}) {
  const { pending } = useContext(FormContext);
  return (
    <button
      type="submit"
      disabled={pending}
      className={buttonClass({ variant, size: "lg", className: "w-full sm:w-auto" })}
    >
      {pending && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
      {children}
    </button>
  );
}

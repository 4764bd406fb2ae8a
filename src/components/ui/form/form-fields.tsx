"use client";

import { type ReactNode, useContext, useId } from "react";
import { Loader2 } from "lucide-react";
import { buttonClass } from "@/components/ui/button";
import { controlClass } from "@/components/ui/form/control";
import { FormContext } from "@/components/ui/form/form-context";
import { Label, Legend } from "@/components/ui/form/label";

// The fields of a `Form` (form.tsx): label above, help and the server's error below, wired with
// aria-describedby / aria-invalid so the first invalid field can take focus.

type FieldProps = {
  name: string;
  label: string;
  type?: string;
  autoComplete?: string;
  help?: string;
  defaultValue?: string;
  required?: boolean;
  inputMode?: React.HTMLAttributes<HTMLInputElement>["inputMode"];
  /** The server's minimum length, so the field's message stays until it is met (field-validity.ts). */
  minLength?: number;
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
  minLength,
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
        minLength={minLength}
        defaultValue={defaultValue}
        aria-invalid={errors ? true : undefined}
        aria-describedby={describedBy}
        aria-required={required || undefined}
        className={`${controlClass(!!errors)} min-h-11`}
      />
    </FieldFrame>
  );
}

/** The person's own phone number: the phone keypad and the browser's autofill. */
export function PhoneField(
  props: Omit<FieldProps, "name" | "label" | "type" | "autoComplete" | "inputMode">,
) {
  return <Field name="phone" label="Phone number" type="tel" autoComplete="tel" inputMode="tel" {...props} />;
}

/**
 * Label, help and error wiring shared by the inputs below — and by a form's own controls (a select it
 * drives itself): put `id`, `aria-invalid` and `aria-describedby` on the control, `<FieldMessage>` under it.
 */
export function useFieldWiring(name: string, help?: string) {
  const { fieldErrors } = useContext(FormContext);
  const id = useId();
  const errors = fieldErrors[name];
  const describedBy =
    [help ? `${id}-help` : null, errors ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return { id, errors, describedBy };
}

/** The server's message for a field, under its control (the id `useFieldWiring` described it by). */
export function FieldMessage({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors) return null;
  return (
    <p id={`${id}-error`} className="mt-1 text-sm text-danger">
      {errors[0]}
    </p>
  );
}

/**
 * A control the form drives itself (a select bound to state), framed like the fields here: label above,
 * help and the server's message below. Spread `field.control` on the control (id, aria-invalid,
 * aria-describedby, aria-required) and use `field.invalid` for its look.
 */
export function ControlledField({
  name,
  label,
  help,
  required = true,
  children,
}: {
  name: string;
  label: string;
  help?: string;
  required?: boolean;
  children: (field: { control: ControlWiring; invalid: boolean }) => ReactNode;
}) {
  const { id, errors, describedBy } = useFieldWiring(name, help);
  const control: ControlWiring = {
    id,
    "aria-invalid": errors ? true : undefined,
    "aria-describedby": describedBy,
    "aria-required": required || undefined,
  };
  return (
    <FieldFrame id={id} label={label} required={required} help={help} errors={errors}>
      {children({ control, invalid: Boolean(errors) })}
    </FieldFrame>
  );
}

type ControlWiring = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
  "aria-required": true | undefined;
};

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
      <Label htmlFor={props.id}>
        {props.label}
        {!props.required && <span className="font-normal text-ink-muted"> (optional)</span>}
      </Label>
      {props.children}
      {props.help && (
        <p id={`${props.id}-help`} className="mt-1 text-sm text-ink-muted">
          {props.help}
        </p>
      )}
      <FieldMessage id={props.id} errors={props.errors} />
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
      <Legend>{legend}</Legend>
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
      <FieldMessage id={id} errors={errors} />
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
        <Label htmlFor={id}>{label}</Label>
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
  variant?: "primary" | "secondary" | "danger";
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

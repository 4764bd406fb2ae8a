// When the form kit (form.tsx) may take a server's field error away: the person changed that field and
// what it now holds meets the field's own rules (required, type, pattern, length) — so a message such
// as "Enter the make." does not stay under "Tesla" until the next submit. Rules only the server knows
// (a common password, a taken time) are checked again on the next submit.

/** What the kit reads from a control to decide whether its error still applies. */
export type ControlState = {
  /** `choice`: a checkbox or radio, answered when one of its name is checked. */
  kind: "text" | "choice";
  value: string;
  required: boolean;
  /** The browser's constraint check (type="email", pattern, minLength…); true for a control with none. */
  meetsConstraints: boolean;
  /** For a choice: whether any control sharing its name (or field) is checked. */
  anyChecked?: boolean;
};

export function isControlValid(control: ControlState): boolean {
  if (control.kind === "choice") return !control.required || control.anyChecked === true;
  if (control.required && control.value.trim() === "") return false;
  return control.meetsConstraints;
}

/** The form's field errors without `field`'s (the same object when it had none). */
export function withoutFieldError(errors: Record<string, string[]>, field: string): Record<string, string[]> {
  if (!(field in errors)) return errors;
  const rest = { ...errors };
  delete rest[field];
  return rest;
}

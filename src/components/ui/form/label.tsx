import type { ComponentProps } from "react";
import { cn } from "@/components/ui/cn";

// A control's name above it (DESIGN.md: label above field). Shared by server pages (filter forms) and the
// client `Form` fields, so it carries no "use client".

/** The look of a control's label, for an element that names a group or a preview (`<legend>`, `<p>`). */
export const labelClass = "block text-sm font-medium";

export function Label({ className, ...rest }: ComponentProps<"label">) {
  return <label className={cn(labelClass, className)} {...rest} />;
}

/** A fieldset's name, looking like a control's label (radios, checkboxes, a group of fields). */
export function Legend({ className, ...rest }: ComponentProps<"legend">) {
  return <legend className={cn(labelClass, className)} {...rest} />;
}

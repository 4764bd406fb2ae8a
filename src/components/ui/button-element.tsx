import type { ComponentProps } from "react";
import { Loader2 } from "lucide-react";
import { type ButtonSize, type ButtonVariant, buttonClass } from "./button-class";

export type ButtonProps = ComponentProps<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, disables the button and marks it busy. */
  pending?: boolean;
};

/** The `<button>` itself, with the product's classes, spinner and busy state. */
export function ButtonElement({
  variant,
  size,
  pending = false,
  disabled,
  className,
  type = "button",
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || pending}
      aria-busy={pending || undefined}
      className={buttonClass({ variant, size, className })}
      {...rest}
    >
      {pending && <Loader2 aria-hidden="true" className="size-4 animate-spin" />}
      {children}
    </button>
  );
}

import Link from "@/components/ui/link";
import type { ComponentProps, ReactNode } from "react";
import { Loader2 } from "lucide-react";
import { type ButtonSize, type ButtonVariant, buttonClass } from "./button-class";

// Every button and button-looking link in the product. Variants follow DESIGN.md: one primary action per
// area (brand), secondary for the rest, danger for destructive ones, ghost inside dense rows, link for
// inline text actions. Controls stay at least 44 px tall on touch (min-h-11), icon buttons 44 px wide.

export { type ButtonSize, type ButtonVariant, buttonClass };

type ButtonProps = ComponentProps<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, disables the button and marks it busy. */
  pending?: boolean;
};

export function Button({
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

type ButtonLinkProps = Omit<ComponentProps<typeof Link>, "className"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  children: ReactNode;
};

/** A link (navigation) that looks like a button. Use it, not a button, for anything that changes the URL. */
export function ButtonLink({ variant, size, className, ...rest }: ButtonLinkProps) {
  return <Link className={buttonClass({ variant, size, className })} {...rest} />;
}

/** A `<summary>` that opens an inline editor ("Edit Wash"): a link-looking, 44 px tall disclosure. */
export const summaryClass = buttonClass({
  variant: "link",
  className: "cursor-pointer text-sm no-underline",
});

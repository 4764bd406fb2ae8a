import Link, { textLinkClass } from "@/components/ui/link";
import type { ComponentProps, ReactNode } from "react";
import { Loader2 } from "lucide-react";
import { cn } from "./cn";

// Every button and button-looking link in the product. Variants follow DESIGN.md: one primary action per
// area (brand), secondary for the rest, danger for destructive ones, ghost inside dense rows, link for
// inline text actions. Controls stay at least 44 px tall on touch (min-h-11), icon buttons 44 px wide.

export type ButtonVariant = "primary" | "secondary" | "danger" | "danger-outline" | "ghost" | "link";
export type ButtonSize = "sm" | "md" | "lg" | "icon";

const VARIANTS: Record<ButtonVariant, string> = {
  primary: "bg-brand font-semibold text-white hover:bg-brand-hover",
  secondary: "border border-line-strong bg-surface font-medium text-ink hover:bg-canvas",
  danger: "bg-danger font-semibold text-white hover:bg-danger/90",
  "danger-outline": "border border-line-strong bg-surface font-medium text-danger hover:bg-danger-soft",
  ghost: "font-medium text-ink-muted hover:bg-canvas hover:text-ink",
  link: textLinkClass(),
};

const SIZES: Record<ButtonSize, string> = {
  sm: "px-3 text-sm",
  md: "px-4",
  lg: "px-5 text-base",
  icon: "min-w-11 px-2",
};

/** The classes of a button, for the rare element that must look like one but is neither (a `<summary>`). */
export function buttonClass({
  variant = "secondary",
  size = "md",
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) {
  return cn(
    "inline-flex min-h-11 items-center justify-center gap-2 rounded-control disabled:cursor-not-allowed disabled:opacity-60",
    VARIANTS[variant],
    variant === "link" ? "px-0" : SIZES[size],
    className,
  );
}

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

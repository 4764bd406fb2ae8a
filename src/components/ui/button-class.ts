import { textLinkClass } from "./link-class";
import { cn } from "./cn";

// A button's classes, apart from the Button component (its spinner icon) and ButtonLink (next/link), so
// that code needing only the look — the error pages, which every page loads — stays small (ADR 0047).
// `button.tsx` re-exports them.

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

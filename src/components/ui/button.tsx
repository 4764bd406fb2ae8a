import Link from "@/components/ui/link";
import type { ComponentProps, ReactNode } from "react";
import { type ButtonSize, type ButtonVariant, buttonClass } from "./button-class";
import { ButtonElement, type ButtonProps } from "./button-element";
import { ClickButton } from "./click-button";

// Every button and button-looking link in the product. Variants follow DESIGN.md: one primary action per
// area (brand), secondary for the rest, danger for destructive ones, ghost inside dense rows, link for
// inline text actions. Controls stay at least 44 px tall on touch (min-h-11), icon buttons 44 px wide.

export { type ButtonProps, type ButtonSize, type ButtonVariant, buttonClass };

/**
 * A button. One with an `onClick` (and not a form's submit) does nothing until the page's scripts have
 * run, so it renders disabled until then (`ClickButton`); submits and plain buttons render as they are.
 */
export function Button(props: ButtonProps) {
  return props.onClick && props.type !== "submit" ? <ClickButton {...props} /> : <ButtonElement {...props} />;
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

"use client";

import * as RadixMenu from "@radix-ui/react-dropdown-menu";
import Link from "@/components/ui/link";
import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/components/ui/cn";

// A menu of actions on Radix (ADR 0015): the trigger is a button with aria-haspopup/aria-expanded, arrow
// keys and typeahead move between items, Enter/Space choose, Escape closes and focus returns to the
// trigger. Use it for a short list of commands or links (an account menu), not for navigation sections.

/** The panel behind a menu or popover: a card that floats above the page. */
export const floatingPanelClass =
  "z-50 min-w-56 rounded-card border border-line bg-surface p-1.5 shadow-card focus:outline-none";

/** An item: 44 px tall, highlighted (not outlined) when the keyboard or pointer is on it. */
export const menuItemClass =
  "flex min-h-11 w-full cursor-pointer items-center gap-2 rounded-control px-3 text-sm font-medium text-ink outline-none select-none data-[disabled]:cursor-not-allowed data-[disabled]:opacity-60 data-[highlighted]:bg-canvas data-[highlighted]:text-ink";

export function DropdownMenu({
  trigger,
  children,
  align = "end",
  className,
}: {
  /** The button that opens it (a `Button`); its words name the menu (Radix labels the menu by it). */
  trigger: ReactNode;
  children: ReactNode;
  align?: "start" | "center" | "end";
  className?: string;
}) {
  return (
    // Not modal: a modal menu hides the rest of the page with aria-hidden while its links stay
    // focusable (axe: aria-hidden-focus). Escape and a click outside still close it.
    <RadixMenu.Root modal={false}>
      <RadixMenu.Trigger asChild>{trigger}</RadixMenu.Trigger>
      <RadixMenu.Portal>
        <RadixMenu.Content align={align} sideOffset={6} className={cn(floatingPanelClass, className)}>
          {children}
        </RadixMenu.Content>
      </RadixMenu.Portal>
    </RadixMenu.Root>
  );
}

type ItemProps = Omit<ComponentProps<typeof RadixMenu.Item>, "asChild"> & { tone?: "default" | "danger" };

/** A command. `onSelect` runs it; call `event.preventDefault()` there to keep the menu open (pending). */
export function DropdownMenuItem({ className, tone = "default", ...rest }: ItemProps) {
  return (
    <RadixMenu.Item
      className={cn(
        menuItemClass,
        tone === "danger" && "text-danger data-[highlighted]:text-danger",
        className,
      )}
      {...rest}
    />
  );
}

/** An item that navigates: a real link (middle-click, "open in new tab" keep working). */
export function DropdownMenuLink({
  href,
  children,
  className,
}: {
  href: string;
  children: ReactNode;
  className?: string;
}) {
  return (
    <RadixMenu.Item asChild className={cn(menuItemClass, className)}>
      <Link href={href}>{children}</Link>
    </RadixMenu.Item>
  );
}

/** Words above a group of items ("Signed in as Ada"); not focusable. */
export function DropdownMenuLabel({ children }: { children: ReactNode }) {
  return <RadixMenu.Label className="px-3 pt-2 pb-1 text-xs text-ink-subtle">{children}</RadixMenu.Label>;
}

export function DropdownMenuSeparator() {
  return <RadixMenu.Separator className="my-1 h-px bg-line" />;
}

"use client";

import * as RadixPopover from "@radix-ui/react-popover";
import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";
import { floatingPanelClass } from "@/components/ui/overlay/dropdown-menu";

// A non-modal panel anchored to its trigger, on Radix (ADR 0015): the trigger carries aria-expanded and
// aria-controls, focus moves into the panel on opening and back to the trigger on Escape, a click outside
// closes it. For content that isn't a list of commands (a short form, a navigation drawer); commands go
// in a `DropdownMenu`, questions that need an answer in a `Dialog`.

export function Popover({
  trigger,
  children,
  label,
  open,
  onOpenChange,
  align = "start",
  className,
}: {
  /** The button that opens it (a `Button`). */
  trigger: ReactNode;
  children: ReactNode;
  /** Names the panel (a `dialog` to screen readers). */
  label: string;
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  align?: "start" | "center" | "end";
  className?: string;
}) {
  return (
    <RadixPopover.Root open={open} onOpenChange={onOpenChange}>
      <RadixPopover.Trigger asChild>{trigger}</RadixPopover.Trigger>
      <RadixPopover.Portal>
        <RadixPopover.Content
          align={align}
          sideOffset={6}
          collisionPadding={8}
          aria-label={label}
          // Never taller than the room below (or above) the trigger: a long panel — the admin menu on a
          // phone — scrolls inside itself instead of running off the screen out of reach.
          className={cn(
            floatingPanelClass,
            "max-h-[var(--radix-popover-content-available-height)] max-w-[calc(100vw-1rem)] overflow-y-auto p-3",
            className,
          )}
        >
          {children}
        </RadixPopover.Content>
      </RadixPopover.Portal>
    </RadixPopover.Root>
  );
}

/** Closes the surrounding popover when clicked (wrap a `Button`). */
export function PopoverClose({ children }: { children: ReactNode }) {
  return <RadixPopover.Close asChild>{children}</RadixPopover.Close>;
}

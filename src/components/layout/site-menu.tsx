"use client";

import { Menu, X } from "lucide-react";
import { usePathname } from "next/navigation";
import { type ReactNode, useId, useRef, useState } from "react";
import { buttonClass } from "@/components/ui/button-class";
import { cn } from "@/components/ui/cn";

/**
 * The public header's links: in a row from `lg` up; on a phone, behind one "Menu" button (a
 * disclosure: aria-expanded and aria-controls, Escape closes and gives the focus back to the button), so
 * the header stays one row. No library: the public pages stay light.
 */
export function SiteMenu({ children }: { children: ReactNode }) {
  const id = useId();
  const button = useRef<HTMLButtonElement>(null);
  const [open, setOpen] = useState(false);
  // A client navigation (one of its links) closes it.
  const path = usePathname();
  const [openedOn, setOpenedOn] = useState(path);
  if (open && openedOn !== path) {
    setOpen(false);
    setOpenedOn(path);
  }

  return (
    <div
      className="lg:contents"
      onKeyDown={(e) => {
        if (e.key === "Escape" && open) {
          setOpen(false);
          button.current?.focus();
        }
      }}
    >
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => {
          setOpen((o) => !o);
          setOpenedOn(path);
        }}
        className={buttonClass({ variant: "secondary", size: "sm", className: "lg:hidden" })}
      >
        {open ? <X aria-hidden="true" className="size-5" /> : <Menu aria-hidden="true" className="size-5" />}
        Menu
      </button>
      <div
        id={id}
        className={cn(
          "absolute inset-x-0 top-full z-40 border-b border-line bg-surface px-4 pb-4 shadow-card lg:static lg:block lg:border-0 lg:bg-transparent lg:p-0 lg:shadow-none",
          !open && "hidden",
        )}
      >
        {children}
      </div>
    </div>
  );
}

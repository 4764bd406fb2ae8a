"use client";

import { ChevronDown, Menu } from "lucide-react";
import { usePathname } from "next/navigation";
import { type ReactNode, useState } from "react";
import { Button } from "@/components/ui/button";
import { DropdownMenu, DropdownMenuLink, DropdownMenuSeparator } from "@/components/ui/overlay/dropdown-menu";
import { Popover } from "@/components/ui/overlay/popover";
import { routes } from "@/lib/routes";
import { SignOutMenuItem } from "@/modules/accounts/components/sign-out-menu-item";

/**
 * The phone drawer: the sidebar in a popover. It closes once a page is chosen — on the click, so the
 * drawer doesn't cover the page while it loads, and on any route change (back/forward included).
 */
export function AdminNavDrawer({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const [shownFor, setShownFor] = useState(pathname);
  if (shownFor !== pathname) {
    setShownFor(pathname);
    setOpen(false);
  }
  return (
    <Popover
      label="Menu"
      open={open}
      onOpenChange={setOpen}
      className="w-64"
      trigger={
        <Button variant="ghost" size="icon" className="text-ink">
          <Menu aria-hidden="true" className="size-5" />
          Menu
        </Button>
      }
    >
      <div
        onClick={(event) => {
          if ((event.target as HTMLElement).closest("a")) setOpen(false);
        }}
      >
        {children}
      </div>
    </Popover>
  );
}

/** The signed-in name opens the account menu: their account, help, the public site, signing out. */
export function AdminAccountMenu({ userName }: { userName: string }) {
  return (
    <DropdownMenu
      trigger={
        <Button variant="ghost" size="sm" className="max-w-full min-w-0 text-ink-muted">
          <span className="truncate">
            <span className="hidden sm:inline">Signed in as </span>
            <span className="font-medium text-ink">{userName}</span>
          </span>
          <ChevronDown aria-hidden="true" className="size-4 shrink-0" />
        </Button>
      }
    >
      <DropdownMenuLink href={routes.adminAccount}>Your account</DropdownMenuLink>
      <DropdownMenuLink href={routes.adminHelp}>Help &amp; status</DropdownMenuLink>
      <DropdownMenuLink href={routes.home}>View the public site</DropdownMenuLink>
      <DropdownMenuSeparator />
      <SignOutMenuItem />
    </DropdownMenu>
  );
}

"use client";

import * as RadixTabs from "@radix-ui/react-tabs";
import { useSearchParams } from "next/navigation";
import { type ReactNode, useState } from "react";
import { cn } from "@/components/ui/cn";

// Tabs on Radix: arrow keys move between tabs, Tab moves into the panel, roles and labels are wired.
// With `param`, the chosen tab lives in the URL (?param=value), so a reload or a shared link opens it.

export type TabItem = { value: string; label: ReactNode; content: ReactNode };

export function Tabs({
  items,
  defaultValue,
  param,
  label,
  className,
}: {
  items: TabItem[];
  defaultValue?: string;
  /** A search parameter to keep the chosen tab in. */
  param?: string;
  /** Names the tab list for screen readers. */
  label: string;
  className?: string;
}) {
  const searchParams = useSearchParams();
  const initial = defaultValue ?? items[0]?.value ?? "";
  const fromUrl = param ? searchParams.get(param) : null;
  const [value, setValue] = useState(items.some((i) => i.value === fromUrl) && fromUrl ? fromUrl : initial);

  const onChange = (next: string) => {
    setValue(next);
    if (!param) return;
    // history.replaceState (not a router navigation): switching tabs must not re-render the server
    // page; Next keeps useSearchParams in step with it.
    const url = new URL(window.location.href);
    if (next === initial) url.searchParams.delete(param);
    else url.searchParams.set(param, next);
    window.history.replaceState(null, "", url);
  };

  return (
    <RadixTabs.Root value={value} onValueChange={onChange} className={className}>
      <RadixTabs.List aria-label={label} className="flex gap-1 overflow-x-auto border-b border-line">
        {items.map((item) => (
          <RadixTabs.Trigger
            key={item.value}
            value={item.value}
            className={cn(
              "-mb-px inline-flex min-h-11 items-center border-b-2 border-transparent px-3 text-sm font-medium whitespace-nowrap text-ink-muted hover:text-ink",
              "data-[state=active]:border-brand data-[state=active]:text-brand-ink",
            )}
          >
            {item.label}
          </RadixTabs.Trigger>
        ))}
      </RadixTabs.List>
      {items.map((item) => (
        <RadixTabs.Content
          key={item.value}
          value={item.value}
          className="pt-4 focus-visible:outline-offset-4"
        >
          {item.content}
        </RadixTabs.Content>
      ))}
    </RadixTabs.Root>
  );
}

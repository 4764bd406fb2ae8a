import Link from "@/components/ui/link";
import { cn } from "@/components/ui/cn";
import { TabScroller } from "@/components/ui/nav/tab-scroller";

// Tabs that are links: each tab is its own URL (?tab=…), so the server renders (and reads the data of)
// the shown tab only; the current one is marked aria-current="page". Looks like Tabs. On a phone the
// row scrolls sideways with the current tab in view (TabScroller).

export type LinkTab = { value: string; label: string; href: string };

export function LinkTabs({
  items,
  current,
  label,
  className,
}: {
  items: LinkTab[];
  current: string;
  /** Names the navigation for screen readers. */
  label: string;
  className?: string;
}) {
  return (
    <nav aria-label={label} className={className}>
      <TabScroller className="border-b border-line">
        <ul className="flex w-max gap-1">
          {items.map((item) => {
            const active = item.value === current;
            return (
              <li key={item.value}>
                <Link
                  href={item.href}
                  aria-current={active ? "page" : undefined}
                  scroll={false}
                  className={cn(
                    "inline-flex min-h-11 items-center border-b-2 border-transparent px-3 text-sm font-medium whitespace-nowrap text-ink-muted hover:text-ink focus-visible:outline-offset-[-3px]",
                    active && "border-brand text-brand-ink",
                  )}
                >
                  {item.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </TabScroller>
    </nav>
  );
}

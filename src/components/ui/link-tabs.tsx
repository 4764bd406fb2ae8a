import Link from "@/components/ui/link";
import { cn } from "./cn";

// Tabs that are links: each tab is its own URL (?tab=…), so the server renders (and reads the data of)
// the shown tab only; the current one is marked aria-current="page". Looks like Tabs.

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
      <ul className="flex gap-1 overflow-x-auto border-b border-line">
        {items.map((item) => {
          const active = item.value === current;
          return (
            <li key={item.value}>
              <Link
                href={item.href}
                aria-current={active ? "page" : undefined}
                scroll={false}
                className={cn(
                  "-mb-px inline-flex min-h-11 items-center border-b-2 border-transparent px-3 text-sm font-medium whitespace-nowrap text-ink-muted hover:text-ink",
                  active && "border-brand text-brand-ink",
                )}
              >
                {item.label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

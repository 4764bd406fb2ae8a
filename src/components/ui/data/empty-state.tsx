import type { ReactNode } from "react";
import { cn } from "@/components/ui/cn";

/** What a list shows when it has nothing: what this is, and what to do next (an action, usually). */
export function EmptyState({
  title,
  children,
  action,
  className,
}: {
  title?: ReactNode;
  children?: ReactNode;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={cn(
        "rounded-card border border-dashed border-line-strong bg-surface p-6 text-center sm:p-8",
        className,
      )}
    >
      {title && <p className="font-semibold">{title}</p>}
      {children && <div className={cn("text-ink-muted", title && "mt-1")}>{children}</div>}
      {action && <div className="mt-4 flex flex-wrap justify-center gap-2">{action}</div>}
    </div>
  );
}

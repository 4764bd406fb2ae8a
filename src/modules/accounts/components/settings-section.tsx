import type { ReactNode } from "react";
import { cardClass } from "@/components/ui/card";
import { cn } from "@/components/ui/cn";

export function SettingsSection({
  id,
  title,
  lead,
  children,
}: {
  id: string;
  title: string;
  lead?: string;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className={cn(cardClass, "sm:p-6")}>
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {lead && <p className="mt-1 text-sm text-ink-muted">{lead}</p>}
      <div className="mt-5">{children}</div>
    </section>
  );
}

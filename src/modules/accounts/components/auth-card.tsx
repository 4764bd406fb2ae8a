import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { textLinkClass } from "@/components/ui/link";

/** The frame of every sign-in page: a narrow card with a title and an optional lead. */
export function AuthCard({
  title,
  lead,
  children,
}: {
  title: string;
  lead?: ReactNode;
  children: ReactNode;
}) {
  return (
    <div className="mx-auto w-full max-w-md px-4 py-10 sm:py-16">
      <Card className="p-6 sm:p-8">
        <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
        {lead && <div className="mt-2 text-ink-muted">{lead}</div>}
        <div className="mt-6">{children}</div>
      </Card>
    </div>
  );
}

export function TextLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a href={href} className={textLinkClass()}>
      {children}
    </a>
  );
}

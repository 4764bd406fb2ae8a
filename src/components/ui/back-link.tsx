import Link from "@/components/ui/link";
import type { ReactNode } from "react";
import { ArrowLeft } from "lucide-react";

/** "← All services": the way up from a record to its list, above the page title. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link
      href={href}
      className="inline-flex min-h-11 items-center gap-1 text-sm font-medium text-brand underline-offset-2 hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}

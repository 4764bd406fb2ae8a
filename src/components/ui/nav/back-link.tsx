import { TextLink } from "@/components/ui/link";
import type { ReactNode } from "react";
import { ArrowLeft } from "lucide-react";

/** "← All services": the way up from a record to its list, above the page title. */
export function BackLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <TextLink href={href} underline="hover" touch="always" className="gap-1 text-sm">
      <ArrowLeft aria-hidden="true" className="size-4" />
      {children}
    </TextLink>
  );
}

import { Badge } from "@/components/ui/badge";

// The customer's answer to the reminder's site checklist (ADR 0027), as a badge: on /admin Today per job
// and on the booking's page. The words carry the meaning; the colour only repeats it.

export function SiteCheckBadge({ answer }: { answer: "all_set" | "changed" | null }) {
  if (answer === "all_set") return <Badge tone="success">Site all set</Badge>;
  if (answer === "changed") return <Badge tone="warning">Site changed</Badge>;
  return null;
}

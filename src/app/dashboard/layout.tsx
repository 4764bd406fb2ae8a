import type { ReactNode } from "react";
import { CustomerShell } from "@/components/layout/customer-shell";
import { requireCustomerPage } from "@/server/auth/guards";
import { StaffCopyGuard } from "@/modules/staff/components/staff-copy-guard";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  await requireCustomerPage("/dashboard");
  // A customer on this browser: a technician's offline day kept here goes (issue 41 §7).
  return (
    <CustomerShell>
      <StaffCopyGuard />
      {children}
    </CustomerShell>
  );
}

import type { ReactNode } from "react";
import { CustomerShell } from "@/components/layout/customer-shell";
import { requireCustomerPage } from "@/server/auth/guards";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  await requireCustomerPage("/dashboard");
  return <CustomerShell>{children}</CustomerShell>;
}

import type { ReactNode } from "react";
import { CustomerShell } from "@/components/layout/customer-shell";
import { requireCustomerPage } from "@/server/auth/guards";
import { getPublicSettings } from "@/modules/settings/server";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requireCustomerPage("/dashboard");
  const settings = await getPublicSettings();
  return (
    <CustomerShell businessName={settings.businessName} userName={user.name}>
      {children}
    </CustomerShell>
  );
}

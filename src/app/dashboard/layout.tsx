import type { ReactNode } from "react";
import { headers } from "next/headers";
import { CustomerShell } from "@/components/layout/customer-shell";
import { requireCustomerPage } from "@/server/auth/guards";
import { getPublicSettings } from "@/modules/settings/server/queries";

export default async function DashboardLayout({ children }: { children: ReactNode }) {
  const user = await requireCustomerPage("/dashboard");
  const settings = await getPublicSettings();
  const path = (await headers()).get("x-forecourt-path")?.split("?")[0] ?? "/dashboard";
  return (
    <CustomerShell businessName={settings.businessName} userName={user.name} currentPath={path}>
      {children}
    </CustomerShell>
  );
}

import type { ReactNode } from "react";
import { headers } from "next/headers";
import { AdminShell } from "@/components/layout/admin-shell";
import { requireAdminPage } from "@/server/auth/guards";
import { getPublicSettings } from "@/modules/settings/server/queries";

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const user = await requireAdminPage("/admin");
  const settings = await getPublicSettings();
  const path = (await headers()).get("x-forecourt-path")?.split("?")[0] ?? "/admin";
  return (
    <AdminShell businessName={settings.businessName} userName={user.name} currentPath={path}>
      {children}
    </AdminShell>
  );
}

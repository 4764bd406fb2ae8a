import type { ReactNode } from "react";
import { AdminShell } from "@/components/layout/admin-shell";
import { requireAdminPage } from "@/server/auth/guards";
import { getPublicSettings } from "@/modules/settings/server";

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const user = await requireAdminPage("/admin");
  const settings = await getPublicSettings();
  return (
    <AdminShell businessName={settings.businessName} userName={user.name}>
      {children}
    </AdminShell>
  );
}

import type { ReactNode } from "react";
import { AdminShell } from "@/components/layout/admin-shell";
import { requireAdminPage } from "@/server/auth/guards";
import { getPublicSettings } from "@/modules/settings/server";
import { loadPendingRescheduleCount } from "@/modules/reschedule/server";

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const user = await requireAdminPage("/admin");
  const [settings, rescheduleRequests] = await Promise.all([
    getPublicSettings(),
    loadPendingRescheduleCount(),
  ]);
  return (
    <AdminShell businessName={settings.businessName} userName={user.name} badges={{ rescheduleRequests }}>
      {children}
    </AdminShell>
  );
}

import type { ReactNode } from "react";
import { AdminShell } from "@/components/layout/admin-shell";
import { requireAdminPage } from "@/server/auth/guards";
import { getPublicSettings } from "@/modules/settings/server";
import { loadPendingRescheduleCount } from "@/modules/reschedule/server";
import { loadWaitingTimeRequestCount } from "@/modules/time-requests/server";
import { StaffCopyGuard } from "@/modules/staff/components/staff-copy-guard";

export default async function AdminLayout({ children }: { children: ReactNode }) {
  const user = await requireAdminPage("/admin");
  const [settings, rescheduleRequests, timeRequests] = await Promise.all([
    getPublicSettings(),
    loadPendingRescheduleCount(),
    loadWaitingTimeRequestCount(),
  ]);
  return (
    <AdminShell
      businessName={settings.businessName}
      userName={user.name}
      badges={{ rescheduleRequests, timeRequests }}
    >
      {/* An admin on this browser: a technician's offline day kept here goes (issue 41 §7). */}
      <StaffCopyGuard />
      {children}
    </AdminShell>
  );
}

import type { Metadata } from "next";
import { PageHeader } from "@/components/ui/card";
import { routes } from "@/lib/routes";
import { StaffDayList } from "@/modules/staff/components/staff-day-list";
import { loadMyStaffDay } from "@/modules/staff/server";
import { requireStaffPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "My day" };

/** A technician's jobs: today's and tomorrow's for their teams, in time order (ADR 0053). */
export default async function StaffDayPage() {
  const user = await requireStaffPage(routes.staff);
  const view = await loadMyStaffDay(user);
  return (
    <div>
      <PageHeader
        title={`Hello ${user.name.split(" ")[0] ?? ""}`.trim()}
        description="Your jobs for today and tomorrow."
      />
      <StaffDayList view={view} />
    </div>
  );
}

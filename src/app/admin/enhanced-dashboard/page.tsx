import type { Metadata } from "next";
import { LiveRefresh } from "@/components/live/live-refresh";
import { Section } from "@/components/ui/card";
import { routes } from "@/lib/routes";
import { RecentActivity } from "@/modules/today/components/admin-today-panels";
import { BoardFullscreen } from "@/modules/reports/components/board-fullscreen";
import { BoardHeatMap, BoardKpis, SparklineKey } from "@/modules/reports/components/board-panels";
import { BoardTimelines } from "@/modules/reports/components/board-timeline";
import { loadBoard } from "@/modules/reports/server";
import { requireAdminPage } from "@/server/auth/guards";

export const metadata: Metadata = { title: "Live board" };

// The live operations board for a wall screen or tablet: timelines of today and tomorrow per team with a
// now-line, this week's figures against last week's, the next 14 days' capacity and the latest activity.
// Live: a booking, payment, move or schedule change anywhere re-reads it (debounced) without a reload.
export default async function EnhancedDashboardPage() {
  const user = await requireAdminPage(routes.adminBoard);
  const board = await loadBoard(user);
  return (
    <BoardFullscreen
      toolbar={
        <div className="flex min-w-0 flex-wrap items-center gap-x-4 gap-y-2">
          <div className="min-w-0">
            <h1 className="text-2xl font-semibold tracking-tight">Live board</h1>
            <p className="text-sm text-ink-muted">
              {board.todayTitle}. Times in {board.timeZone}.
            </p>
          </div>
          <LiveRefresh types={["booking.updated", "schedule.changed"]} />
        </div>
      }
    >
      <div className="mt-5 grid gap-6 2xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0 space-y-6">
          <Section plain title="This week" description={<SparklineKey />}>
            <BoardKpis kpis={board.kpis} />
          </Section>
          <Section
            plain
            title="Timeline"
            description="Each team’s jobs on the hours they are open. A red line marks now."
          >
            <BoardTimelines days={board.days} nowMs={board.nowMs} timeZone={board.timeZone} />
          </Section>
          <Section
            plain
            title="Capacity, next 14 days"
            description="Booked ÷ open hours per team and day; darker is fuller."
          >
            <BoardHeatMap heat={board.heat} />
          </Section>
        </div>
        <Section title="Live activity" description="Newest first." className="min-w-0 2xl:self-start">
          <RecentActivity entries={board.feed} />
        </Section>
      </div>
    </BoardFullscreen>
  );
}

"use client";

import { CloudRain, WifiOff } from "lucide-react";
import { useEffect, useSyncExternalStore } from "react";
import { EmptyState } from "@/components/ui/data/empty-state";
import { LiveRefresh } from "@/components/live/live-refresh";
import { SESSION_ENDED_WINDOW_EVENT } from "@/lib/signing-out";
import type { StaffDayView } from "../server/staff-day";
import { forgetStaffCopy } from "./staff-copy-guard";
import { StaffJobCard } from "./staff-job-card";

// The technician's list: today, then tomorrow. Live: a job the office moves, reassigns or cancels appears
// or disappears within seconds (schedule.changed → the server reads the list again). Offline: the
// service worker shows the list as it last loaded, and every button says it needs a connection.

const subscribe = (notify: () => void) => {
  window.addEventListener("online", notify);
  window.addEventListener("offline", notify);
  return () => {
    window.removeEventListener("online", notify);
    window.removeEventListener("offline", notify);
  };
};

function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

/**
 * Registers the day's service worker (scope /staff): the list stays readable with no signal. The copy is
 * this technician's (view.cacheKey: another person or a team move clears it first) and holds the photos
 * the list shows, no others; the live stream's session-ended clears it (issue 41 §7).
 */
function useOfflineCopy(view: StaffDayView) {
  const photos = view.days
    .flatMap((d) => d.jobs.flatMap((j) => j.photos.flatMap((p) => [p.url, p.thumbUrl])))
    .join(" ");
  useEffect(() => {
    if (!("serviceWorker" in navigator)) return;
    navigator.serviceWorker
      .register("/staff/sw.js", { scope: "/staff" })
      .then(() => navigator.serviceWorker.ready)
      .then((reg) => {
        // The files this page loaded, so that the next visit works with no signal.
        // (the worker keeps only the page's own files among them: scripts, styles, fonts, icons).
        const keep = performance.getEntriesByType("resource").map((e) => e.name);
        reg.active?.postMessage({ owner: view.cacheKey, keep, photos: photos.split(" ").filter(Boolean) });
      })
      .catch(() => {});
  }, [view.cacheKey, photos]);
  useEffect(() => {
    const ended = () => forgetStaffCopy({ purge: true });
    window.addEventListener(SESSION_ENDED_WINDOW_EVENT, ended);
    return () => window.removeEventListener(SESSION_ENDED_WINDOW_EVENT, ended);
  }, []);
}

export function StaffDayList({ view }: { view: StaffDayView }) {
  const online = useOnline();
  useOfflineCopy(view);
  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-ink-muted">
          {view.teamNames.length > 0 ? `${view.teamNames.join(", ")} · ` : ""}updated {view.loadedAt}
        </p>
        <LiveRefresh types={["schedule.changed"]} />
      </div>
      {!online && (
        <p role="status" className="mt-3 flex items-center gap-2 rounded-control bg-warning-soft p-3 text-sm">
          <WifiOff aria-hidden="true" className="size-4 shrink-0" />
          You&apos;re offline. This is your list as it last loaded at {view.loadedAt}; the buttons come back
          with a connection.
        </p>
      )}
      {view.teamNames.length === 0 ? (
        <EmptyState className="mt-4" title="You're not on a team yet">
          Ask the office to add you to the van or bay you work in. Its jobs show here.
        </EmptyState>
      ) : (
        view.days.map((day, i) => (
          <section key={day.date} className="mt-6" aria-labelledby={`day-${day.date}`}>
            <h2 id={`day-${day.date}`} className="text-lg font-semibold">
              {i === 0 ? "Today" : "Tomorrow"}{" "}
              <span className="font-normal text-ink-muted">· {day.title}</span>
            </h2>
            {day.weather && (
              <p className="mt-2 flex items-start gap-2 rounded-control border border-info bg-info-soft p-3 text-sm">
                <CloudRain aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                <span>
                  <strong>Weather day.</strong> {day.weather} Jobs still listed are still on.
                </span>
              </p>
            )}
            {day.jobs.length === 0 ? (
              <p className="mt-2 text-sm text-ink-muted">
                No jobs for your {view.teamNames.length === 1 ? "team" : "teams"}{" "}
                {i === 0 ? "today" : "tomorrow"}.
              </p>
            ) : (
              <ol className="mt-3 space-y-4" aria-label={`${i === 0 ? "Today" : "Tomorrow"}'s jobs`}>
                {day.jobs.map((job) => (
                  <StaffJobCard key={job.id} job={job} online={online} />
                ))}
              </ol>
            )}
          </section>
        ))
      )}
    </div>
  );
}

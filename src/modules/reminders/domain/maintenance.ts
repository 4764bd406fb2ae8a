// Maintenance intervals (issue 17): a service may want redoing after some months (a coating top-up every
// 6 months). The due date counts calendar months from the local day the job was done, in the business's
// time zone; a day the target month lacks falls back to that month's last day (31 Aug + 6 → 28/29 Feb).

/** "2027-02-28" from "2026-08-31" + 6. Dates are local calendar dates (YYYY-MM-DD). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  const lastDay = new Date(Date.UTC(year, month, 0)).getUTCDate();
  const day = Math.min(d, lastDay);
  return `${String(year).padStart(4, "0")}-${String(month).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
}

export type DoneService = {
  bookingId: string;
  serviceId: string;
  serviceName: string;
  intervalMonths: number;
  /** The local date the job was done. */
  doneOn: string;
};

export type MaintenanceDue = {
  serviceId: string;
  serviceName: string;
  /** The job that started the interval: the latest one with this service. */
  bookingId: string;
  doneOn: string;
  dueOn: string;
  /** Due today or earlier. */
  isDue: boolean;
};

/**
 * For one vehicle's completed work, when each interval service is next due: counted from the latest job
 * that included it (an earlier job's interval is superseded). Soonest first.
 */
export function maintenanceDue(done: readonly DoneService[], today: string): MaintenanceDue[] {
  const latest = new Map<string, DoneService>();
  for (const d of done) {
    const seen = latest.get(d.serviceId);
    if (!seen || d.doneOn > seen.doneOn) latest.set(d.serviceId, d);
  }
  return [...latest.values()]
    .map((d) => {
      const dueOn = addMonths(d.doneOn, d.intervalMonths);
      return {
        serviceId: d.serviceId,
        serviceName: d.serviceName,
        bookingId: d.bookingId,
        doneOn: d.doneOn,
        dueOn,
        isDue: dueOn <= today,
      };
    })
    .sort((a, b) => a.dueOn.localeCompare(b.dueOn) || a.serviceName.localeCompare(b.serviceName));
}

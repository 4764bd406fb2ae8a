import { fitsNoWorkingDay } from "@/lib/visit-days";

// Which packages can never be booked because a working day can't hold them (issue 40 §3, ADR 0054):
// the owner is told on the pricing grid and the hours screen before a customer meets the wall. Work that
// may span breaks and is longer than a day is booked over several working days (ADR 0056), so only work
// that may not — longer than any one stretch of a day — can't be booked. Pure.

/** The most work a working day holds: for a job that may span the day's breaks, and for one that may not. */
export type DayLimits = { spanning: number; oneStretch: number };

export type LongJob = {
  serviceId: string;
  serviceName: string;
  sizeName: string;
  minutes: number;
  /** What the longest working day holds for this service. */
  dayMinutes: number;
  /** The service may not span a break, and spanning would fit it (in a day or over several): ticking that setting is the fix. */
  fitsIfSpanning: boolean;
};

/** What it reads of the pricing grid. */
export type GridDurations = {
  sizes: readonly { id: string; name: string }[];
  services: readonly {
    id: string;
    name: string;
    kind: "package" | "addon";
    spansBreaks: boolean;
    cells: Record<string, { durationMinutes: number } | null>;
  }[];
};

/**
 * The packages (by size) that can't be booked: work that may not span a break, longer than any stretch
 * of a working day holds (or any work, when no day is open at all).
 */
export function jobsLongerThanADay(matrix: GridDurations, limits: DayLimits): LongJob[] {
  const out: LongJob[] = [];
  for (const service of matrix.services) {
    if (service.kind !== "package") continue;
    const dayMinutes = service.spansBreaks ? limits.spanning : limits.oneStretch;
    for (const size of matrix.sizes) {
      const cell = service.cells[size.id];
      if (!cell || !fitsNoWorkingDay(cell.durationMinutes, service.spansBreaks, limits)) continue;
      out.push({
        serviceId: service.id,
        serviceName: service.name,
        sizeName: size.name,
        minutes: cell.durationMinutes,
        dayMinutes,
        fitsIfSpanning: !service.spansBreaks && limits.spanning > 0,
      });
    }
  }
  return out;
}

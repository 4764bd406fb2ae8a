// The load and soak benchmarks' statistics: plain functions with no benchmark tools behind them, so the
// unit tests read them without the on-demand install of scripts/bench (ADR 0048).

export const percentile = (xs: number[], p: number): number => {
  if (xs.length === 0) return 0;
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] as number;
};

/** Least-squares slope of y over x, times the x span, as a share of y's mean (the run's drift). */
export function trendShare(points: { x: number; y: number }[]): number {
  const n = points.length;
  if (n < 3) return 0;
  const mx = points.reduce((s, p) => s + p.x, 0) / n;
  const my = points.reduce((s, p) => s + p.y, 0) / n;
  const sxy = points.reduce((s, p) => s + (p.x - mx) * (p.y - my), 0);
  const sxx = points.reduce((s, p) => s + (p.x - mx) ** 2, 0);
  const span = (points[n - 1] as { x: number }).x - (points[0] as { x: number }).x;
  return sxx === 0 || my === 0 ? 0 : ((sxy / sxx) * span) / my;
}

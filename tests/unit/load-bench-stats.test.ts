import { describe, expect, it } from "vitest";
import { percentile, trendShare } from "../../scripts/bench/stats";

// The soak's verdict and the load bench's percentiles (scripts/bench/stats.ts).
describe("the load and soak benchmarks' statistics", () => {
  it("takes the nearest-rank percentile", () => {
    const xs = Array.from({ length: 100 }, (_, i) => 100 - i);
    expect(percentile(xs, 50)).toBe(51);
    expect(percentile(xs, 95)).toBe(96);
    expect(percentile(xs, 99)).toBe(100);
    expect(percentile([], 95)).toBe(0);
  });

  it("reads a flat series with noise as flat and a steady climb as its share of the mean", () => {
    const flat = Array.from({ length: 60 }, (_, i) => ({ x: i * 10, y: 200 + (i % 2 === 0 ? 3 : -3) }));
    expect(Math.abs(trendShare(flat))).toBeLessThan(0.01);
    // 100 → 130 MB over the run: a rise of 30 on a mean of 115.
    const climbing = Array.from({ length: 61 }, (_, i) => ({ x: i * 10, y: 100 + i * 0.5 }));
    expect(trendShare(climbing)).toBeCloseTo(30 / 115, 3);
    const falling = climbing.map((p) => ({ x: p.x, y: 230 - p.y }));
    expect(trendShare(falling)).toBeLessThan(0);
    expect(trendShare([{ x: 0, y: 1 }])).toBe(0);
  });
});

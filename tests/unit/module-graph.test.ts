import { describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script, without types
import { circles, mermaid, moduleGraph } from "../../scripts/module-graph.mjs";

type Graph = Map<string, string[]>;
const find = circles as (g: Graph) => string[][];

describe("the modules' dependency graph (ADR 0044)", () => {
  it("finds a circle of modules, and none in a tree", () => {
    const loop: Graph = new Map([
      ["accounts", ["bookings"]],
      ["bookings", ["notifications"]],
      ["notifications", ["accounts"]],
    ]);
    expect(find(loop)).toEqual([["accounts", "bookings", "notifications", "accounts"]]);
    const tree: Graph = new Map([
      ["wizard", ["bookings", "settings"]],
      ["bookings", ["settings"]],
      ["settings", []],
    ]);
    expect(find(tree)).toEqual([]);
    expect((mermaid as (g: Graph) => string)(tree)).toContain("wizard --> bookings");
  });

  it("has no circle in the code, and bookings depends on none of the capabilities built on it", () => {
    const graph = (moduleGraph as () => Graph)();
    expect(find(graph)).toEqual([]);
    const onTop = ["wizard", "phone-bookings", "booking-list", "today", "reschedule", "reminders"];
    for (const m of [...onTop, "calendar-feeds", "vehicle-history"]) {
      expect(graph.get(m)?.length ?? 0).toBeGreaterThan(0);
      expect(graph.get("bookings")).not.toContain(m);
    }
  });
});

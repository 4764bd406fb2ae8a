import fs from "node:fs";
import path from "node:path";
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
    for (const m of [...onTop, "calendar-feeds", "vehicle-history", "booking-moves"]) {
      expect(graph.get(m)?.length ?? 0).toBeGreaterThan(0);
      expect(graph.get("bookings")).not.toContain(m);
    }
  });

  it("keeps the arrows issue 42 removed out: flows live where they are named, shared helpers in lib (ADR 0060)", () => {
    const graph = (moduleGraph as () => Graph)();
    const removed = [
      ["payments", "wizard"],
      ["payments", "phone-bookings"],
      ["payments", "booking-cancel"],
      ["reports", "booking-list"],
      ["reminders", "wizard"],
      ["vehicle-history", "wizard"],
    ];
    expect(removed.filter(([from, to]) => graph.get(from as string)?.includes(to as string))).toEqual([]);
  });

  it("keeps every module under 6,000 lines and every folder to 20 source files flat (docs/code-style.md)", () => {
    const src = path.resolve(import.meta.dirname, "../../src");
    const crowded: string[] = [];
    const walk = (dir: string): number => {
      const entries = fs.readdirSync(dir, { withFileTypes: true });
      const sources = entries.filter(
        (e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name),
      );
      if (sources.length > 20) crowded.push(`${path.relative(src, dir)}: ${sources.length}`);
      let lines = 0;
      for (const e of entries) {
        const full = path.join(dir, e.name);
        if (e.isDirectory()) lines += walk(full);
        else if (/\.tsx?$/.test(e.name)) lines += fs.readFileSync(full, "utf8").split("\n").length - 1;
      }
      return lines;
    };
    const big = fs
      .readdirSync(path.join(src, "modules"))
      .map((m) => [m, walk(path.join(src, "modules", m))] as const)
      .filter(([, lines]) => lines > 6000);
    walk(path.join(src, "app"));
    walk(path.join(src, "server"));
    walk(path.join(src, "components"));
    walk(path.join(src, "lib"));
    walk(path.join(src, "composition"));
    expect(big).toEqual([]);
    expect(crowded).toEqual([]);
  });
});

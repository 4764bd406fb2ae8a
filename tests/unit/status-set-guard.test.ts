import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { ALLOCATION_STATUSES, BOOKING_STATUSES } from "@/lib/enums";

// Issue 42 §4: every named set of booking or allocation statuses ("live", "standing", "booked revenue",
// "owing", …) is defined once, beside TIME_TAKING_STATUSES in src/lib/enums.ts, and everything reads it.
// This test fails on a set spelled out anywhere else in src/: an array of status strings (a list, a
// `new Set([...])`, a `z.enum([...])`) or an SQL `IN ('…', '…')` list with two or more statuses.

const root = path.resolve(import.meta.dirname, "../..");

/** The home of every status set. */
const HOME = "src/lib/enums.ts";
/**
 * The schema's partial-index predicates: the database's own definition, which must say word for word what
 * the migrations say (drizzle-kit compares them); the reads that use those indexes build their lists from
 * the named sets (src/server/db/time-taken.ts).
 */
const SCHEMA = "src/server/db/schema/";

const STATUSES = new Set<string>([...BOOKING_STATUSES, ...ALLOCATION_STATUSES]);

/** `[ "a", 'b', … ]`: a bracketed list of nothing but string literals (comments and line breaks allowed). */
const ARRAY = /\[((?:\s|\/\/[^\n]*\n|\/\*[\s\S]*?\*\/)*(?:(["'`])[a-z_]+\2(?:\s|,|\/\/[^\n]*\n)*)+)\]/g;
/** `('a', 'b', …)`: an SQL list (after `IN`, `NOT IN`, or kept in a constant for one). */
const SQL_IN = /\(((?:\s*'[a-z_]+'\s*,?)+)\)/g;

function statusListOf(body: string): string[] | null {
  const words = [...body.matchAll(/(["'`])([a-z_]+)\1/g)].map((m) => m[2] as string);
  if (words.length < 2 || !words.every((w) => STATUSES.has(w))) return null;
  return words;
}

export function offences(text: string): { line: number; statuses: string }[] {
  const out: { line: number; statuses: string }[] = [];
  for (const re of [ARRAY, SQL_IN])
    for (const m of text.matchAll(re)) {
      const words = statusListOf(m[1] ?? "");
      if (words) out.push({ line: text.slice(0, m.index).split("\n").length, statuses: words.join(", ") });
    }
  return out.sort((a, b) => a.line - b.line);
}

function files(dir: string): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
}

describe("status sets have one home (issue 42 §4): no list of statuses outside src/lib/enums.ts", () => {
  it("catches a status list however it is written", () => {
    const bad = [
      'const LIVE: readonly BookingStatus[] = ["confirmed", "in_progress"];',
      "const OPEN = new Set(['confirmed', 'awaiting_approval', 'pending_payment']);",
      'if (!["confirmed", "in_progress", "completed"].includes(job.status)) return null;',
      'from: z.enum(["completed", "no_show"], { error: "Reload the page and try again." }),',
      'export const X = [\n  "pending_payment",\n  // held\n  "awaiting_approval",\n] as const;',
      "WHERE ${bookings.status} NOT IN ('declined', 'expired') AND x",
      "AND ${allocations.status} IN ('pending_payment', 'pending_reschedule'))",
      "const HOLD = new Set<AllocationStatus>([`pending_payment`, `block`]);",
      "const notTakenOn = sql.raw(`('pending_payment', 'awaiting_approval')`);",
    ];
    for (const text of bad) expect(offences(text), text).not.toEqual([]);
    const fine = [
      'from: ["pending_payment"],',
      "WHERE b.status = 'completed' AND b.vehicle_id IS NOT NULL",
      'const CLOSED: readonly CheckoutState[] = ["expired", "cancelled", "failed"];',
      'const LIVE = new Set(["open", "proposed", "declined", "expired"]);',
      "OR (${rescheduleRequests.status} IN ('approved', 'declined') AND x",
      "inArray(bookings.status, [...LIVE_STATUSES])",
      'const steps = ["in_progress", step];',
    ];
    for (const text of fine) expect(offences(text), text).toEqual([]);
  });

  it("scans src/", () => {
    const all = files("src");
    expect(all).toContain("src/modules/series/server/series-panel.ts");
    expect(all).toContain(HOME);
    expect(all.some((f) => f.endsWith(".test.ts"))).toBe(false);
  });

  it("finds status lists only in their home", () => {
    const found = files("src")
      .filter((f) => f !== HOME && !f.startsWith(SCHEMA))
      .flatMap((f) =>
        offences(readFileSync(path.join(root, f), "utf8")).map((o) => `${f}:${o.line} [${o.statuses}]`),
      );
    expect(found).toEqual([]);
  });
});

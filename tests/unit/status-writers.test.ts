import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// One writer per lifecycle (ADR 0014 for bookings, ADR 0044 for reschedule requests): a status changes only
// through its module's transition path. This reads src/ as text and finds every Drizzle write to a status
// column of these tables — an update whose `.set({…})` names `status`, or an insert that sets one.

const WRITERS: Record<string, string[]> = {
  bookings: ["src/modules/bookings/server/transition-booking.ts"],
  rescheduleRequests: ["src/modules/reschedule/server/request-transition.ts"],
  timeRequests: ["src/modules/time-requests/server/request-status.ts"],
};
// Where a row is born with its first status (a booking is created pending payment or confirmed).
const CREATORS: Record<string, string[]> = {
  bookings: ["src/modules/bookings/server/booking-records.ts"],
  rescheduleRequests: [],
  // A request is born `open` (the column's default): its insert names no status.
  timeRequests: [],
};
// Test factories arrange any state a test needs; they are not product code.
const SKIP = /^src\/testing\/|\.test\.tsx?$/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The `.set({…})` / `.values({…})` text following each write to `table` in a file. */
export function statusWrites(source: string, table: string): { kind: "update" | "insert"; at: number }[] {
  const found: { kind: "update" | "insert"; at: number }[] = [];
  const write = new RegExp(`\\.(update|insert)\\(${table}\\)`, "g");
  for (const m of source.matchAll(write)) {
    const rest = source.slice(m.index + m[0].length);
    const open = rest.search(/\.(set|values)\(/);
    if (open < 0) continue;
    // The object passed: up to the parenthesis that closes the call.
    let depth = 0;
    let end = open;
    for (let i = rest.indexOf("(", open); i < rest.length; i++) {
      if (rest[i] === "(") depth++;
      if (rest[i] === ")" && --depth === 0) {
        end = i;
        break;
      }
    }
    if (/(^|[\s{,])status\s*[:,}]/.test(rest.slice(open, end)))
      found.push({ kind: m[1] as "update" | "insert", at: m.index });
  }
  return found;
}

describe("statuses have one writer each", () => {
  const root = path.resolve(__dirname, "../..");
  const files = sourceFiles(path.join(root, "src"))
    .map((f) => path.relative(root, f).split(path.sep).join("/"))
    .filter((f) => !SKIP.test(f));

  for (const table of Object.keys(WRITERS)) {
    it(`only the transition path writes ${table}.status`, () => {
      const offenders: string[] = [];
      for (const file of files) {
        const source = readFileSync(path.join(root, file), "utf8");
        for (const w of statusWrites(source, table)) {
          const allowed = w.kind === "update" ? WRITERS[table] : CREATORS[table];
          if (!allowed?.includes(file)) offenders.push(`${file} (${w.kind})`);
        }
      }
      expect(offenders).toEqual([]);
    });
  }

  it("finds a status write, and only one", () => {
    const update = `await tx.update(rescheduleRequests).set({ status: "expired", decidedAt: now }).where(x);`;
    const other = `await tx.update(rescheduleRequests).set({ reason: "" }).where(inArray(a, b));`;
    const shorthand = `await tx.update(bookings).set({ status, updatedAt }).where(x);`;
    expect(statusWrites(update, "rescheduleRequests")).toHaveLength(1);
    expect(statusWrites(other, "rescheduleRequests")).toHaveLength(0);
    expect(statusWrites(shorthand, "bookings")).toHaveLength(1);
    expect(
      statusWrites(
        `db.insert(rescheduleRequests).values({ bookingId, status: "pending" })`,
        "rescheduleRequests",
      ),
    ).toEqual([{ kind: "insert", at: 2 }]);
  });
});

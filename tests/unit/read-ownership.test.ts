import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
// @ts-expect-error -- a plain .mjs script, without types
import * as readOwnership from "../../scripts/read-ownership.mjs";

type Counts = Record<string, number>;
type Totals = Record<string, { files: number; references: number }>;
const { countReads, readDebt, totals, rises } = readOwnership as {
  countReads: (source: string, tables?: string[], file?: string) => Counts;
  readDebt: (base?: string) => Record<"bookings" | "users" | "allocations", Map<string, number>>;
  totals: (debt: Record<string, Map<string, number>>) => Totals;
  rises: (now: Totals, baseline: Totals) => string[];
};

describe("read-ownership counts the reads of the central tables outside their owner (issue 42)", () => {
  it("counts each use of an imported table, not its import, property names or other tables", () => {
    const source = `
      import { bookings, users as u, payments } from "@/server/db/schema";
      import { bookings as notTheTable } from "./elsewhere";
      type Row = typeof bookings.$inferSelect;
      const rows = await db.select({ id: bookings.id, email: u.email }).from(bookings).innerJoin(u, eq(u.id, bookings.customerId));
      const shape = { bookings: 1, users: 2 };
      console.log(shape.bookings, notTheTable.id, payments.id);`;
    expect(countReads(source)).toEqual({ bookings: 4, users: 3 });
    expect(countReads(`import { bookings } from "@/server/db/schema/bookings"; f(bookings);`)).toEqual({
      bookings: 1,
    });
    expect(countReads(`const b = bookings.id; import { users } from "@/lib/users"; users.x;`)).toEqual({});
    expect(countReads(`await db.query.allocations.findMany();`)).toEqual({ allocations: 1 });
  });

  const base = fs.mkdtempSync(path.join(os.tmpdir(), "read-ownership-"));
  afterAll(() => fs.rmSync(base, { recursive: true, force: true }));
  const put = (rel: string, text: string) => {
    fs.mkdirSync(path.dirname(path.join(base, rel)), { recursive: true });
    fs.writeFileSync(path.join(base, rel), text);
  };

  it("finds a planted read in a module and a page, and none in the owner, a test or a test hook", () => {
    put(
      "src/server/db/schema/tables.ts",
      [
        "// @owner bookings",
        "export const bookings = pgTable(",
        "// @owner accounts",
        "export const users = pgTable(",
        "// @owner availability, bookings",
        "export const allocations = pgTable(",
      ].join("\n"),
    );
    const read = `import { bookings, allocations } from "@/server/db/schema";\nawait db.select().from(bookings).where(eq(bookings.id, allocations.bookingId));`;
    put("src/modules/bookings/server/own.ts", read);
    put(
      "src/modules/availability/server/own.ts",
      `import { allocations } from "@/server/db/schema"; f(allocations);`,
    );
    put("src/modules/bookings/server/own.test.ts", read);
    put("src/modules/reports/server/test-hooks.ts", read);
    put("src/modules/reports/server/planted.ts", read);
    put(
      "src/app/admin/page.tsx",
      `import { users } from "@/server/db/schema";\nexport default () => users.email;`,
    );
    const debt = readDebt(base);
    expect([...debt.bookings]).toEqual([["src/modules/reports/server/planted.ts", 2]]);
    expect([...debt.allocations]).toEqual([["src/modules/reports/server/planted.ts", 1]]);
    expect([...debt.users]).toEqual([["src/app/admin/page.tsx", 1]]);
    expect(totals(debt)).toEqual({
      bookings: { files: 1, references: 2 },
      users: { files: 1, references: 1 },
      allocations: { files: 1, references: 1 },
    });
  });

  it("fails when a number rises above the baseline, not when it falls", () => {
    const baseline = { bookings: { files: 3, references: 10 }, users: { files: 1, references: 1 } };
    expect(
      rises({ bookings: { files: 3, references: 9 }, users: { files: 0, references: 0 } }, baseline),
    ).toEqual([]);
    expect(rises({ bookings: { files: 4, references: 10 } }, baseline)).toHaveLength(1);
    expect(rises({ allocations: { files: 1, references: 1 } }, baseline)).toHaveLength(2);
  });

  it("the tree is at or below the committed baseline", () => {
    const root = path.resolve(import.meta.dirname, "../..");
    const baseline = JSON.parse(
      fs.readFileSync(path.join(root, "scripts/read-ownership.baseline.json"), "utf8"),
    );
    expect(rises(totals(readDebt()), baseline)).toEqual([]);
  });
});

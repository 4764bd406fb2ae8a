import path from "node:path";
import { RuleTester } from "eslint";
import tsParser from "@typescript-eslint/parser";
import { describe, it } from "vitest";
import { areaOf, moduleBoundaries, readTableOwners } from "../../eslint-rules/module-boundaries.mjs";

RuleTester.describe = describe;
RuleTester.it = it;

const root = path.resolve(import.meta.dirname, "../..");
const file = (rel: string) => path.join(root, rel);
const tester = new RuleTester({
  languageOptions: { parser: tsParser, ecmaVersion: 2022, sourceType: "module" },
});

describe("areaOf", () => {
  it.each([
    ["src/modules/payments/server/settle.ts", "payments"],
    ["src/server/jobs/runtime.ts", "platform"],
    ["src/composition/jobs.ts", "composition"],
    ["src/testing/factories/bookings.ts", "testing"],
    ["src/app/admin/page.tsx", "app"],
    ["tests/integration/x.integration.test.ts", null],
  ])("%s → %s", (rel, area) => {
    if (areaOf(file(rel)) !== area) throw new Error(`${rel}: ${areaOf(file(rel))}`);
  });
});

describe("table owners come from the schema files", () => {
  it("knows every table's owner", () => {
    const owners = readTableOwners();
    const missing = [...owners].filter(([, o]) => !o).map(([t]) => t);
    if (missing.length) throw new Error(`tables without an owner: ${missing.join(", ")}`);
    if (owners.get("bookingEvents")?.join() !== "bookings") throw new Error("bookingEvents owner");
    if (owners.get("allocations")?.join() !== "availability,bookings") throw new Error("allocations owner");
  });
});

tester.run("module-boundaries", moduleBoundaries, {
  valid: [
    {
      filename: file("src/app/admin/page.tsx"),
      code: `import { getSettingsOrThrow } from "@/modules/settings/server";`,
    },
    {
      filename: file("src/modules/settings/server/update-settings.ts"),
      code: `import { x } from "@/modules/settings/server/queries";`,
    },
    {
      filename: file("src/modules/payments/server/settle.ts"),
      code: `import { bookingInput } from "@/modules/bookings/schemas"; import { canTransition } from "@/modules/bookings/domain/booking-status";`,
    },
    {
      filename: file("src/modules/bookings/server/transition.ts"),
      code: `import { bookings, bookingEvents } from "@/server/db/schema"; await tx.update(bookings).set({}); await tx.insert(bookingEvents).values({});`,
    },
    {
      filename: file("src/modules/payments/server/settle.ts"),
      code: `import { bookings, payments } from "@/server/db/schema"; await tx.select().from(bookings); await tx.insert(payments).values({});`,
    },
    {
      filename: file("src/testing/factories/bookings.ts"),
      code: `import { bookingEvents } from "@/server/db/schema"; await db.insert(bookingEvents).values({});`,
    },
    {
      filename: file("src/composition/jobs.ts"),
      code: `import { expireHolds } from "@/modules/bookings/server";`,
    },
  ],
  invalid: [
    {
      filename: file("src/app/admin/page.tsx"),
      code: `import { getSettingsOrThrow } from "@/modules/settings/server/queries";`,
      errors: [{ messageId: "deepImport" }],
    },
    {
      filename: file("src/server/jobs/runtime.ts"),
      code: `import { expireHolds } from "@/modules/bookings/server";`,
      errors: [{ messageId: "platformImportsModule" }],
    },
    {
      filename: file("src/modules/payments/server/settle.ts"),
      code: `import { bookings as b, bookingEvents } from "@/server/db/schema"; await tx.update(b).set({}); await tx.insert(bookingEvents).values({}); await tx.delete(bookingEvents);`,
      errors: [{ messageId: "foreignWrite" }, { messageId: "foreignWrite" }, { messageId: "foreignWrite" }],
    },
    {
      filename: file("src/server/db/factories/bookings.ts"),
      code: `import { bookingEvents } from "../schema"; await db.insert(bookingEvents).values({});`,
      errors: [{ messageId: "foreignWrite" }],
    },
    {
      filename: file("src/app/api/x/route.ts"),
      code: `import { emails } from "@/server/db/schema/platform"; await db.update(emails).set({});`,
      errors: [{ messageId: "foreignWrite" }],
    },
  ],
});

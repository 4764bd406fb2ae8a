import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

// ADR 0040: a booking's due, owed and refundable are defined once — bookingMoney() in
// src/lib/booking/booking-money.ts and the SQL functions of drizzle/0025_money_truth.sql. This
// test fails when the old shape `total − (paid − refunded)` (or a booking's net paid computed by hand and
// compared with a price) appears anywhere else in src/ or in a migration after 0024.

const root = path.resolve(import.meta.dirname, "../..");

/** The one definition. */
const ALLOWED = new Set(["src/lib/booking/booking-money.ts", "drizzle/0025_money_truth.sql"]);

/**
 * A line as the patterns read it: no template interpolation, quotes or table qualifiers, lower case and
 * no underscores, so `${bookings.amountPaidMinor}`, `"b"."amount_paid_minor"` and `b.paidMinor` all read
 * `amountpaidminor` / `paidminor`.
 */
export const normalise = (line: string) =>
  line
    .replace(/\$\{|\}|"/g, "")
    .replace(/\b\w+\.(?=\w)/g, "")
    .toLowerCase()
    .replace(/_/g, "");

const PAID = String.raw`(?:amount)?paidminor`;
const REFUNDED = String.raw`(?:amount)?refundedminor`;

/** The shapes of a due, owed or refundable computed by hand. */
export const BAD: { name: string; re: RegExp }[] = [
  // total − (paid − refunded), deposit − (paid − refunded): anything less net paid.
  { name: "x − (paid − refunded)", re: new RegExp(String.raw`-\s*\(\s*${PAID}\s*-\s*${REFUNDED}\s*\)`) },
  { name: "total − (…)", re: /totalminor\s*-\s*\(/ },
  // net paid compared with a price (paid − refunded < total, ≥ deposit …).
  { name: "paid − refunded compared", re: new RegExp(String.raw`${PAID}\s*-\s*${REFUNDED}\s*[<>]`) },
  {
    name: "compared with paid − refunded",
    re: new RegExp(String.raw`[<>]=?\s*\(?\s*${PAID}\s*-\s*${REFUNDED}`),
  },
  // The booking's own columns' net paid: bookingMoney().netPaidMinor says it.
  { name: "booking columns' net paid", re: /amountpaidminor\s*-\s*amountrefundedminor/ },
];

function files(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(path.join(root, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && keep(e.name))
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join("/"));
}

const scanned = () => [
  ...files("src", (n) => /\.tsx?$/.test(n) && !/\.test\.tsx?$/.test(n)),
  ...files("drizzle", (n) => /^\d{4}_.*\.sql$/.test(n) && Number(n.slice(0, 4)) >= 25),
];

function offences(text: string): { line: number; pattern: string; text: string }[] {
  const out: { line: number; pattern: string; text: string }[] = [];
  text.split("\n").forEach((raw, i) => {
    const line = normalise(raw);
    for (const { name, re } of BAD)
      if (re.test(line)) out.push({ line: i + 1, pattern: name, text: raw.trim() });
  });
  return out;
}

describe("one money truth (ADR 0040): no due, owed or refundable computed outside its definition", () => {
  it("the patterns catch the old shapes, in TypeScript and SQL", () => {
    const bad = [
      "const due = b.totalMinor - (b.paidMinor - b.refundedMinor);",
      "dueMinor: sql`${bookings.totalMinor} - (${bookings.amountPaidMinor} - ${bookings.amountRefundedMinor})`,",
      'sum("bookings"."total_minor" - ("bookings"."amount_paid_minor" - "bookings"."amount_refunded_minor"))',
      "GREATEST(0, b.total_minor - (b.amount_paid_minor - b.amount_refunded_minor))",
      "owedMinor: sql`(${bookings.depositDueMinor} - (${bookings.amountPaidMinor} - ${bookings.amountRefundedMinor}))::int`,",
      "AND ${bookings.amountPaidMinor} - ${bookings.amountRefundedMinor} < ${bookings.depositDueMinor}",
      "if (b.paidMinor - b.refundedMinor >= b.depositDueMinor) return false;",
      "WHERE b.total_minor > b.amount_paid_minor - b.amount_refunded_minor",
      "const netPaid = booking.amountPaidMinor - booking.amountRefundedMinor;",
    ];
    for (const line of bad) expect(offences(line), line).not.toEqual([]);
    const fine = [
      "const { dueMinor } = bookingMoney(b);",
      "dueMinor: sql<number>`${amountDueExpr(bookings)}::int`,",
      "booking_due_minor(b.status, b.total_minor, b.adjustment_minor, b.fee_minor, b.amount_paid_minor, b.amount_refunded_minor)",
      "for (const row of byKey.values()) row.netMinor = row.collectedMinor - row.refundedMinor;",
      "const amountMinor = booking.depositDueMinor - booking.amountPaidMinor;",
    ];
    for (const line of fine) expect(offences(line), line).toEqual([]);
  });

  it("scans src/ and the migrations after 0024", () => {
    const all = scanned();
    expect(all).toContain("src/modules/booking-list/server/admin-bookings.ts");
    expect(all).toContain("drizzle/0025_money_truth.sql");
    expect(all.some((f) => f.startsWith("drizzle/0024"))).toBe(false);
  });

  it("finds the shapes only in the definition", () => {
    const found = scanned()
      .filter((f) => !ALLOWED.has(f))
      .flatMap((f) =>
        offences(readFileSync(path.join(root, f), "utf8")).map(
          (o) => `${f}:${o.line} (${o.pattern}) ${o.text}`,
        ),
      );
    expect(found).toEqual([]);
  });
});

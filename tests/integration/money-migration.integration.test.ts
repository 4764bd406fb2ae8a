import { readFileSync } from "node:fs";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDemoBusiness } from "@/composition/seed/demo-business";
import { bookingMoney } from "@/lib/booking/booking-money";
import { bookingAdjustments, bookings, customerBookingFacts, payments, refunds } from "@/server/db/schema";
import { insertBooking, insertTeam, insertUser } from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// ADR 0040: migration 0025 turns the refunds that were there into reasons and adjustments, and gives
// closed bookings their fee. Its data part is replayed here on a copy of the demo data with refunds of
// every kind added as the old code wrote them (no reason, no adjustment, no fee), and what every screen
// reads afterwards is checked.

const migration = readFileSync(new URL("../../drizzle/0025_money_truth.sql", import.meta.url), "utf8");
const dataPart = migration.slice(
  migration.indexOf("-- BEGIN money data migration"),
  migration.indexOf("-- END money data migration"),
);
const statements = dataPart
  .split("--> statement-breakpoint")
  .map((s) => s.trim())
  .filter((s) => s.replace(/--.*$/gm, "").trim() !== "");

describe.each(dbKinds)("migration 0025's money data on a copy of the demo data (%s)", (kind) => {
  let t: TestDatabase;
  const ids = new Map<string, string>();
  const idOf = (key: string): string => {
    const id = ids.get(key);
    if (!id) throw new Error(`no booking ${key}`);
    return id;
  };

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    await seedDemoBusiness(t.db);
    const customer = await insertUser(t.db, { email: "old-refunds@example.test" });
    const team = await insertTeam(t.db, { name: "Old refunds van" });
    const at = (days: number) => new Date(Date.now() + days * 86_400_000);
    const item = (priceMinor: number) => [
      { kind: "package" as const, name: "Full valet", priceMinor, minutes: 120 },
    ];
    const make = async (
      key: string,
      status: "completed" | "cancelled" | "confirmed" | "no_show",
      total: number,
      paid: number,
      days: number,
    ) => {
      const b = await insertBooking(t.db, {
        customerId: customer.id,
        teamId: team.id,
        startsAt: at(days),
        status,
        items: item(total),
        paidMinor: paid,
        withAllocation: false,
      });
      ids.set(key, b.id);
      return b;
    };
    // As the old code left them: refunds with free text only, and the ledger's sums on the booking.
    const refund = async (bookingId: string, amountMinor: number) => {
      const [p] = await t.db.select().from(payments).where(eq(payments.bookingId, bookingId));
      if (!p) throw new Error("no payment");
      await t.db.insert(refunds).values({
        paymentId: p.id,
        amountMinor,
        reason: "",
        status: "succeeded",
        providerReference: `r_${bookingId}_${amountMinor}`,
        settledAt: new Date(),
      });
      await t.db
        .update(bookings)
        .set({ amountRefundedMinor: sql`${bookings.amountRefundedMinor} + ${amountMinor}` })
        .where(eq(bookings.id, bookingId));
    };
    await make("goodwill", "completed", 14000, 14000, -3);
    await refund(idOf("goodwill"), 3000);
    await make("cancelledRefunded", "cancelled", 7000, 7000, 4);
    await refund(idOf("cancelledRefunded"), 7000);
    await make("cancelledLate", "cancelled", 14000, 14000, 1);
    await refund(idOf("cancelledLate"), 7000);
    await make("cancelledUnpaid", "cancelled", 4000, 0, 5);
    await make("paidTwice", "confirmed", 8000, 16000, 6);
    await refund(idOf("paidTwice"), 8000);
    await make("missed", "no_show", 9000, 0, -2);
    // A cancellation's online refund still on its way: not yet on the booking's ledger.
    await make("cancelledPending", "cancelled", 7000, 7000, 7);
    const [pp] = await t.db
      .select()
      .from(payments)
      .where(eq(payments.bookingId, idOf("cancelledPending")));
    if (!pp) throw new Error("no payment");
    await t.db.insert(refunds).values({ paymentId: pp.id, amountMinor: 7000, reason: "", status: "pending" });
    // The state before 0025's data part: reset what it writes, then replay it.
    await t.db.delete(bookingAdjustments);
    await t.db.update(refunds).set({ reasonKind: "overpayment", method: "cash" });
    await t.db.update(bookings).set({ adjustmentMinor: 0, feeMinor: null });
    for (const s of statements) await t.db.execute(sql.raw(s));
  }, 120_000);
  afterAll(() => t?.drop());

  const money = async (key: string) => {
    const [b] = await t.db
      .select()
      .from(bookings)
      .where(eq(bookings.id, idOf(key)));
    if (!b) throw new Error("no booking");
    return bookingMoney(b);
  };
  const reasons = async (key: string) =>
    (
      await t.db
        .select({ reasonKind: refunds.reasonKind, method: refunds.method })
        .from(refunds)
        .innerJoin(payments, eq(payments.id, refunds.paymentId))
        .where(eq(payments.bookingId, idOf(key)))
    ).map((r) => `${r.reasonKind}/${r.method}`);

  it("a completed £140 job with a £30 refund: a goodwill refund, nothing due", async () => {
    expect(await money("goodwill")).toMatchObject({
      chargeMinor: 11000,
      dueMinor: 0,
      owedMinor: 0,
      adjustmentMinor: 3000,
    });
    expect(await reasons("goodwill")).toEqual(["goodwill/online"]);
  });

  it("cancelled bookings: cancellation refunds, the fee is what was kept, nothing due", async () => {
    expect(await money("cancelledRefunded")).toMatchObject({
      chargeMinor: 0,
      dueMinor: 0,
      refundableMinor: 0,
    });
    expect(await money("cancelledLate")).toMatchObject({
      chargeMinor: 7000,
      feeKeptMinor: 7000,
      dueMinor: 0,
    });
    expect(await money("cancelledUnpaid")).toMatchObject({ chargeMinor: 0, dueMinor: 0 });
    expect(await reasons("cancelledLate")).toEqual(["cancellation/online"]);
  });

  it("a cancellation whose refund is still on its way keeps nothing, and owes nothing once it lands", async () => {
    expect(await money("cancelledPending")).toMatchObject({ chargeMinor: 0, refundableMinor: 7000 });
    await t.db
      .update(bookings)
      .set({ amountRefundedMinor: 7000 })
      .where(eq(bookings.id, idOf("cancelledPending")));
    expect(await money("cancelledPending")).toMatchObject({
      chargeMinor: 0,
      dueMinor: 0,
      refundableMinor: 0,
    });
  });

  it("a second payment refunded is an overpayment, and the price stands", async () => {
    expect(await money("paidTwice")).toMatchObject({ chargeMinor: 8000, dueMinor: 0, adjustmentMinor: 0 });
    expect(await reasons("paidTwice")).toEqual(["overpayment/online"]);
  });

  it("a missed booking charges its price (the default no-show rule)", async () => {
    expect(await money("missed")).toMatchObject({ chargeMinor: 9000, dueMinor: 9000, owedMinor: 9000 });
  });

  it("every demo booking and every customer's owed figure reads the one definition", async () => {
    const all = await t.db.select().from(bookings);
    for (const b of all) {
      const m = bookingMoney(b);
      const [row] = (
        await t.db.execute(
          sql`SELECT booking_due_minor(${b.status}::booking_status, ${b.totalMinor}, ${b.adjustmentMinor}, ${b.feeMinor}::int, ${b.amountPaidMinor}, ${b.amountRefundedMinor}) AS due`,
        )
      ).rows as { due: number }[];
      expect(Number(row?.due)).toBe(m.dueMinor);
      if (b.status === "cancelled") expect(m.dueMinor).toBe(0);
    }
    const owedBy = new Map<string, number>();
    for (const b of all)
      owedBy.set(b.customerId, (owedBy.get(b.customerId) ?? 0) + bookingMoney(b).owedMinor);
    const facts = await t.db.select().from(customerBookingFacts);
    for (const f of facts) expect(f.owedMinor).toBe(owedBy.get(f.customerId) ?? 0);
  });
});

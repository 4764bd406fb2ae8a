import { asc, eq } from "drizzle-orm";
import { cancelWithRefundInput } from "@/modules/booking-cancel/schemas";
import { describe, expect, it } from "vitest";
import { bookingMoney } from "@/lib/booking/booking-money";
import { addDays, localDateOf } from "@/lib/dates";
import { adjustPriceInput, recordPaymentInput, refundInput } from "@/modules/payments/admin-money-schemas";
import { adjustPrice } from "@/modules/payments/server/adjust-price";
import { recordPhonePayment } from "@/modules/payments/server/phone-payment";
import { changeBookingAsAdmin } from "@/modules/bookings/server/admin/admin-booking-actions";
import { cancelWithRefund } from "@/modules/booking-cancel/server";
import { recordPayment } from "@/modules/payments/server/record-payment";
import { refundBooking } from "@/modules/payments/server/admin-money";
import {
  issueCreditNoteIfDue,
  issueInvoiceIfDue,
} from "@/modules/payments/server/tax-documents/tax-documents";
import {
  loadTaxDocument,
  taxDocumentPdfResponse,
} from "@/modules/payments/server/tax-documents/tax-document-pages";
import { taxDocumentsCsvResponse } from "@/modules/reports/server/tax-documents-csv";
import {
  QUICKBOOKS_INVOICE_COLUMNS,
  XERO_SALES_INVOICE_COLUMNS,
} from "@/modules/reports/domain/accounting-csv";
import { updateSettings } from "@/modules/settings/server/update-settings";
import {
  bookingAdjustments,
  bookings,
  businessCustomers,
  payments,
  refunds,
  taxDocuments,
} from "@/server/db/schema";
import { insertBooking, insertUser } from "@tests/factories";
import { dbKinds } from "../support/db";
import { parseCsv as parseRecords } from "../e2e/support/csv";
import { readPdf } from "../support/pdf-text";
import { NOW, useLifecycle } from "./booking-lifecycle-fixture";

// VAT invoices and credit notes (issue 26): issued in the transaction of the first money received for a
// booking of a VAT-registered business, numbered without gaps or repeats, credited when a refund or a
// discount lowers the charge of an invoiced booking.

function must<T>(x: T | undefined | null): T {
  if (x === undefined || x === null) throw new Error("expected a row");
  return x;
}

describe.each(dbKinds)("VAT documents, on %s", (kind) => {
  const l = useLifecycle(kind);
  const actor = () => ({ id: l.admin.id, ip: "203.0.113.7" });
  const docsOf = (bookingId: string) =>
    l.t.db
      .select()
      .from(taxDocuments)
      .where(eq(taxDocuments.bookingId, bookingId))
      .orderBy(asc(taxDocuments.kind), asc(taxDocuments.seq));
  const pay = async (bookingId: string, amount: string) =>
    recordPayment(
      l.t.db,
      actor(),
      recordPaymentInput.parse({ bookingId, from: "confirmed", method: "cash", amount }),
      { now: NOW },
    );
  const register = (patch: Parameters<typeof updateSettings>[1] = {}) =>
    l.t.db.transaction((tx) =>
      updateSettings(tx, {
        vatRegistered: true,
        vatNumber: "GB123456789",
        vatRateBp: 2000,
        pricesIncludeVat: true,
        legalName: "Shine Street Ltd",
        ...patch,
      }),
    );

  it("issues nothing while the business is not VAT registered", async () => {
    const b = await l.bookingIn("confirmed");
    await pay(b.id, "85.00");
    expect(await docsOf(b.id)).toEqual([]);
  });

  it("issues INV-000001 on the first payment, split 20% VAT, and no second invoice on the balance", async () => {
    await register();
    const b = await l.bookingIn("confirmed");
    await pay(b.id, "20.00");
    await pay(b.id, "65.00");
    const docs = await docsOf(b.id);
    expect(docs).toHaveLength(1);
    expect(docs[0]).toMatchObject({
      kind: "invoice",
      seq: 1,
      number: "INV-000001",
      currency: "GBP",
      netMinor: 7083,
      vatMinor: 1417,
      grossMinor: 8500,
      supplier: { name: "Shine Street Ltd", vatNumber: "GB123456789" },
      customer: { name: "Ada Guest" },
      lines: [
        { description: "Full Valet", netMinor: 7083, vatRateBp: 2000, vatMinor: 1417, grossMinor: 8500 },
      ],
    });
    expect(docs[0]?.taxPoint.getTime()).toBe(NOW.getTime());
  });

  it("invoices the charge: lines as booked, less each discount", async () => {
    const b = await l.bookingIn("confirmed");
    await l.t.db.insert(bookingAdjustments).values({
      bookingId: b.id,
      kind: "discount",
      amountMinor: 1000,
      reason: "Loyal customer",
    });
    await l.t.db.update(bookings).set({ adjustmentMinor: 1000 }).where(eq(bookings.id, b.id));
    await pay(b.id, "10.00");
    const [row] = await l.t.db.select().from(bookings).where(eq(bookings.id, b.id));
    const [inv] = await docsOf(b.id);
    expect(inv?.grossMinor).toBe(bookingMoney(must(row)).chargeMinor);
    expect(inv?.lines.map((x) => [x.description, x.grossMinor, x.vatMinor])).toEqual([
      ["Full Valet", 8500, 1417],
      ["Discount: Loyal customer", -1000, -167],
    ]);
    expect(must(inv).netMinor + must(inv).vatMinor).toBe(7500);
  });

  it("credits a goodwill refund after the invoice with CN-000001, at the invoice's rate, once", async () => {
    const b = await l.bookingIn("confirmed");
    await pay(b.id, "85.00");
    const [invoice] = await docsOf(b.id);
    const [payment] = await l.t.db.select().from(payments).where(eq(payments.bookingId, b.id));
    const [refund] = await l.t.db
      .insert(refunds)
      .values({
        paymentId: must(payment).id,
        amountMinor: 3000,
        reasonKind: "goodwill",
        reason: "Late arrival",
      })
      .returning();
    const input = {
      bookingId: b.id,
      refundId: must(refund).id,
      amountMinor: 3000,
      reason: "Goodwill: Late arrival",
      now: NOW,
    };
    // What the refund path does to the booking (afterRefund: a goodwill refund lowers the charge).
    await l.t.db
      .update(bookings)
      .set({ adjustmentMinor: 3000, amountRefundedMinor: 3000 })
      .where(eq(bookings.id, b.id));
    const cn = await l.t.db.transaction((tx) => issueCreditNoteIfDue(tx, input));
    expect(cn).toMatchObject({
      kind: "credit_note",
      number: "CN-000001",
      invoiceId: must(invoice).id,
      refundId: must(refund).id,
      netMinor: 2500,
      vatMinor: 500,
      grossMinor: 3000,
    });
    expect(await l.t.db.transaction((tx) => issueCreditNoteIfDue(tx, input))).toBeNull();
    // An overpayment going back does not lower the charge: no credit note.
    const [over] = await l.t.db
      .insert(refunds)
      .values({
        paymentId: must(payment).id,
        amountMinor: 500,
        reasonKind: "overpayment",
        reason: "Paid twice",
      })
      .returning();
    expect(
      await l.t.db.transaction((tx) =>
        issueCreditNoteIfDue(tx, { ...input, refundId: must(over).id, amountMinor: 500 }),
      ),
    ).toBeNull();
  });

  it("credits through the money paths: a goodwill refund, a discount after the invoice, a cancellation", async () => {
    await register();
    const creditsOf = async (bookingId: string) =>
      (await docsOf(bookingId)).filter((d) => d.kind === "credit_note").map((d) => d.grossMinor);

    // A goodwill refund of £10.00 on a paid £85.00 booking: the charge falls by £10.00, credited.
    const a = await l.bookingIn("confirmed");
    await pay(a.id, "85.00");
    await refundBooking(
      l.t.db,
      actor(),
      refundInput.parse({
        bookingId: a.id,
        amount: "10.00",
        refundableMinor: 8500,
        reasonKind: "goodwill",
        reason: "Late",
      }),
      { now: NOW },
    );
    expect(await creditsOf(a.id)).toEqual([1000]);

    // A discount of £5.00 after the invoice is credited; an overpayment refund then credits nothing.
    const b = await l.bookingIn("confirmed");
    await pay(b.id, "85.00");
    await adjustPrice(
      l.t.db,
      actor(),
      adjustPriceInput.parse({
        bookingId: b.id,
        from: "confirmed",
        amount: "5.00",
        chargeShownMinor: 8500,
        reason: "Loyal customer",
      }),
      { now: NOW },
    );
    expect(await creditsOf(b.id)).toEqual([500]);
    await refundBooking(
      l.t.db,
      actor(),
      refundInput.parse({
        bookingId: b.id,
        amount: "5.00",
        refundableMinor: 8500,
        reasonKind: "overpayment",
        reason: "Discount back",
      }),
      { now: NOW },
    );
    expect(await creditsOf(b.id)).toEqual([500]);

    // Cancelled with £60.00 of £85.00 back: the charge falls to the £25.00 kept, so £60.00 is credited.
    const c = await l.bookingIn("confirmed");
    await pay(c.id, "85.00");
    await cancelWithRefund(
      l.t.db,
      actor(),
      cancelWithRefundInput.parse({
        bookingId: c.id,
        from: "confirmed",
        amount: "60.00",
        refundableMinor: 8500,
        reason: "Van off the road",
      }),
      { now: NOW },
    );
    expect(await creditsOf(c.id)).toEqual([6000]);
    const [row] = await l.t.db.select().from(bookings).where(eq(bookings.id, c.id));
    const [invoice] = await docsOf(c.id);
    expect(must(invoice).grossMinor - 6000).toBe(bookingMoney(must(row)).chargeMinor);
  });

  it("credits every closing that lowers the charge: a no-show's waived share, a declined request", async () => {
    await register({ noShowFeePercent: 50 });
    const missed = await l.bookingIn("confirmed");
    await pay(missed.id, "85.00");
    await changeBookingAsAdmin(
      l.t.db,
      actor(),
      "no_show",
      { bookingId: missed.id, from: "confirmed" },
      {
        now: new Date(missed.startsAt.getTime() + 3_600_000),
      },
    );
    const credits = (await docsOf(missed.id)).filter((d) => d.kind === "credit_note");
    expect(
      credits.map((d) => [d.grossMinor, d.lines[0]?.description.startsWith("Missed appointment")]),
    ).toEqual([[4250, true]]);
    const [row] = await l.t.db.select().from(bookings).where(eq(bookings.id, missed.id));
    expect(bookingMoney(must(row))).toMatchObject({ chargeMinor: 4250, refundableMinor: 4250 });
    await register({ noShowFeePercent: 100 });
  });

  it("keeps a cancellation's fee right while a goodwill refund is still on its way to the provider", async () => {
    const b = await l.bookingIn("confirmed");
    await l.t.db.insert(payments).values({
      bookingId: b.id,
      provider: "test",
      kind: "full",
      amountMinor: 8500,
      currency: "GBP",
      status: "succeeded",
      providerReference: `pending-goodwill-${b.id}`,
      settledAt: NOW,
    });
    await l.t.db.update(bookings).set({ amountPaidMinor: 8500 }).where(eq(bookings.id, b.id));
    // The goodwill refund is written and lowers the charge at once; its provider has not answered yet.
    await refundBooking(
      l.t.db,
      actor(),
      refundInput.parse({
        bookingId: b.id,
        amount: "10.00",
        refundableMinor: 8500,
        reasonKind: "goodwill",
        reason: "Late",
      }),
      { now: NOW },
    ).catch(() => undefined);
    const [pending] = await l.t.db
      .select()
      .from(refunds)
      .innerJoin(payments, eq(payments.id, refunds.paymentId))
      .where(eq(payments.bookingId, b.id));
    await l.t.db
      .update(refunds)
      .set({ status: "pending", settledAt: null })
      .where(eq(refunds.id, must(pending).refunds.id));
    await l.t.db.update(bookings).set({ amountRefundedMinor: 0 }).where(eq(bookings.id, b.id));
    // Cancelled inside the free window: all the rest (£75.00) goes back; nothing is kept.
    await cancelWithRefund(
      l.t.db,
      actor(),
      cancelWithRefundInput.parse({
        bookingId: b.id,
        from: "confirmed",
        amount: "75.00",
        refundableMinor: 7500,
        reason: "Plans changed",
      }),
      { now: NOW },
    );
    const [row] = await l.t.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(must(row).feeMinor).toBe(0);
    // Both refunds land: nothing is due, nothing is left to refund.
    await l.t.db.update(bookings).set({ amountRefundedMinor: 8500 }).where(eq(bookings.id, b.id));
    const [after] = await l.t.db.select().from(bookings).where(eq(bookings.id, b.id));
    expect(bookingMoney(must(after))).toMatchObject({ chargeMinor: 0, dueMinor: 0, refundableMinor: 0 });
  });

  it("invoices a phone booking paid at the desk, in the booking's transaction", async () => {
    await register();
    const b = await l.bookingIn("confirmed");
    await l.t.db.transaction((tx) =>
      recordPhonePayment(tx, {
        booking: b,
        payment: { method: "card", amountMinor: 8500, reference: "T-1" },
        actorId: l.admin.id,
        now: NOW,
      }),
    );
    expect((await docsOf(b.id)).map((d) => [d.kind, d.grossMinor])).toEqual([["invoice", 8500]]);
  });

  it("shows a document to its booking's customer and the admin only; the PDF reads back", async () => {
    const b = await l.bookingIn("confirmed");
    await pay(b.id, "85.00");
    const [inv] = await docsOf(b.id);
    const number = must(inv).number;
    const owner = { id: l.customer.id, role: "customer" };
    const stranger = { id: (await insertUser(l.t.db)).id, role: "customer" };
    expect((await loadTaxDocument(owner, b.id, number))?.view).toMatchObject({
      title: "VAT invoice",
      number,
      supplier: { name: "Shine Street Ltd", vatNumber: "GB 123 4567 89" },
      totals: { net: "£70.83", vat: "£14.17", gross: "£85.00" },
    });
    expect(await loadTaxDocument(l.admin, b.id, number)).not.toBeNull();
    expect(await loadTaxDocument(stranger, b.id, number)).toBeNull();
    expect(await loadTaxDocument(owner, b.id, "INV-999999")).toBeNull();
    expect((await taxDocumentPdfResponse(null, b.id, number)).status).toBe(401);
    expect((await taxDocumentPdfResponse(stranger, b.id, number)).status).toBe(404);
    const res = await taxDocumentPdfResponse(owner, b.id, number);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    const { text } = await readPdf(new Uint8Array(await res.arrayBuffer()));
    for (const s of [number, "VAT number: GB 123 4567 89", "£85.00", "£14.17", "Page 1 of 1"])
      expect(text).toContain(s);
  });

  it("gives a rolled-back document's number to the next one (no gaps)", async () => {
    const b = await l.bookingIn("confirmed");
    await l.t.db.insert(payments).values({
      bookingId: b.id,
      provider: "manual",
      kind: "full",
      method: "cash",
      amountMinor: 8500,
      currency: "GBP",
      status: "succeeded",
      settledAt: NOW,
    });
    await expect(
      l.t.db.transaction(async (tx) => {
        await issueInvoiceIfDue(tx, b.id, NOW);
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const before = await l.t.db
      .select({ seq: taxDocuments.seq })
      .from(taxDocuments)
      .where(eq(taxDocuments.kind, "invoice"));
    const doc = await l.t.db.transaction((tx) => issueInvoiceIfDue(tx, b.id, NOW));
    expect(doc?.seq).toBe(before.length + 1);
  });

  it.runIf(kind === "postgres")("numbers 20 invoices paid at once 1..n with no gaps or repeats", async () => {
    const list: { id: string }[] = [];
    for (let i = 0; i < 20; i++) list.push(await l.bookingIn("confirmed"));
    await Promise.all(list.map((b) => pay(b.id, "85.00")));
    const all = await l.t.db
      .select({ seq: taxDocuments.seq, number: taxDocuments.number, bookingId: taxDocuments.bookingId })
      .from(taxDocuments)
      .where(eq(taxDocuments.kind, "invoice"))
      .orderBy(asc(taxDocuments.seq));
    expect(all.map((d) => d.seq)).toEqual(all.map((_, i) => i + 1));
    const mine = all.filter((d) => list.some((b) => b.id === d.bookingId));
    expect(mine).toHaveLength(20);
    expect(new Set(mine.map((d) => d.number)).size).toBe(20);
    const seqs = mine.map((d) => d.seq);
    expect(Math.max(...seqs) - Math.min(...seqs)).toBe(19);
  });

  it("exports the documents for Xero and QuickBooks: exact headers, totals that reconcile with the charges", async () => {
    const day = (ms: number) => new Date(NOW.getTime() + ms).toISOString().slice(0, 10);
    const range = `range=custom&from=${day(-30 * 86_400_000)}&to=${day(30 * 86_400_000)}`;
    const req = (format: string) =>
      new Request(`http://localhost/admin/reports/export/documents/${format}?${range}`);
    expect((await taxDocumentsCsvResponse(req("xero"), null, "xero")).status).toBe(401);
    expect((await taxDocumentsCsvResponse(req("xero"), { role: "customer" }, "xero")).status).toBe(404);
    expect((await taxDocumentsCsvResponse(req("sage"), { role: "admin" }, "sage")).status).toBe(404);
    const docs = await l.t.db.select().from(taxDocuments);
    const signed = (d: (typeof docs)[number]) => (d.kind === "invoice" ? d.grossMinor : -d.grossMinor);
    const expected = docs.reduce((sum, d) => sum + signed(d), 0);
    // The ledger of the same bookings: invoices less credit notes = their charges.
    const invoiced = [...new Set(docs.map((d) => d.bookingId))];
    const rows = await l.t.db.select().from(bookings);
    const charges = rows
      .filter((b) => invoiced.includes(b.id))
      .reduce((sum, b) => sum + bookingMoney(b).chargeMinor, 0);
    expect(expected).toBe(charges);

    const xeroRes = await taxDocumentsCsvResponse(req("xero"), { role: "admin" }, "xero");
    expect(xeroRes.status).toBe(200);
    const xeroText = await xeroRes.text();
    const xero = parseCsvFile(xeroText);
    expect(xero[0]).toEqual([...XERO_SALES_INVOICE_COLUMNS]);
    const col = (name: string) => XERO_SALES_INVOICE_COLUMNS.indexOf(name as never);
    const totals = new Map(xero.slice(1).map((r) => [r[col("*InvoiceNumber")], Number(r[col("Total")])]));
    expect(totals.size).toBe(docs.length);
    expect(Math.round([...totals.values()].reduce((a, b) => a + b, 0) * 100)).toBe(expected);
    const lineSum = xero
      .slice(1)
      .reduce((s, r) => s + Number(r[col("*UnitAmount")]) + Number(r[col("TaxAmount")]), 0);
    expect(Math.round(lineSum * 100)).toBe(expected);
    expect(xero[1]?.[col("*InvoiceDate")]).toMatch(/^\d{2}\/\d{2}\/\d{4}$/);
    expect(xero.slice(1).some((r) => r[col("*InvoiceNumber")] === "CN-000001")).toBe(true);

    const qbo = parseCsvFile(
      await (await taxDocumentsCsvResponse(req("quickbooks"), { role: "admin" }, "quickbooks")).text(),
    );
    expect(qbo[0]).toEqual([...QUICKBOOKS_INVOICE_COLUMNS]);
    const q = (name: string) => QUICKBOOKS_INVOICE_COLUMNS.indexOf(name as never);
    const qSum = qbo
      .slice(1)
      .reduce((s, r) => s + Number(r[q("ItemAmount")]) + Number(r[q("ItemTaxAmount")]), 0);
    expect(Math.round(qSum * 100)).toBe(expected);
  });

  it("exports an invoice on account due when its PDF says, with the billing email and the job's day", async () => {
    const day = (ms: number) => new Date(NOW.getTime() + ms).toISOString().slice(0, 10);
    const range = `range=custom&from=${day(-30 * 86_400_000)}&to=${day(30 * 86_400_000)}`;
    const fleet = await insertUser(l.t.db, { name: "Olena Fleet", email: "olena@fleet.test" });
    await l.t.db.insert(businessCustomers).values({
      customerId: fleet.id,
      companyName: "Fleet Vans Ltd",
      invoiceAddress: "9 Depot Road\nCroydon\nCR0 1AA",
      billingEmail: "accounts@fleet.test",
      onAccount: true,
      paymentTermsDays: 30,
    });
    const startsAt = new Date("2026-03-20T09:00:00Z");
    const payBy = addDays(localDateOf(NOW, "Europe/London"), 30);
    const b = await insertBooking(l.t.db, {
      customerId: fleet.id,
      teamId: l.teamId,
      startsAt,
      status: "confirmed",
      payBy,
    });
    const inv = must(await l.t.db.transaction((tx) => issueInvoiceIfDue(tx, b.id, NOW)));
    expect(inv.payBy).toBe(payBy);
    const ukDay = (iso: string) => iso.split("-").reverse().join("/");
    const owner = { id: fleet.id, role: "customer" };
    const pdf = await taxDocumentPdfResponse(owner, b.id, inv.number);
    const { text } = await readPdf(new Uint8Array(await pdf.arrayBuffer()));
    expect(text).toMatch(/Payment due by\s+\d{1,2} \w+ \d{4}/);
    expect(text).toContain("Fleet Vans Ltd");

    const get = async (format: string) =>
      parseCsvFile(
        await (
          await taxDocumentsCsvResponse(
            new Request(`http://localhost/admin/reports/export/documents/${format}?${range}`),
            { role: "admin" },
            format,
          )
        ).text(),
      );
    const xero = await get("xero");
    const x = (name: string) => XERO_SALES_INVOICE_COLUMNS.indexOf(name as never);
    const xRow = must(xero.find((r) => r[x("*InvoiceNumber")] === inv.number));
    expect(xRow[x("*ContactName")]).toBe("Fleet Vans Ltd");
    expect(xRow[x("EmailAddress")]).toBe("accounts@fleet.test");
    expect(xRow[x("*DueDate")]).toBe(ukDay(payBy));
    // A customer who is not a business: their own email, due the day it was issued (money received).
    const other = must(
      xero.find((r) => r[x("*InvoiceNumber")] !== inv.number && r[x("*InvoiceNumber")]?.startsWith("INV")),
    );
    expect(other[x("EmailAddress")]).toBe(l.customer.email);
    expect(other[x("*DueDate")]).toBe(other[x("*InvoiceDate")]);

    const qbo = await get("quickbooks");
    const q = (name: string) => QUICKBOOKS_INVOICE_COLUMNS.indexOf(name as never);
    const qRow = must(qbo.find((r) => r[q("InvoiceNo")] === inv.number));
    expect(qRow[q("DueDate")]).toBe(ukDay(payBy));
    expect(qRow[q("Terms")]).toBe("Net 30");
    expect(qRow[q("Service Date")]).toBe("20/03/2026");
  });
});

/** The export's records, without its byte-order mark (the parser is the e2e suite's). */
const parseCsvFile = (text: string): string[][] => parseRecords(text.replace(/^\uFEFF/, ""));

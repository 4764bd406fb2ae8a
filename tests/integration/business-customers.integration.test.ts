import { randomUUID } from "node:crypto";
import { customerCancelInput } from "@/modules/booking-cancel/schemas";
import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminBusinessContactInput, adminBusinessInput } from "@/modules/accounts/schemas";
import {
  addBusinessContact,
  findBusinessProfile,
  getAdminCustomerProfile,
  removeBusinessContact,
  removeBusinessProfile,
  saveBusinessProfile,
} from "@/modules/accounts/server";
import { phoneBookingInput } from "@/modules/phone-bookings/admin-phone-schemas";
import { createAdminBooking, customerSavedRecords } from "@/modules/phone-bookings/server";
import { recordPaymentInput } from "@/modules/payments/admin-money-schemas";
import { hasUnpaidOnAccount, loadReceivables } from "@/modules/receivables/server";
import { recordPayment } from "@/modules/payments/server/record-payment";
import { bookingMoney, moneyStateOf } from "@/lib/booking/booking-money";
import { cancelWithRefundInput } from "@/modules/booking-cancel/schemas";
import { cancelMyBooking, cancelWithRefund, getMyCancelOffer } from "@/modules/booking-cancel/server";
import { createBookingInput } from "@/modules/wizard/book-schemas";
import { createBooking } from "@/modules/wizard/server/create-booking";
import { newRunId } from "@/modules/wizard/domain/wizard-state";
import { setDatabaseForProcess } from "@/server/db";
import {
  auditLog,
  bookings,
  businessContacts,
  businessCustomers,
  emails,
  payments,
  taxDocuments,
} from "@/server/db/schema";
import { AppError } from "@/server/errors";
import {
  insertCategory,
  insertPrice,
  insertService,
  insertSettings,
  insertTeam,
  insertUser,
  insertVehicleSize,
  insertWeeklyHours,
  insertZone,
} from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// Issue 31 / ADR 0051: a business customer — the company its invoices are addressed to, its contacts — who
// may pay on account: the booking (by phone or online) is confirmed without a card, its VAT invoice issued at
// once with the day it must be paid by, and it stays on the receivables list, overdue after that day, until
// its payments cover it. Only an admin writes a business; bad input and refusals change nothing.

// Monday 11 January 2027, 09:00 GMT.
const NOW = new Date("2027-01-11T09:00:00Z");
const at = (day: number, hour: number) => new Date(Date.UTC(2027, 0, day, hour));
const noCheckout = async () => ({ url: "/never" });

async function refusal(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

describe.each(dbKinds)("business customers and paying on account, on %s", (kind) => {
  let t: TestDatabase;
  let adminId: string;
  let fleet: { id: string };
  let privateCustomer: { id: string };
  let large: string;
  let slug: string;
  let team: { id: string };
  const admin = () => ({ id: adminId, ip: "198.51.100.9" });

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    await insertSettings(t.db, {
      timeZone: "Europe/London",
      slotIntervalMinutes: 30,
      bufferMinutes: 0,
      minNoticeMinutes: 60,
      paymentMode: "full",
      vatRegistered: true,
      vatNumber: "GB999999973",
      legalName: "Shine Street Ltd",
      maxVehiclesPerBooking: 5,
    });
    const day: [number, number][] = [[8 * 60, 18 * 60]];
    await insertWeeklyHours(t.db, { 1: day, 2: day, 3: day, 4: day, 5: day });
    team = await insertTeam(t.db, { name: "Van 1" });
    adminId = (await insertUser(t.db, { name: "Owner", role: "admin" })).id;
    const cat = await insertCategory(t.db, { name: "Washes" });
    large = (await insertVehicleSize(t.db, { name: "Van" })).id;
    const wash = await insertService(t.db, { categoryId: cat.id, name: "Van Wash", kind: "package" });
    await insertPrice(t.db, {
      serviceId: wash.id,
      vehicleSizeId: large,
      priceMinor: 4000,
      durationMinutes: 45,
    });
    await insertZone(t.db, { name: "Greenwich", postcodePrefixes: ["SE10"], travelFeeMinor: 0 });
    slug = wash.slug;
    fleet = await insertUser(t.db, { name: "Fran Fleet", email: `fran-${kind}@vans.test` });
    privateCustomer = await insertUser(t.db, { name: "Pat Private", email: `pat-${kind}@home.test` });
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    await t.drop();
  });

  const business = (overrides: Record<string, unknown> = {}) =>
    adminBusinessInput.parse({
      customerId: fleet.id,
      companyName: "Quick Vans Ltd",
      vatNumber: "gb 123 4567 89",
      invoiceAddress: "Unit 4, Dock Road\nLondon\nE16 1AA",
      billingEmail: "Accounts@QuickVans.test",
      onAccount: true,
      paymentTermsDays: "30",
      ...overrides,
    });
  /** The fleet books a van online (on account when its company is), at `start`, with `registration`. */
  const bookVanOnline = (start: Date, registration: string) =>
    createBooking(
      t.db,
      { id: fleet.id, role: "customer" },
      createBookingInput.parse({
        run: newRunId(),
        runSecret: newRunId(),
        service: slug,
        size: large,
        addons: [],
        postcode: "SE10 9NF",
        start: start.toISOString(),
        vehicleDetails: { make: "Ford", model: "Transit", registration },
        addressDetails: { line1: "Depot, 1 Creek Road", town: "London" },
        acceptPolicies: true,
      }),
      { now: NOW, startCheckout: noCheckout },
    );
  const counts = async () => ({
    business: (await t.db.select({ n: count() }).from(businessCustomers))[0]?.n,
    contacts: (await t.db.select({ n: count() }).from(businessContacts))[0]?.n,
    bookings: (await t.db.select({ n: count() }).from(bookings))[0]?.n,
    documents: (await t.db.select({ n: count() }).from(taxDocuments))[0]?.n,
  });

  it("refuses bad input field by field, and anyone but an admin, writing nothing", async () => {
    const bad = adminBusinessInput.safeParse({
      customerId: fleet.id,
      companyName: " ",
      vatNumber: "GB12",
      invoiceAddress: "",
      billingEmail: "not-an-email",
      onAccount: true,
      paymentTermsDays: "0",
    });
    expect(bad.success).toBe(false);
    const fields = Object.keys(bad.error?.flatten().fieldErrors ?? {}).sort();
    expect(fields).toEqual([
      "billingEmail",
      "companyName",
      "invoiceAddress",
      "paymentTermsDays",
      "vatNumber",
    ]);
    const before = await counts();
    // Anyone but an admin learns nothing: the answer a missing record gets.
    expect((await refusal(saveBusinessProfile(t.db, { id: fleet.id }, business()))).code).toBe("NOT_FOUND");
    // An admin's account is not a customer to make a business of.
    expect((await refusal(saveBusinessProfile(t.db, admin(), business({ customerId: adminId })))).code).toBe(
      "NOT_FOUND",
    );
    expect(await counts()).toEqual(before);
  });

  it("makes a customer a business, changes it, and keeps every change on the customer's history", async () => {
    await saveBusinessProfile(t.db, admin(), business({ onAccount: false }));
    await saveBusinessProfile(t.db, admin(), business());
    expect(await findBusinessProfile(t.db, fleet.id)).toMatchObject({
      companyName: "Quick Vans Ltd",
      vatNumber: "GB123456789",
      billingEmail: "accounts@quickvans.test",
      onAccount: true,
      paymentTermsDays: 30,
    });
    const history = await t.db.select().from(auditLog).where(eq(auditLog.entityId, fleet.id));
    expect(history.map((h) => h.action).sort()).toEqual([
      "customer.business_set",
      "customer.business_updated",
    ]);
    expect(history.find((h) => h.action === "customer.business_updated")?.summary).toEqual({
      onAccount: { from: false, to: true },
    });
  });

  it("keeps the company's contacts: one needs a way to reach them, another customer's is not found", async () => {
    const noWay = adminBusinessContactInput.safeParse({
      customerId: fleet.id,
      name: "Nobody",
      email: "",
      phone: "",
    });
    expect(noWay.error?.flatten().fieldErrors.email).toBeDefined();
    const made = await addBusinessContact(
      t.db,
      admin(),
      adminBusinessContactInput.parse({
        customerId: fleet.id,
        name: "Mo Manager",
        role: "Fleet manager",
        email: "mo@quickvans.test",
        phone: "",
      }),
    );
    // A private customer has no company to add contacts to.
    expect(
      (
        await refusal(
          addBusinessContact(
            t.db,
            admin(),
            adminBusinessContactInput.parse({
              customerId: privateCustomer.id,
              name: "X",
              email: "x@y.test",
              phone: "",
            }),
          ),
        )
      ).code,
    ).toBe("CONFLICT");
    expect(
      (
        await refusal(
          removeBusinessContact(t.db, admin(), { customerId: privateCustomer.id, contactId: made.id }),
        )
      ).code,
    ).toBe("NOT_FOUND");
    const profile = await getAdminCustomerProfile(t.db, { role: "admin" }, fleet.id);
    expect(profile?.contacts.map((c) => [c.name, c.role])).toEqual([["Mo Manager", "Fleet manager"]]);
    expect(profile?.business?.companyName).toBe("Quick Vans Ltd");
  });

  let phoneBookingId = "";
  it("books five vans on account by phone: confirmed, no payment, invoiced to the company at once with its due day", async () => {
    expect((await customerSavedRecords(t.db, admin(), fleet.id)).account).toEqual({
      companyName: "Quick Vans Ltd",
      paymentTermsDays: 30,
    });
    const van = (i: number) => ({
      service: slug,
      size: large,
      make: "Ford",
      model: "Transit",
      registration: `QV${i}1 VAN`,
    });
    const result = await createAdminBooking(
      t.db,
      admin(),
      phoneBookingInput.parse({
        run: randomUUID(),
        customerMode: "existing",
        customerId: fleet.id,
        ...van(0),
        addons: [],
        more: [1, 2, 3, 4].map((i) => ({ ...van(i), addons: [] })),
        postcode: "SE10 9NF",
        line1: "Depot, 1 Creek Road",
        town: "London",
        start: at(12, 9).toISOString(),
        teamId: team.id,
        payment: "on_account",
      }),
      { now: NOW },
    );
    phoneBookingId = result.bookingId;
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, result.bookingId));
    expect(b).toMatchObject({
      status: "confirmed",
      payBy: "2027-02-10",
      amountPaidMinor: 0,
      depositDueMinor: 0,
    });
    expect(b?.totalMinor).toBe(5 * 4000);
    expect(await t.db.select().from(payments).where(eq(payments.bookingId, result.bookingId))).toEqual([]);
    const [invoice] = await t.db
      .select()
      .from(taxDocuments)
      .where(eq(taxDocuments.bookingId, result.bookingId));
    expect(invoice).toMatchObject({
      kind: "invoice",
      payBy: "2027-02-10",
      grossMinor: 20000,
      customer: {
        name: "Quick Vans Ltd",
        address: "Unit 4, Dock Road\nLondon\nE16 1AA",
        vatNumber: "GB123456789",
      },
    });
    expect(invoice?.issuedAt.getTime()).toBe(NOW.getTime());
    expect(invoice?.lines).toHaveLength(5);
    // One confirmation, which says the balance is on account by its day.
    const mail = await t.db.select().from(emails).where(eq(emails.bookingId, result.bookingId));
    expect(mail.filter((m) => m.template === "booking-confirmed")).toHaveLength(1);
    // The invoice goes to the company's billing address too, as a PDF.
    const toCompany = mail.filter((m) => m.template === "invoice-issued");
    expect(toCompany.map((m) => m.to)).toEqual(["accounts@quickvans.test"]);
    expect(toCompany[0]?.data).toMatchObject({
      companyName: "Quick Vans Ltd",
      number: invoice?.number,
      total: "£200.00",
    });
    const pdf = toCompany[0]?.attachments[0];
    expect(pdf).toMatchObject({ filename: `${invoice?.number}.pdf`, contentType: "application/pdf" });
    expect(
      Buffer.from(pdf?.content ?? "", "base64")
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");
  });

  it("refuses on account for a customer who doesn't have it, under the payment field, writing nothing", async () => {
    const before = await counts();
    const err = await refusal(
      createAdminBooking(
        t.db,
        admin(),
        phoneBookingInput.parse({
          run: randomUUID(),
          customerMode: "existing",
          customerId: privateCustomer.id,
          service: slug,
          size: large,
          make: "Ford",
          model: "Fiesta",
          registration: "PP11 PPP",
          addons: [],
          postcode: "SE10 9NF",
          line1: "1 Home Lane",
          town: "London",
          start: at(13, 9).toISOString(),
          teamId: team.id,
          payment: "on_account",
        }),
        { now: NOW },
      ),
    );
    expect(err.fieldErrors?.payment?.[0]).toMatch(/doesn't pay on account/);
    expect(await counts()).toEqual(before);
  });

  let onlineBookingId = "";
  it("books online on account: no checkout, confirmed and invoiced; a private customer still pays by card", async () => {
    const raw = (overrides: Record<string, unknown>) => ({
      run: newRunId(),
      runSecret: newRunId(),
      service: slug,
      size: large,
      addons: [],
      postcode: "SE10 9NF",
      start: at(14, 9).toISOString(),
      vehicleDetails: { make: "Ford", model: "Transit", registration: "QV99 VAN" },
      addressDetails: { line1: "Depot, 1 Creek Road", town: "London" },
      acceptPolicies: true,
      ...overrides,
    });
    const result = await createBooking(
      t.db,
      { id: fleet.id, role: "customer" },
      createBookingInput.parse(raw({})),
      {
        now: NOW,
        startCheckout: noCheckout,
      },
    );
    onlineBookingId = result.bookingId;
    expect(result.status).toBe("confirmed");
    expect(result.redirectTo).not.toBe("/never");
    const [doc] = await t.db.select().from(taxDocuments).where(eq(taxDocuments.bookingId, result.bookingId));
    expect(doc).toMatchObject({ kind: "invoice", payBy: "2027-02-10", customer: { name: "Quick Vans Ltd" } });
    const card = await createBooking(
      t.db,
      { id: privateCustomer.id, role: "customer" },
      createBookingInput.parse(
        raw({
          start: at(14, 11).toISOString(),
          vehicleDetails: { make: "Kia", model: "Ceed", registration: "PP22 PPP" },
        }),
      ),
      { now: NOW, startCheckout: noCheckout },
    );
    expect(card).toMatchObject({ status: "pending_payment", redirectTo: "/never" });
    const [cardBooking] = await t.db.select().from(bookings).where(eq(bookings.id, card.bookingId));
    expect(cardBooking?.payBy).toBeNull();
  });

  it("lists what is owed on account, overdue from the day after it is due, until payments cover it", async () => {
    const list = await loadReceivables(t.db, admin(), { now: NOW });
    expect(list.rows.map((r) => [r.bookingId, r.owedMinor, r.payBy, r.state])).toEqual(
      expect.arrayContaining([
        [phoneBookingId, 20000, "2027-02-10", "due"],
        [onlineBookingId, 4000, "2027-02-10", "due"],
      ]),
    );
    expect(list.totals).toEqual({ count: 2, owedMinor: 24000, overdueCount: 0, overdueMinor: 0 });
    expect(list.rows[0]?.companyName).toBe("Quick Vans Ltd");
    expect(list.rows.every((r) => r.invoiceNumber?.startsWith("INV-"))).toBe(true);
    // The owed figure is the one money definition's.
    for (const r of list.rows) {
      const [b] = await t.db.select().from(bookings).where(eq(bookings.id, r.bookingId));
      if (!b) throw new Error("booking missing");
      expect(r.owedMinor).toBe(bookingMoney(b).owedMinor);
    }
    // On the pay-by day still due; the day after, overdue by one day.
    const onTheDay = await loadReceivables(t.db, admin(), { now: new Date("2027-02-10T23:30:00Z") });
    expect(onTheDay.totals.overdueCount).toBe(0);
    const late = await loadReceivables(t.db, admin(), {
      now: new Date("2027-02-11T10:00:00Z"),
      overdueOnly: true,
    });
    expect(late.totals).toMatchObject({ overdueCount: 2, overdueMinor: 24000 });
    expect(late.rows.map((r) => r.daysOverdue)).toEqual([1, 1]);
    // A customer sees none of it.
    expect((await refusal(loadReceivables(t.db, { id: fleet.id }))).code).toBe("NOT_FOUND");

    // The business can't become private while it owes on account.
    expect(
      (await refusal(removeBusinessProfile(t.db, admin(), { customerId: fleet.id }, hasUnpaidOnAccount)))
        .code,
    ).toBe("CONFLICT");

    // Paid by bank transfer: it leaves the list, no second invoice.
    await recordPayment(
      t.db,
      admin(),
      recordPaymentInput.parse({
        bookingId: phoneBookingId,
        from: "confirmed",
        method: "bank_transfer",
        amount: "200.00",
        reference: "QV-INV-1",
      }),
      { now: new Date("2027-02-12T10:00:00Z") },
    );
    const after = await loadReceivables(t.db, admin(), { now: new Date("2027-02-12T10:00:00Z") });
    expect(after.rows.map((r) => r.bookingId)).toEqual([onlineBookingId]);
    expect(after.totals).toEqual({ count: 1, owedMinor: 4000, overdueCount: 1, overdueMinor: 4000 });
    const docs = await t.db.select().from(taxDocuments).where(eq(taxDocuments.bookingId, phoneBookingId));
    expect(docs.filter((d) => d.kind === "invoice")).toHaveLength(1);
  });

  it("a business that owes nothing on account can become a private customer again", async () => {
    await recordPayment(
      t.db,
      admin(),
      recordPaymentInput.parse({
        bookingId: onlineBookingId,
        from: "confirmed",
        method: "cash",
        amount: "40.00",
      }),
      { now: new Date("2027-02-12T11:00:00Z") },
    );
    await removeBusinessProfile(t.db, admin(), { customerId: fleet.id }, hasUnpaidOnAccount);
    expect(await findBusinessProfile(t.db, fleet.id)).toBeNull();
    expect((await counts()).contacts).toBe(0);
    // The invoices issued keep the company they were addressed to.
    const [doc] = await t.db.select().from(taxDocuments).where(eq(taxDocuments.bookingId, phoneBookingId));
    expect(doc?.customer.name).toBe("Quick Vans Ltd");
  });

  it("cancelling late on account invoices the policy's fee: owed, on the list, the rest credited (issue 41 §4)", async () => {
    await saveBusinessProfile(t.db, admin(), business());
    // Tuesday 12 January 16:00: the free day ends at 16:00 today (the 11th).
    const made = await bookVanOnline(at(12, 16), "QV77 VAN");
    expect(made.status).toBe("confirmed");
    const late = new Date("2027-01-11T17:00:00Z");
    const offer = await getMyCancelOffer(t.db, fleet.id, made.bookingId, late);
    expect(offer?.outcome).toMatchObject({ feeMinor: 2000, feeOwedMinor: 2000, refundMinor: 0 });
    expect(offer?.outcome.sentence).toBe(
      "You are cancelling within 24 hours of the start: the late-cancellation fee of £20.00 goes on your account, to pay by 10 February 2027.",
    );
    await cancelMyBooking(
      t.db,
      { id: fleet.id },
      customerCancelInput.parse({
        bookingId: made.bookingId,
        from: "confirmed",
        refundableMinor: 0,
        refundMinor: 0,
      }),
      { now: late },
    );
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, made.bookingId));
    if (!b) throw new Error("booking missing");
    const m = bookingMoney(b);
    expect({ status: b.status, fee: b.feeMinor, charge: m.chargeMinor, owed: m.owedMinor }).toEqual({
      status: "cancelled",
      fee: 2000,
      charge: 2000,
      owed: 2000,
    });
    expect(moneyStateOf(m)).toBe("fee_due");
    const list = await loadReceivables(t.db, admin(), { now: late });
    expect(list.rows.find((r) => r.bookingId === made.bookingId)?.owedMinor).toBe(2000);
    // The invoice of £40.00 stands; a credit note takes it down to the fee.
    const docs = await t.db.select().from(taxDocuments).where(eq(taxDocuments.bookingId, made.bookingId));
    expect(docs.map((d) => [d.kind, d.grossMinor]).sort()).toEqual([
      ["credit_note", 2000],
      ["invoice", 4000],
    ]);
  });

  it("the admin may waive the on-account late fee when cancelling: then nothing is owed", async () => {
    const made = await bookVanOnline(at(12, 14), "QV78 VAN");
    const late = new Date("2027-01-11T17:00:00Z");
    const input = (chargeFee: boolean) =>
      cancelWithRefundInput.parse({
        bookingId: made.bookingId,
        from: "confirmed",
        amount: "0",
        refundableMinor: 0,
        reason: "The depot is closed that day.",
        chargeFee,
      });
    // Only an admin cancels this way (anyone else: not found).
    await expect(cancelWithRefund(t.db, { id: fleet.id }, input(false), { now: late })).rejects.toMatchObject(
      {
        code: "NOT_FOUND",
      },
    );
    await cancelWithRefund(t.db, admin(), input(false), { now: late });
    const [b] = await t.db.select().from(bookings).where(eq(bookings.id, made.bookingId));
    if (!b) throw new Error("booking missing");
    expect({
      fee: b.feeMinor,
      owed: bookingMoney(b).owedMinor,
      state: moneyStateOf(bookingMoney(b)),
    }).toEqual({
      fee: 0,
      owed: 0,
      state: "nothing_paid",
    });
  });
});

import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminCustomerContactInput } from "@/modules/accounts/schemas";
import {
  adminCustomerBatches,
  adminCustomersCsvResponse,
  createPasswordlessCustomer,
  getAdminCustomerProfile,
  listAdminCustomers,
  reactivateCustomer,
  saveCustomerNotes,
  sendCustomerSetupLink,
  signIn,
  updateCustomerContact,
} from "@/modules/accounts/server";
import {
  type AdminCustomersQuery,
  parseAdminCustomersQuery,
} from "@/modules/accounts/admin-customers-filters";
import {
  customerFactsSource,
  customerValueMinor,
  listCustomerBookingsForAdmin,
} from "@/modules/bookings/server";
import { customerToBookFor } from "@/modules/phone-bookings/server";
import { customerMoney } from "@/modules/payments/server";
import { deactivateCustomerAndCancel } from "@/modules/booking-cancel/server";
import { forgetAuthForTests } from "@/server/auth";
import { setDatabaseForProcess } from "@/server/db";
import {
  auditLog,
  bookingEvents,
  bookings,
  emails,
  payments,
  refunds,
  sessions,
  users,
  verifications,
} from "@/server/db/schema";
import { AppError } from "@/server/errors";
import {
  defaultAddressSnapshot,
  defaultVehicleSnapshot,
  insertAddress,
  insertBooking,
  insertSettings,
  insertTeam,
  insertUser,
  insertVehicle,
  insertVehicleSize,
} from "@tests/factories";
import { createTestDatabase, dbKinds, type TestDatabase } from "../support/db";

// /admin/customers and /admin/customers/{id} (issue 15, ADR 0020): the list's search, filters, sorts and
// pages against the keyset export's single ORDER BY and against facts computed here by hand; the CSV
// parsed back; the profile's audited writes; deactivation (sessions ended, sign-in and booking refused,
// chosen bookings cancelled through the admin cancel path); and that only an admin reaches any of it.

const ZONE = "Europe/London";
const NOW = new Date();
const DAY = 86_400_000;
const admin = { role: "admin" as const };
const SORTS = ["name", "bookings", "value", "last", "next", "joined"] as const;

async function rejection(p: Promise<unknown>): Promise<AppError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
}

/** RFC 4180 back into rows (quoted fields, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") {
      row.push(cell);
      cell = "";
    } else if (c === "\r" && text[i + 1] === "\n") {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = "";
      i++;
    } else cell += c;
  }
  return rows;
}

describe.each(dbKinds)("admin customers on %s", (kind) => {
  let t: TestDatabase;
  let owner: { id: string };
  let teamId = "";
  const people: { id: string; name: string; email: string }[] = [];

  beforeAll(async () => {
    t = await createTestDatabase(kind);
    setDatabaseForProcess(t);
    forgetAuthForTests();
    await insertSettings(t.db, {
      timeZone: ZONE,
      businessName: "Shine Street",
      contactEmail: "hello@shine.test",
      adminNotificationEmail: "office@shine.test",
    });
    teamId = (await insertTeam(t.db)).id;
    owner = await insertUser(t.db, { name: "Owner", email: "owner@shine.test", role: "admin" });
    const size = await insertVehicleSize(t.db);
    // 31 customers (two pages), names out of creation order and a formula-looking one; joined a day apart.
    const names = [
      "Priya Patel",
      "priya patel",
      "Sam Jones",
      "Ann Lee",
      "=HYPERLINK(1)",
      ...Array.from({ length: 26 }, (_, i) => `Customer ${String.fromCharCode(90 - i)}`),
    ];
    for (const [i, name] of names.entries()) {
      const u = await insertUser(t.db, {
        name,
        email: `c${i}@list.test`,
        phone: `07700 9${String(i).padStart(5, "0")}`,
        marketingConsent: i % 3 === 0,
        marketingConsentAt: i % 3 === 0 ? new Date(NOW.getTime() - 10 * DAY) : null,
        banned: i === 7,
        createdAt: new Date(NOW.getTime() - (100 - i) * DAY),
      });
      people.push(u);
    }
    // A saved vehicle and address (accounts) and bookings' snapshots (bookings) are both searchable.
    await insertVehicle(t.db, {
      ownerId: people[2]?.id as string,
      vehicleSizeId: size.id,
      registration: "SV11 ABC",
    });
    await insertAddress(t.db, { ownerId: people[3]?.id as string, postcode: "E1 6AN" });
    // Bookings: customer i gets i % 4 of them, some past, some upcoming, some owing, some refunded.
    for (const [i, p] of people.entries()) {
      for (let j = 0; j < i % 4; j++) {
        const past = (i + j) % 2 === 0;
        const startsAt = new Date(NOW.getTime() + (past ? -(5 + i + j) : 3 + i + j) * DAY);
        const status = past ? (j === 1 ? "cancelled" : "completed") : "confirmed";
        const paid = (i + j) % 3 === 0 ? 0 : 5000;
        await insertBooking(t.db, {
          customerId: p.id,
          teamId,
          startsAt,
          withAllocation: false,
          status,
          items: [{ kind: "package", name: "Full Valet", priceMinor: 8000, minutes: 120 }],
          paidMinor: paid,
          amountRefundedMinor: status === "cancelled" && paid > 0 ? 2000 : 0,
          vehicleSnapshot: { ...defaultVehicleSnapshot, registration: `KX${10 + (i % 5)}ABC` },
          addressSnapshot: { ...defaultAddressSnapshot, postcode: `SW1A ${i % 3}AA` },
        });
      }
    }
    // An admin, and an erased account, are never in the list.
    await insertUser(t.db, { name: "Another Admin", email: "admin2@list.test", role: "admin" });
    await insertUser(t.db, { name: "Erased", email: "erased@list.test", anonymisedAt: NOW });
  });
  afterAll(async () => {
    setDatabaseForProcess(undefined);
    forgetAuthForTests();
    await t.drop();
  });

  const list = (q: AdminCustomersQuery) =>
    listAdminCustomers(t.db, admin, q, customerFactsSource, { now: NOW });
  const everyPage = async (q: AdminCustomersQuery) => {
    const first = await list(q);
    const rows = [...first.rows];
    for (let page = 2; page <= first.pageCount; page++) rows.push(...(await list({ ...q, page })).rows);
    return { rows, total: first.total };
  };
  const exported = async (q: AdminCustomersQuery) => {
    const ids: string[] = [];
    for await (const batch of adminCustomerBatches(t.db, admin, q, customerFactsSource, {
      now: NOW,
      batchSize: 7,
    }))
      ids.push(...batch.map((r) => r.id));
    return ids;
  };

  /** The facts of one customer computed here from the rows, for comparison. */
  async function factsByHand(customerId: string) {
    const rows = await t.db.select().from(bookings).where(eq(bookings.customerId, customerId));
    const upcoming = rows.filter(
      (b) => b.startsAt > NOW && ["pending_payment", "awaiting_approval", "confirmed"].includes(b.status),
    );
    const past = rows.filter(
      (b) => b.startsAt <= NOW && !["cancelled", "declined", "expired"].includes(b.status),
    );
    const owing = rows.filter((b) => ["confirmed", "in_progress", "completed"].includes(b.status));
    return {
      bookings: rows.filter((b) => b.status !== "expired").length,
      nextAt: upcoming.length ? Math.min(...upcoming.map((b) => b.startsAt.getTime())) : null,
      lastAt: past.length ? Math.max(...past.map((b) => b.startsAt.getTime())) : null,
      owedMinor: owing.reduce(
        (s, b) => s + Math.max(0, b.totalMinor - (b.amountPaidMinor - b.amountRefundedMinor)),
        0,
      ),
      valueMinor: rows.reduce((s, b) => s + b.amountPaidMinor - b.amountRefundedMinor, 0),
    };
  }

  it("pages every sort both ways exactly as the export orders it, filtered, searched or not", async () => {
    const filters: Record<string, string>[] = [
      {},
      { upcoming: "yes" },
      { q: "patel" },
      { owed: "yes", marketing: "no" },
    ];
    for (const filter of filters)
      for (const sort of SORTS)
        for (const dir of ["asc", "desc"]) {
          const q = parseAdminCustomersQuery({ ...filter, sort, dir });
          const { rows, total } = await everyPage(q);
          const label = `${JSON.stringify(filter)} ${sort} ${dir}`;
          expect(
            rows.map((r) => r.id),
            label,
          ).toEqual(await exported(q));
          expect(new Set(rows.map((r) => r.id)).size, label).toBe(total);
        }
    const all = await everyPage({});
    expect(all.total).toBe(31);
    expect(all.rows.some((r) => r.email.startsWith("erased") || r.email.startsWith("admin2"))).toBe(false);
    // The default order: newest customer first.
    expect(all.rows[0]?.id).toBe(people[30]?.id);
  });

  it("shows each customer's bookings, last and next booking, money owed and lifetime value as the rows say", async () => {
    const { rows } = await everyPage({});
    for (const r of rows) {
      const f = await factsByHand(r.id);
      expect(
        {
          bookings: r.bookings,
          nextAt: r.nextAt?.getTime() ?? null,
          lastAt: r.lastAt?.getTime() ?? null,
          owedMinor: r.owedMinor,
          valueMinor: r.valueMinor,
        },
        r.name,
      ).toEqual(f);
    }
    // Sorted by value, biggest first; by next booking, soonest first with "none" last.
    const byValue = (await everyPage(parseAdminCustomersQuery({ sort: "value", dir: "desc" }))).rows.map(
      (r) => r.valueMinor,
    );
    expect(byValue).toEqual([...byValue].sort((a, b) => b - a));
    const byNext = (await everyPage(parseAdminCustomersQuery({ sort: "next" }))).rows.map(
      (r) => r.nextAt?.getTime() ?? Infinity,
    );
    expect(byNext).toEqual([...byNext].sort((a, b) => a - b));
    // The lifetime value is what the payments module lists as collected minus refunded.
    // Someone with a refund, so collected and refunded both count.
    const [refunded] = await t.db
      .select({ customerId: bookings.customerId })
      .from(bookings)
      .where(sql`${bookings.amountRefundedMinor} > 0`)
      .limit(1);
    const someone = rows.find((r) => r.id === refunded?.customerId);
    expect(someone?.valueMinor).toBeGreaterThan(0);
    // The factory records each booking's payment; the refunds are added here.
    for (const b of (
      await t.db
        .select()
        .from(bookings)
        .where(eq(bookings.customerId, someone?.id as string))
    ).filter((x) => x.amountRefundedMinor > 0)) {
      const [p] = await t.db.select().from(payments).where(eq(payments.bookingId, b.id));
      await t.db.insert(refunds).values({
        paymentId: p?.id as string,
        amountMinor: b.amountRefundedMinor,
        status: "succeeded",
        settledAt: NOW,
      });
    }
    const money = await customerMoney(t.db, someone?.id as string, ZONE);
    expect(money.refundedMinor).toBeGreaterThan(0);
    expect(money.collectedMinor - money.refundedMinor).toBe(someone?.valueMinor);
    // The profile's lifetime value is the list's (one definition: the read model), and the ledger agrees.
    expect(await customerValueMinor(t.db, someone?.id as string)).toBe(someone?.valueMinor);
    expect(money.lines.length).toBeGreaterThan(0);
  });

  it("filters by upcoming booking, money owed, marketing consent and deactivation, and counts them", async () => {
    const { rows } = await everyPage({});
    const count = async (q: Record<string, string>) => (await everyPage(parseAdminCustomersQuery(q))).total;
    expect(await count({ upcoming: "yes" })).toBe(rows.filter((r) => r.nextAt).length);
    expect(await count({ upcoming: "no" })).toBe(rows.filter((r) => !r.nextAt).length);
    expect(await count({ owed: "yes" })).toBe(rows.filter((r) => r.owedMinor > 0).length);
    expect(await count({ owed: "yes" })).toBeGreaterThan(0);
    expect(await count({ marketing: "yes" })).toBe(11);
    expect(await count({ deactivated: "yes" })).toBe(1);
    expect(await count({ deactivated: "no" })).toBe(30);
    expect(await count({ upcoming: "yes", marketing: "yes" })).toBe(
      rows.filter((r) => r.nextAt && r.marketingConsent).length,
    );
    // A bad or hand-edited value is dropped, not an error.
    expect(parseAdminCustomersQuery({ owed: "maybe", sort: "nope", page: "-3" })).toEqual({});
  });

  it("searches names, emails, phone digits, registrations and postcodes (saved or on bookings)", async () => {
    const names = async (q: string) =>
      (await everyPage(parseAdminCustomersQuery({ q }))).rows.map((r) => r.name).sort();
    expect(await names("PATEL")).toEqual(["Priya Patel", "priya patel"]);
    expect(await names("c3@list")).toEqual(["Ann Lee"]);
    expect(await names("+44 7700 900002".slice(-6))).toEqual(["Sam Jones"]);
    expect(await names("sv11")).toEqual(["Sam Jones"]); // saved vehicle
    expect(await names("e1 6")).toEqual(["Ann Lee"]); // saved address
    // Bookings' snapshots: KX12ABC is on the bookings of customers 2, 7, 12 … with bookings.
    const kx = await everyPage(parseAdminCustomersQuery({ q: "kx12" }));
    expect(kx.rows.map((r) => r.id).sort()).toEqual(
      people
        .filter((_, i) => i % 5 === 2 && i % 4 > 0)
        .map((p) => p.id)
        .sort(),
    );
    expect((await everyPage(parseAdminCustomersQuery({ q: "100%" }))).total).toBe(0);
  });

  it("exports the filtered set as CSV, formula-safe, in the table's order", async () => {
    const res = await adminCustomersCsvResponse(
      new Request("http://localhost/admin/customers/export.csv?sort=name&q=a"),
      admin,
      customerFactsSource,
    );
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = new TextDecoder("utf-8", { ignoreBOM: true }).decode(await res.arrayBuffer());
    expect(text.startsWith("\uFEFF")).toBe(true);
    const rows = parseCsv(text.slice(1));
    expect(rows[0]?.slice(0, 4)).toEqual(["Name", "Email", "Phone", "Bookings"]);
    const page = await everyPage(parseAdminCustomersQuery({ sort: "name", q: "a" }));
    expect(rows.slice(1).map((r) => r[1])).toEqual(page.rows.map((r) => r.email));
    const formula = await everyPage(parseAdminCustomersQuery({ q: "hyperlink" }));
    expect(formula.total).toBe(1);
    const all = parseCsv(
      await (
        await adminCustomersCsvResponse(
          new Request("http://localhost/x.csv?q=hyperlink"),
          admin,
          customerFactsSource,
        )
      ).text(),
    );
    expect(all[1]?.[0]).toBe("'=HYPERLINK(1)");
    // Someone else gets nothing.
    expect(
      (await adminCustomersCsvResponse(new Request("http://localhost/x.csv"), null, customerFactsSource))
        .status,
    ).toBe(401);
    expect(
      (
        await adminCustomersCsvResponse(
          new Request("http://localhost/x.csv"),
          { role: "customer" },
          customerFactsSource,
        )
      ).status,
    ).toBe(404);
  });

  it("edits contact details with an audit row; a new email gets the account flow's confirmation, not a silent change", async () => {
    const c = await insertUser(t.db, { name: "Edit Me", email: "edit@list.test", phone: "07700 111111" });
    const actor = { id: owner.id, ip: "203.0.113.9" };
    const res = await updateCustomerContact(
      t.db,
      actor,
      adminCustomerContactInput.parse({
        customerId: c.id,
        name: "Edited Name",
        email: "New@List.test",
        phone: "",
      }),
    );
    expect(res).toEqual({ emailChangeSentTo: "new@list.test" });
    const [after] = await t.db.select().from(users).where(eq(users.id, c.id));
    expect(after).toMatchObject({ name: "Edited Name", phone: null, email: "edit@list.test" });
    const mail = await t.db.select().from(emails).where(eq(emails.template, "confirm-email-change"));
    expect(mail.filter((m) => m.to === "new@list.test")).toHaveLength(1);
    expect(
      await t.db
        .select()
        .from(emails)
        .where(and(eq(emails.template, "email-change-requested"), eq(emails.to, "edit@list.test"))),
    ).toHaveLength(1);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, c.id), eq(auditLog.action, "customer.contact_updated")));
    expect(audit).toMatchObject({ actorId: owner.id, ip: "203.0.113.9", entity: "customer" });
    expect(audit?.summary).toMatchObject({
      name: { from: "Edit Me", to: "Edited Name" },
      phone: { from: "07700 111111", to: null },
      emailChangeRequested: { from: "edit@list.test", to: "new@list.test" },
    });
    const profile = await getAdminCustomerProfile(t.db, admin, c.id);
    expect(profile?.pendingEmail?.email).toBe("new@list.test");
    expect(profile?.history.map((h) => h.action)).toContain("customer.contact_updated");
    // Another account's address is refused on the field, with nothing written.
    const clash = await rejection(
      updateCustomerContact(
        t.db,
        actor,
        adminCustomerContactInput.parse({ customerId: c.id, name: "X", email: "c1@list.test", phone: "" }),
      ),
    );
    expect(clash.fieldErrors?.email).toEqual(["Another account uses that email address."]);
    expect((await t.db.select().from(users).where(eq(users.id, c.id)))[0]?.name).toBe("Edited Name");
    // Bad input is field-level.
    const bad = adminCustomerContactInput.safeParse({
      customerId: c.id,
      name: "",
      email: "nope",
      phone: "abc",
    });
    expect(bad.success).toBe(false);
    // Notes and a set-up link are audited too; only the newest set-up link works.
    await saveCustomerNotes(t.db, actor, { customerId: c.id, notes: "Prefers mornings" });
    await sendCustomerSetupLink(t.db, actor, { customerId: c.id });
    await sendCustomerSetupLink(t.db, actor, { customerId: c.id });
    const links = await t.db.select().from(verifications).where(eq(verifications.value, c.id));
    expect(links.filter((v) => v.identifier.startsWith("reset-password:"))).toHaveLength(1);
    expect((await getAdminCustomerProfile(t.db, admin, c.id))?.notes).toBe("Prefers mornings");
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.entityId, c.id))).map(
      (a) => a.action,
    );
    expect(actions.filter((a) => a === "customer.setup_link_sent")).toHaveLength(2);
    expect(actions).toContain("customer.notes_updated");
  });

  it("deactivates: sessions ended at once, sign-in and booking refused, chosen bookings cancelled (alert counted), the others kept", async () => {
    const c = await insertUser(t.db, {
      name: "Leaving Soon",
      email: "leaving@list.test",
      password: "a long enough password 1",
      emailVerified: true,
    });
    const requester = { ip: "198.51.100.4", headers: new Headers() };
    await signIn(t.db, requester, {
      email: "leaving@list.test",
      password: "a long enough password 1",
      rememberMe: false,
    });
    await t.db.insert(sessions).values({
      id: randomUUID(),
      token: randomUUID(),
      userId: c.id,
      expiresAt: new Date(NOW.getTime() + DAY),
    });
    expect((await t.db.select().from(sessions).where(eq(sessions.userId, c.id))).length).toBe(2);
    const keep = await insertBooking(t.db, {
      customerId: c.id,
      teamId,
      status: "confirmed",
      startsAt: new Date(NOW.getTime() + 4 * DAY),
      withAllocation: false,
    });
    const cancel = await insertBooking(t.db, {
      customerId: c.id,
      teamId,
      status: "confirmed",
      startsAt: new Date(NOW.getTime() + 5 * DAY),
      withAllocation: false,
    });
    const lines = await listCustomerBookingsForAdmin(t.db, c.id, ZONE, { now: NOW });
    expect(lines.map((l) => [l.id, l.upcoming])).toEqual([
      [keep.id, true],
      [cancel.id, true],
    ]);
    // Someone else's booking id in the list is ignored, not cancelled.
    const other = await insertBooking(t.db, {
      customerId: people[0]?.id as string,
      teamId,
      status: "confirmed",
      startsAt: new Date(NOW.getTime() + 6 * DAY),
      withAllocation: false,
    });

    const actor = { id: owner.id, ip: "203.0.113.9" };
    const noReason = await rejection(
      deactivateCustomerAndCancel(t.db, actor, {
        customerId: c.id,
        reason: "",
        cancelBookingIds: [cancel.id],
      }),
    );
    expect(noReason.fieldErrors?.reason?.[0]).toMatch(/reason/i);
    const res = await deactivateCustomerAndCancel(
      t.db,
      actor,
      {
        customerId: c.id,
        reason: "Account closed at the customer's request.",
        cancelBookingIds: [cancel.id, other.id],
      },
      { now: NOW },
    );
    expect(res).toEqual({ sessionsEnded: 2, cancelled: [cancel.id], notCancelled: [] });
    expect(await t.db.select().from(sessions).where(eq(sessions.userId, c.id))).toHaveLength(0);
    const status = async (id: string) =>
      (await t.db.select().from(bookings).where(eq(bookings.id, id)))[0]?.status;
    expect(await status(cancel.id)).toBe("cancelled");
    expect(await status(keep.id)).toBe("confirmed");
    expect(await status(other.id)).toBe("confirmed");
    // The cancel went through the admin path: customer told, business alerted, on the timeline, audited.
    const mail = await t.db.select().from(emails).where(eq(emails.bookingId, cancel.id));
    expect(mail.filter((m) => m.template === "booking-cancelled")).toHaveLength(1);
    expect(
      mail.filter(
        (m) =>
          m.template === "payment-alert-admin" && (m.data as { kind: string }).kind === "booking_cancelled",
      ),
    ).toHaveLength(1);
    const events = await t.db.select().from(bookingEvents).where(eq(bookingEvents.bookingId, cancel.id));
    expect(events.filter((e) => e.type === "email_sent").length).toBeGreaterThanOrEqual(1);
    expect(
      await t.db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.entityId, cancel.id), eq(auditLog.action, "booking.cancel"))),
    ).toHaveLength(1);
    const [audit] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.entityId, c.id), eq(auditLog.action, "customer.deactivated")));
    expect(audit?.summary).toMatchObject({ sessionsEnded: 2 });

    // Sign-in refused, told to contact the business.
    const refused = await rejection(
      signIn(t.db, requester, {
        email: "leaving@list.test",
        password: "a long enough password 1",
        rememberMe: false,
      }),
    );
    expect(refused.message).toMatch(/deactivated.*contact us/i);
    // Booking with that email refused (guest checkout and the admin's new-customer path both make the
    // customer through createPasswordlessCustomer).
    const guest = await rejection(
      t.db.transaction((tx) =>
        createPasswordlessCustomer(tx, { name: "X", email: "Leaving@List.test", reason: "booking" }),
      ),
    );
    expect(guest.message).toMatch(/contact us/i);
    // No set-up link for a deactivated customer; deactivating twice is refused.
    expect((await rejection(sendCustomerSetupLink(t.db, actor, { customerId: c.id }))).code).toBe("CONFLICT");
    expect(
      (
        await rejection(
          deactivateCustomerAndCancel(t.db, actor, { customerId: c.id, reason: "", cancelBookingIds: [] }),
        )
      ).code,
    ).toBe("CONFLICT");
    expect((await everyPage(parseAdminCustomersQuery({ q: "leaving", deactivated: "yes" }))).total).toBe(1);

    // Reactivated: they can sign in again.
    await reactivateCustomer(t.db, actor, { customerId: c.id });
    await signIn(t.db, requester, {
      email: "leaving@list.test",
      password: "a long enough password 1",
      rememberMe: false,
    });
    expect((await t.db.select().from(sessions).where(eq(sessions.userId, c.id))).length).toBe(1);
  });

  it("starts a phone booking with an active customer chosen (?customer=), never a deactivated one or an admin", async () => {
    const size = await insertVehicleSize(t.db, { name: "Van size" });
    const c = await insertUser(t.db, { name: "Book Me", email: "bookme@list.test" });
    await insertVehicle(t.db, { ownerId: c.id, vehicleSizeId: size.id, registration: "BM12 XYZ" });
    const start = await customerToBookFor(t.db, { id: owner.id }, c.id);
    expect(start?.hit).toMatchObject({ id: c.id, name: "Book Me", registrations: ["BM12XYZ"] });
    expect(start?.saved.vehicles[0]?.sizeId).toBe(size.id);
    const closed = await insertUser(t.db, { name: "Closed", email: "closed-book@list.test", banned: true });
    expect(await customerToBookFor(t.db, { id: owner.id }, closed.id)).toBeNull();
    expect(await customerToBookFor(t.db, { id: owner.id }, owner.id)).toBeNull();
    expect((await rejection(customerToBookFor(t.db, { id: c.id }, c.id))).code).toBe("NOT_FOUND");
  });

  it("lets only an admin read or change a customer; an admin's or unknown id is not found", async () => {
    const c = people[0] as { id: string };
    const customerActor = { id: c.id, ip: null };
    expect(
      (
        await rejection(
          list({}).then(() => listAdminCustomers(t.db, { role: "customer" }, {}, customerFactsSource)),
        )
      ).code,
    ).toBe("NOT_FOUND");
    expect((await rejection(listAdminCustomers(t.db, null, {}, customerFactsSource))).code).toBe(
      "UNAUTHENTICATED",
    );
    expect(await getAdminCustomerProfile(t.db, { role: "customer" }, c.id)).toBeNull();
    expect(await getAdminCustomerProfile(t.db, admin, owner.id)).toBeNull();
    expect(await getAdminCustomerProfile(t.db, admin, "no-such-id")).toBeNull();
    const input = adminCustomerContactInput.parse({
      customerId: c.id,
      name: "Hacked",
      email: "c0@list.test",
      phone: "",
    });
    for (const attempt of [
      () => updateCustomerContact(t.db, customerActor, input),
      () => saveCustomerNotes(t.db, customerActor, { customerId: c.id, notes: "x" }),
      () => sendCustomerSetupLink(t.db, customerActor, { customerId: c.id }),
      () =>
        deactivateCustomerAndCancel(t.db, customerActor, {
          customerId: c.id,
          reason: "",
          cancelBookingIds: [],
        }),
      () => reactivateCustomer(t.db, customerActor, { customerId: c.id }),
      // An admin can't be deactivated or edited from the customer screens.
      () =>
        deactivateCustomerAndCancel(
          t.db,
          { id: owner.id },
          { customerId: owner.id, reason: "", cancelBookingIds: [] },
        ),
      () => updateCustomerContact(t.db, { id: owner.id }, { ...input, customerId: owner.id }),
    ])
      expect((await rejection(attempt())).code).toBe("NOT_FOUND");
    expect((await t.db.select().from(users).where(eq(users.id, c.id)))[0]).toMatchObject({
      name: "Priya Patel",
      banned: false,
    });
  });
});

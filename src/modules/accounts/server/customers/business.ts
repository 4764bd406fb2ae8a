import "server-only";
import { and, asc, eq } from "drizzle-orm";
import { type Actor, writeAudit } from "@/server/audit";
import { assertAdminActor } from "@/server/auth/assert-admin";
import type { DbOrTx } from "@/server/db";
import { businessContacts, businessCustomers } from "@/server/db/schema";
import { AppError } from "@/server/errors";
import type { AccountTerms } from "../../domain/business-account";
import type { AdminBusinessContactInput, AdminBusinessInput } from "../../schemas";
import { lockCustomer } from "./lock-customer";

// Business customers (ADR 0051): the company a customer account books for — what its invoices say, where
// they go, whether it pays on account and in how many days — and the people to deal with there. Only an
// admin writes them; each write is one transaction with its audit row on the customer's history.

export type BusinessProfile = typeof businessCustomers.$inferSelect;
export type BusinessContact = typeof businessContacts.$inferSelect;

/** The company behind a customer account, or null for a private customer. */
export async function findBusinessProfile(db: DbOrTx, customerId: string): Promise<BusinessProfile | null> {
  const [row] = await db.select().from(businessCustomers).where(eq(businessCustomers.customerId, customerId));
  return row ?? null;
}

/** Whether (and in how many days) the customer pays on account; null for a private customer. */
export async function findAccountTerms(db: DbOrTx, customerId: string): Promise<AccountTerms | null> {
  const profile = await findBusinessProfile(db, customerId);
  return profile && { onAccount: profile.onAccount, paymentTermsDays: profile.paymentTermsDays };
}

/** Who an invoice is addressed to for this customer: the company (with its VAT number), or null. */
export async function findInvoiceParty(
  db: DbOrTx,
  customerId: string,
): Promise<{ name: string; address: string; vatNumber: string | null; email: string } | null> {
  const p = await findBusinessProfile(db, customerId);
  return (
    p && { name: p.companyName, address: p.invoiceAddress, vatNumber: p.vatNumber, email: p.billingEmail }
  );
}

export async function listBusinessContacts(db: DbOrTx, customerId: string): Promise<BusinessContact[]> {
  return db
    .select()
    .from(businessContacts)
    .where(eq(businessContacts.customerId, customerId))
    .orderBy(asc(businessContacts.createdAt), asc(businessContacts.id));
}

/** Makes the customer a business, or changes its details and terms. */
export async function saveBusinessProfile(
  db: DbOrTx,
  actor: Actor,
  input: AdminBusinessInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    await assertAdminActor(tx, actor);
    const customer = await lockCustomer(tx, input.customerId);
    const before = await findBusinessProfile(tx, customer.id);
    const values = {
      companyName: input.companyName,
      vatNumber: input.vatNumber,
      invoiceAddress: input.invoiceAddress,
      billingEmail: input.billingEmail,
      onAccount: input.onAccount,
      paymentTermsDays: input.paymentTermsDays,
    };
    await tx
      .insert(businessCustomers)
      .values({ customerId: customer.id, ...values })
      .onConflictDoUpdate({ target: businessCustomers.customerId, set: values });
    const changes: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(values)) {
      const was = before ? before[k as keyof typeof values] : null;
      if (was !== v) changes[k] = { from: was, to: v };
    }
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: before ? "customer.business_updated" : "customer.business_set",
      entity: "customer",
      entityId: customer.id,
      summary: changes,
    });
  });
}

/**
 * A business customer becomes a private one again. Refused while it has unpaid bookings on account:
 * they stay on the receivables list until paid, whatever the customer is now.
 */
export async function removeBusinessProfile(
  db: DbOrTx,
  actor: Actor,
  input: { customerId: string },
  hasUnpaidOnAccount: (tx: DbOrTx, customerId: string) => Promise<boolean>,
): Promise<void> {
  await db.transaction(async (tx) => {
    await assertAdminActor(tx, actor);
    const customer = await lockCustomer(tx, input.customerId);
    const before = await findBusinessProfile(tx, customer.id);
    if (!before) throw new AppError("CONFLICT", "This customer is not a business.");
    if (await hasUnpaidOnAccount(tx, customer.id))
      throw new AppError(
        "CONFLICT",
        "This business has unpaid bookings on account. Record their payments first, then change it to a private customer.",
      );
    await tx.delete(businessContacts).where(eq(businessContacts.customerId, customer.id));
    await tx.delete(businessCustomers).where(eq(businessCustomers.customerId, customer.id));
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "customer.business_removed",
      entity: "customer",
      entityId: customer.id,
      summary: { companyName: before.companyName },
    });
  });
}

export const MAX_BUSINESS_CONTACTS = 20;

export async function addBusinessContact(
  db: DbOrTx,
  actor: Actor,
  input: AdminBusinessContactInput,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    await assertAdminActor(tx, actor);
    const customer = await lockCustomer(tx, input.customerId);
    if (!(await findBusinessProfile(tx, customer.id)))
      throw new AppError("CONFLICT", "Add the company's details first: contacts belong to a business.");
    const existing = await listBusinessContacts(tx, customer.id);
    if (existing.length >= MAX_BUSINESS_CONTACTS)
      throw new AppError("VALIDATION", undefined, {
        name: [`A business has at most ${MAX_BUSINESS_CONTACTS} contacts: remove one first.`],
      });
    const [row] = await tx
      .insert(businessContacts)
      .values({
        customerId: customer.id,
        name: input.name,
        role: input.role,
        email: input.email,
        phone: input.phone,
      })
      .returning({ id: businessContacts.id });
    if (!row) throw new Error("contact insert returned nothing");
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "customer.contact_person_added",
      entity: "customer",
      entityId: customer.id,
      summary: { name: input.name },
    });
    return row;
  });
}

export async function removeBusinessContact(
  db: DbOrTx,
  actor: Actor,
  input: { customerId: string; contactId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await assertAdminActor(tx, actor);
    const customer = await lockCustomer(tx, input.customerId);
    const [gone] = await tx
      .delete(businessContacts)
      .where(and(eq(businessContacts.id, input.contactId), eq(businessContacts.customerId, customer.id)))
      .returning({ name: businessContacts.name });
    // Another customer's contact is not there for this one.
    if (!gone) throw new AppError("NOT_FOUND");
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "customer.contact_person_removed",
      entity: "customer",
      entityId: customer.id,
      summary: { name: gone.name },
    });
  });
}

import "server-only";
import { and, asc, desc, eq, isNull, like, sql } from "drizzle-orm";
import { type Actor, writeAudit } from "@/server/audit";
import { type DbOrTx, getDb } from "@/server/db";
import { addresses, auditLog, users, vehicles, verifications } from "@/server/db/schema";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { AppError } from "@/server/errors";
import { endAccess } from "./end-access";
import type { AdminCustomerContactInput, AdminCustomerNotesInput } from "../../schemas";
import { pendingEmailChange, startEmailChange } from "../auth/change-email";
import { sendSetupLink } from "../auth/password-setup-link";
import { findUserByEmail, hasPassword } from "../queries";
import { lockCustomer } from "./lock-customer";
import {
  type BusinessContact,
  type BusinessProfile,
  findBusinessProfile,
  listBusinessContacts,
} from "./business";

// The admin's customer profile (/admin/customers/{id}, PRODUCT.md §8): what the accounts module holds
// about a customer, and the admin's writes to it — contact details, notes, a set-up link, deactivation.
// Each write checks the role again, refuses anything but a customer with the same 404, and is one
// transaction with its audit row.

export type AdminCustomerProfile = {
  id: string;
  name: string;
  email: string;
  phone: string | null;
  emailVerified: boolean;
  hasPassword: boolean;
  joinedAt: Date;
  deactivated: boolean;
  deactivationReason: string | null;
  notes: string | null;
  pendingEmail: { email: string; expiresAt: Date } | null;
  consents: {
    marketing: boolean;
    marketingAt: Date | null;
    bookingEmails: boolean;
    reminders: boolean;
  };
  vehicles: {
    id: string;
    make: string;
    model: string;
    colour: string | null;
    registration: string;
    isDefault: boolean;
  }[];
  addresses: {
    id: string;
    label: string;
    line1: string;
    line2: string | null;
    town: string;
    postcode: string;
    isDefault: boolean;
  }[];
  /** The company, when the customer is a business (ADR 0051), and its contact people. */
  business: BusinessProfile | null;
  contacts: BusinessContact[];
  history: {
    id: string;
    action: string;
    at: Date;
    actorName: string | null;
    summary: Record<string, unknown>;
  }[];
};

/** Everything the accounts module holds about one customer, for an admin; null for anyone else's id. */
export async function getAdminCustomerProfile(
  db: DbOrTx,
  viewer: { role: string } | null,
  customerId: string,
): Promise<AdminCustomerProfile | null> {
  if (viewer?.role !== "admin") return null;
  const [user] = await db.select().from(users).where(eq(users.id, customerId));
  if (!user || user.role !== "customer" || user.anonymisedAt) return null;
  const actorName = sql<string | null>`(SELECT u2.name FROM users u2 WHERE u2.id = ${auditLog.actorId})`;
  const [vehicleRows, addressRows, pending, password, history, business, contacts] = await Promise.all([
    db
      .select()
      .from(vehicles)
      .where(and(eq(vehicles.ownerId, user.id), isNull(vehicles.deletedAt)))
      .orderBy(desc(vehicles.isDefault), asc(vehicles.createdAt)),
    db
      .select()
      .from(addresses)
      .where(and(eq(addresses.ownerId, user.id), isNull(addresses.deletedAt)))
      .orderBy(desc(addresses.isDefault), asc(addresses.createdAt)),
    pendingEmailChange(db, user.id),
    hasPassword(db, user.id),
    db
      .select({
        id: auditLog.id,
        action: auditLog.action,
        at: auditLog.at,
        actorName,
        summary: auditLog.summary,
      })
      .from(auditLog)
      .where(and(eq(auditLog.entity, "customer"), eq(auditLog.entityId, user.id)))
      .orderBy(desc(auditLog.at))
      .limit(50),
    findBusinessProfile(db, user.id),
    listBusinessContacts(db, user.id),
  ]);
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    emailVerified: user.emailVerified,
    hasPassword: password,
    joinedAt: user.createdAt,
    deactivated: user.banned,
    deactivationReason: user.banned ? user.banReason : null,
    notes: user.adminNotes,
    pendingEmail: pending,
    consents: {
      marketing: user.marketingConsent,
      marketingAt: user.marketingConsentAt,
      bookingEmails: user.notifyBookingEmails,
      reminders: user.notifyReminders,
    },
    vehicles: vehicleRows.map((v) => ({
      id: v.id,
      make: v.make,
      model: v.model,
      colour: v.colour,
      registration: v.registration,
      isDefault: v.isDefault,
    })),
    addresses: addressRows.map((a) => ({
      id: a.id,
      label: a.label,
      line1: a.line1,
      line2: a.line2,
      town: a.town,
      postcode: a.postcode,
      isDefault: a.isDefault,
    })),
    business,
    contacts,
    history,
  };
}

export type ContactChangeResult = { emailChangeSentTo: string | null };

/**
 * Name and phone change at once; a new email address is not taken on the admin's word: it gets the
 * account flow's confirmation link (the current address is told), and changes when the link is used.
 * An address another account uses is refused here, by field.
 */
export async function updateCustomerContact(
  db: DbOrTx,
  actor: Actor,
  input: AdminCustomerContactInput,
  { now = new Date() }: { now?: Date } = {},
): Promise<ContactChangeResult> {
  return db.transaction(async (tx) => {
    await assertAdminActor(tx, actor);
    const before = await lockCustomer(tx, input.customerId);
    const emailChanged = input.email !== before.email.toLowerCase();
    if (emailChanged) {
      const clash = await findUserByEmail(tx, input.email);
      if (clash && clash.id !== before.id)
        throw new AppError("VALIDATION", undefined, {
          email: ["Another account uses that email address."],
        });
    }
    await tx.update(users).set({ name: input.name, phone: input.phone }).where(eq(users.id, before.id));
    if (emailChanged) await startEmailChange(tx, { ...before, name: input.name }, input.email, now);
    const changes: Record<string, unknown> = {};
    if (before.name !== input.name) changes.name = { from: before.name, to: input.name };
    if ((before.phone ?? null) !== input.phone) changes.phone = { from: before.phone, to: input.phone };
    if (emailChanged) changes.emailChangeRequested = { from: before.email, to: input.email };
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "customer.contact_updated",
      entity: "customer",
      entityId: before.id,
      summary: changes,
    });
    return { emailChangeSentTo: emailChanged ? input.email : null };
  });
}

/** The business's own notes about the customer (never shown to them). */
export async function saveCustomerNotes(
  db: DbOrTx,
  actor: Actor,
  input: AdminCustomerNotesInput,
): Promise<void> {
  await db.transaction(async (tx) => {
    await assertAdminActor(tx, actor);
    const before = await lockCustomer(tx, input.customerId);
    await tx.update(users).set({ adminNotes: input.notes }).where(eq(users.id, before.id));
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "customer.notes_updated",
      entity: "customer",
      entityId: before.id,
      summary: { length: input.notes?.length ?? 0 },
    });
  });
}

/**
 * A fresh single-use set-up link by email (7 days): earlier unused set-up and reset links of the
 * customer stop working, so only the newest one is live. Refused for a deactivated customer.
 */
export async function sendCustomerSetupLink(
  db: DbOrTx,
  actor: Actor,
  input: { customerId: string },
): Promise<{ sentTo: string }> {
  return db.transaction(async (tx) => {
    await assertAdminActor(tx, actor);
    const customer = await lockCustomer(tx, input.customerId);
    if (customer.banned)
      throw new AppError("CONFLICT", "This customer is deactivated: reactivate them first.");
    await tx
      .delete(verifications)
      .where(and(like(verifications.identifier, "reset-password:%"), eq(verifications.value, customer.id)));
    await sendSetupLink(tx, customer, "admin");
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "customer.setup_link_sent",
      entity: "customer",
      entityId: customer.id,
      summary: { to: customer.email },
    });
    return { sentTo: customer.email };
  });
}

/**
 * Deactivates a customer: they are signed out everywhere at once (their sessions are deleted in the same
 * transaction), can't sign in (better-auth refuses a banned user, and getSessionUser ignores one), and
 * can't book with their email (createPasswordlessCustomer refuses it) — each time told to contact the
 * business. Their bookings are not touched here: the caller cancels the ones the admin chose, each
 * through the admin cancel path.
 */
export async function deactivateCustomer(
  db: DbOrTx,
  actor: Actor,
  input: { customerId: string; reason: string },
): Promise<{ sessionsEnded: number }> {
  return db.transaction(async (tx) => {
    await assertAdminActor(tx, actor);
    const customer = await lockCustomer(tx, input.customerId);
    if (customer.banned) throw new AppError("CONFLICT", "This customer is already deactivated.");
    const ended = await endAccess(tx, customer.id, input.reason || null);
    // Links that would sign them in again stop working too.
    await tx
      .delete(verifications)
      .where(and(like(verifications.identifier, "reset-password:%"), eq(verifications.value, customer.id)));
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "customer.deactivated",
      entity: "customer",
      entityId: customer.id,
      summary: { reason: input.reason || null, sessionsEnded: ended },
    });
    return { sessionsEnded: ended };
  });
}

export async function reactivateCustomer(
  db: DbOrTx,
  actor: Actor,
  input: { customerId: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await assertAdminActor(tx, actor);
    const customer = await lockCustomer(tx, input.customerId);
    if (!customer.banned) throw new AppError("CONFLICT", "This customer is already active.");
    await tx.update(users).set({ banned: false, banReason: null }).where(eq(users.id, customer.id));
    await writeAudit(tx, {
      actorId: actor.id,
      ip: actor.ip,
      action: "customer.reactivated",
      entity: "customer",
      entityId: customer.id,
      summary: {},
    });
  });
}

export const loadAdminCustomerProfile = async (viewer: { role: string }, customerId: string) =>
  getAdminCustomerProfile(await getDb(), viewer, customerId);

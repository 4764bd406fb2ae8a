import "server-only";
import { and, asc, eq, gt, isNotNull, lt, sql } from "drizzle-orm";
import { localDateOf } from "@/lib/dates";
import {
  daysOverdue,
  receivableState,
  type ReceivableState,
} from "@/modules/accounts/domain/business-account";
import { getSettingsOrThrow } from "@/modules/settings/server";
import type { Actor } from "@/server/audit";
import { assertAdminActor } from "@/server/auth/assert-admin";
import { type DbOrTx, getDb } from "@/server/db";
import { bookings, businessCustomers, owedExpr, taxDocuments, users } from "@/server/db/schema";

// The receivables module (ADR 0051): the bookings made on account that still owe money — what each owes by the one
// money definition (booking_owed_minor, proven equal to bookingMoney().owedMinor), its invoice, the day it
// is due and how late it is. A booking leaves the list when its payments cover it, whatever recorded them.

export type Receivable = {
  bookingId: string;
  reference: string;
  startsAt: Date;
  customerId: string;
  customerName: string;
  companyName: string | null;
  invoiceNumber: string | null;
  invoicedAt: Date | null;
  payBy: string;
  owedMinor: number;
  daysOverdue: number;
  state: ReceivableState;
};

export type ReceivablesView = {
  today: string;
  currency: string;
  rows: Receivable[];
  totals: { count: number; owedMinor: number; overdueCount: number; overdueMinor: number };
};

/** The most rows the list shows at once; the totals always cover every receivable. */
export const RECEIVABLES_LIMIT = 500;

const owed = owedExpr(bookings);

export async function loadReceivables(
  db: DbOrTx,
  actor: Actor,
  opts: { now?: Date; overdueOnly?: boolean; customerId?: string } = {},
): Promise<ReceivablesView> {
  await assertAdminActor(db, actor);
  const settings = await getSettingsOrThrow(db);
  const today = localDateOf(opts.now ?? new Date(), settings.timeZone);
  const base = and(
    isNotNull(bookings.payBy),
    gt(owed, 0),
    opts.customerId ? eq(bookings.customerId, opts.customerId) : undefined,
  );
  const late = lt(bookings.payBy, today);
  const [totals] = await db
    .select({
      count: sql<number>`count(*)::int`,
      owedMinor: sql<number>`COALESCE(sum(${owed}), 0)::int`,
      overdueCount: sql<number>`(count(*) FILTER (WHERE ${late}))::int`,
      overdueMinor: sql<number>`(COALESCE(sum(${owed}) FILTER (WHERE ${late}), 0))::int`,
    })
    .from(bookings)
    .where(base);
  const rows = await db
    .select({
      bookingId: bookings.id,
      reference: bookings.reference,
      startsAt: bookings.startsAt,
      customerId: bookings.customerId,
      customerName: users.name,
      companyName: businessCustomers.companyName,
      invoiceNumber: taxDocuments.number,
      invoicedAt: taxDocuments.issuedAt,
      payBy: sql<string>`${bookings.payBy}::text`,
      owedMinor: sql<number>`${owed}::int`,
    })
    .from(bookings)
    .innerJoin(users, eq(users.id, bookings.customerId))
    .leftJoin(businessCustomers, eq(businessCustomers.customerId, bookings.customerId))
    .leftJoin(taxDocuments, and(eq(taxDocuments.bookingId, bookings.id), eq(taxDocuments.kind, "invoice")))
    .where(and(base, opts.overdueOnly ? late : undefined))
    .orderBy(asc(bookings.payBy), asc(bookings.id))
    .limit(RECEIVABLES_LIMIT);
  return {
    today,
    currency: settings.currency,
    rows: rows.map((r) => ({
      ...r,
      daysOverdue: daysOverdue(r.payBy, today),
      state: receivableState(r.payBy, today),
    })),
    totals: totals ?? { count: 0, owedMinor: 0, overdueCount: 0, overdueMinor: 0 },
  };
}

/** Whether the customer still owes money on a booking made on account (then it stays a business). */
export async function hasUnpaidOnAccount(db: DbOrTx, customerId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.customerId, customerId), isNotNull(bookings.payBy), gt(owed, 0)))
    .limit(1);
  return Boolean(row);
}

export const loadReceivablesPage = async (
  actorId: string,
  opts: { overdueOnly?: boolean; customerId?: string },
) => loadReceivables(await getDb(), { id: actorId }, opts);

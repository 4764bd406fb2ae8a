import { sql } from "drizzle-orm";
import { boolean, check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { users } from "./auth";
import { vehicleSizes } from "./catalogue";
import { createdAt, id, instant, updatedAt } from "./columns";

// @owner accounts
export const vehicles = pgTable(
  "vehicles",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    make: text("make").notNull(),
    model: text("model").notNull(),
    year: integer("year"),
    colour: text("colour"),
    // Normalised: upper case, no spaces (see lib/registration.ts).
    registration: text("registration").notNull(),
    vehicleSizeId: uuid("vehicle_size_id")
      .notNull()
      .references(() => vehicleSizes.id),
    notes: text("notes"),
    isDefault: boolean("is_default").notNull().default(false),
    deletedAt: instant("deleted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("vehicles_owner_registration_uq")
      .on(t.ownerId, t.registration)
      .where(sql`deleted_at IS NULL`),
    uniqueIndex("vehicles_one_default_uq")
      .on(t.ownerId)
      .where(sql`is_default AND deleted_at IS NULL`),
    index("vehicles_registration_idx").on(t.registration),
  ],
);

// @owner accounts
export const addresses = pgTable(
  "addresses",
  {
    id: id(),
    ownerId: text("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    label: text("label").notNull(),
    line1: text("line1").notNull(),
    line2: text("line2"),
    town: text("town").notNull(),
    // Normalised for the business's country (UK: "SW9 8AB").
    postcode: text("postcode").notNull(),
    accessNotes: text("access_notes"),
    // What the site has, as last answered: yes, no, or null — not answered (issue 41 §4).
    hasWater: boolean("has_water"),
    hasPower: boolean("has_power"),
    hasCoveredSpace: boolean("has_covered_space"),
    isDefault: boolean("is_default").notNull().default(false),
    deletedAt: instant("deleted_at"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("addresses_owner_idx").on(t.ownerId),
    uniqueIndex("addresses_one_default_uq")
      .on(t.ownerId)
      .where(sql`is_default AND deleted_at IS NULL`),
    index("addresses_postcode_idx").on(t.postcode),
  ],
);

// A customer who is a business (ADR 0051): invoices go to the company, and the admin may let it pay on
// account (the booking is confirmed without a card; the invoice is due within its payment terms).
// @owner accounts
export const businessCustomers = pgTable(
  "business_customers",
  {
    customerId: text("customer_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    companyName: text("company_name").notNull(),
    // Normalised: upper case, no spaces (GB123456789).
    vatNumber: text("vat_number"),
    invoiceAddress: text("invoice_address").notNull(),
    billingEmail: text("billing_email").notNull(),
    onAccount: boolean("on_account").notNull().default(false),
    paymentTermsDays: integer("payment_terms_days").notNull().default(30),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [check("business_customers_terms", sql`${t.paymentTermsDays} BETWEEN 1 AND 120`)],
);

// The people the business deals with at a business customer (a fleet manager, the accounts office).
// @owner accounts
export const businessContacts = pgTable(
  "business_contacts",
  {
    id: id(),
    customerId: text("customer_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    role: text("role"),
    email: text("email"),
    phone: text("phone"),
    createdAt: createdAt(),
  },
  (t) => [index("business_contacts_customer_idx").on(t.customerId, t.createdAt)],
);

import { sql } from "drizzle-orm";
import { type AnyPgColumn, boolean, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, instant, updatedAt } from "./columns";
import { userRole } from "./enums";

/** A phone number's digits alone, as the admin search matches them (spaces, + and dashes ignored). */
export const phoneDigitsExpr = (t: { phone: AnyPgColumn }) =>
  sql<string>`regexp_replace(COALESCE(${t.phone}, ''), '\\D', '', 'g')`;

// The four better-auth tables, written by hand (its CLI needs Node 22). Field names are the ones the
// better-auth Drizzle adapter expects; product fields (phone, consents, preferences) live on `users`.
// @owner accounts
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("image"),
    phone: text("phone"),
    role: userRole("role").notNull().default("customer"),
    banned: boolean("banned").notNull().default(false),
    banReason: text("ban_reason"),
    banExpires: instant("ban_expires"),
    marketingConsent: boolean("marketing_consent").notNull().default(false),
    marketingConsentAt: instant("marketing_consent_at"),
    notifyBookingEmails: boolean("notify_booking_emails").notNull().default(true),
    notifyReminders: boolean("notify_reminders").notNull().default(true),
    anonymisedAt: instant("anonymised_at"),
    // The business's own notes about a customer (/admin/customers/{id}); never shown to the customer.
    adminNotes: text("admin_notes"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("users_email_lower_uq").on(sql`lower(${t.email})`),
    index("users_role_idx").on(t.role, t.createdAt),
    // The admin bookings table: sorted by customer name, and searched by any part of a name, email or
    // phone number (its digits) through trigram indexes (pg_trgm, ADR 0017).
    index("users_name_sort_idx").on(sql`lower(${t.name})`, t.id),
    index("users_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("users_email_trgm_idx").using("gin", sql`lower(${t.email}) gin_trgm_ops`),
    index("users_phone_trgm_idx").using("gin", sql`${phoneDigitsExpr(t)} gin_trgm_ops`),
  ],
);

// @owner accounts
export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull().unique(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: instant("expires_at").notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    impersonatedBy: text("impersonated_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

// @owner accounts
export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: instant("access_token_expires_at"),
    refreshTokenExpiresAt: instant("refresh_token_expires_at"),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("accounts_user_idx").on(t.userId)],
);

// @owner accounts
export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: instant("expires_at").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

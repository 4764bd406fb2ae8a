import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, id, updatedAt } from "./columns";
import { serviceKind, visitMode } from "./enums";
import { uploads } from "./platform";

// @owner catalogue
export const serviceCategories = pgTable(
  "service_categories",
  {
    id: id(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    description: text("description"),
    sortOrder: integer("sort_order").notNull().default(0),
    isActive: boolean("is_active").notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("service_categories_order_idx").on(t.sortOrder)],
);

// @owner catalogue
export const services = pgTable(
  "services",
  {
    id: id(),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => serviceCategories.id),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    kind: serviceKind("kind").notNull(),
    shortDescription: text("short_description").notNull().default(""),
    longDescription: text("long_description").notNull().default(""),
    imageUploadId: uuid("image_upload_id").references(() => uploads.id, { onDelete: "set null" }),
    isActive: boolean("is_active").notNull().default(true),
    sortOrder: integer("sort_order").notNull().default(0),
    // A service that wants doing again (a coating top-up every 6 months): the customer gets one reminder
    // when it is due. Null: no reminder.
    maintenanceIntervalMonths: smallint("maintenance_interval_months"),
    // Whether a job of this service may stop for a break of the day and go on after it (ADR 0054).
    spansBreaks: boolean("spans_breaks").notNull().default(true),
    // A job longer than a working day runs over consecutive working days (ADR 0056): a mobile team comes
    // back each day, or the vehicle stays with the business.
    multiDayMode: visitMode("multi_day_mode").notNull().default("mobile"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check(
      "services_maintenance_interval",
      sql`${t.maintenanceIntervalMonths} IS NULL OR ${t.maintenanceIntervalMonths} BETWEEN 1 AND 60`,
    ),
    index("services_category_idx").on(t.categoryId, t.sortOrder),
    index("services_kind_active_idx").on(t.kind, t.isActive),
  ],
);

/** An add-on limited to some package categories; an add-on with no rows applies to every category. */
// @owner catalogue
export const addonCategories = pgTable(
  "addon_categories",
  {
    addonId: uuid("addon_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    categoryId: uuid("category_id")
      .notNull()
      .references(() => serviceCategories.id, { onDelete: "cascade" }),
  },
  (t) => [primaryKey({ columns: [t.addonId, t.categoryId] })],
);

// @owner catalogue
export const vehicleSizes = pgTable("vehicle_sizes", {
  id: id(),
  name: text("name").notNull().unique(),
  description: text("description").notNull().default(""),
  examples: text("examples").notNull().default(""),
  sortOrder: integer("sort_order").notNull().default(0),
  isActive: boolean("is_active").notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** The price × duration matrix: a service is offered for a size only when its row exists. */
// @owner pricing
export const prices = pgTable(
  "prices",
  {
    serviceId: uuid("service_id")
      .notNull()
      .references(() => services.id, { onDelete: "cascade" }),
    vehicleSizeId: uuid("vehicle_size_id")
      .notNull()
      .references(() => vehicleSizes.id, { onDelete: "cascade" }),
    priceMinor: integer("price_minor").notNull(),
    durationMinutes: integer("duration_minutes").notNull(),
    // Optimistic concurrency for the pricing grid: an edit names the version it started from.
    version: integer("version").notNull().default(1),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.serviceId, t.vehicleSizeId] }),
    check("prices_price_nonneg", sql`${t.priceMinor} >= 0`),
    check(
      "prices_duration_valid",
      sql`${t.durationMinutes} BETWEEN 0 AND 720 AND ${t.durationMinutes} % 5 = 0`,
    ),
  ],
);

// @owner catalogue
export const serviceZones = pgTable("service_zones", {
  id: id(),
  name: text("name").notNull(),
  // Outward codes or areas ("SW9", "SE"); the longest matching prefix wins.
  postcodePrefixes: text("postcode_prefixes")
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  travelFeeMinor: integer("travel_fee_minor").notNull().default(0),
  travelBufferMinutes: integer("travel_buffer_minutes").notNull().default(0),
  isActive: boolean("is_active").notNull().default(true),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

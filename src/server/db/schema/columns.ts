import { char, customType, timestamp, uuid } from "drizzle-orm/pg-core";

/** An instant range `[start, end)`. Stored as PostgreSQL `tstzrange`; exposed as two Dates. */
export type InstantRange = { start: Date; end: Date };

export const tstzrange = customType<{ data: InstantRange; driverData: string }>({
  dataType: () => "tstzrange",
  toDriver: (r) => `[${r.start.toISOString()},${r.end.toISOString()})`,
  fromDriver: (raw) => {
    const m = /^[[(]"?([^",]+)"?,"?([^")]+)"?[)\]]$/.exec(raw);
    if (!m?.[1] || !m[2]) throw new Error(`Unexpected tstzrange value: ${raw}`);
    return { start: new Date(m[1]), end: new Date(m[2]) };
  },
});

export const id = () => uuid("id").primaryKey().defaultRandom();
export const instant = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });
export const createdAt = () => instant("created_at").notNull().defaultNow();
export const updatedAt = () =>
  instant("updated_at")
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

/** An ISO 4217 code ("GBP"): the currency a booking, a payment or the business counts in. */
export const currencyCode = () => char("currency", { length: 3 }).notNull();

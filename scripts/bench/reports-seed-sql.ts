// The reports benchmark's seed generated inside the database (issue 16's 1,000,000-booking run): the same
// shape as reports.ts's row-by-row seed — customers, bookings over 30 months back and 6 ahead with the
// same status weights, package/add-on/travel-fee lines, vehicle sizes, deposit/balance/full payments
// settled before or on the job's day, refunds on cancelled bookings, created/status/payment events — but
// each table is filled by INSERT … SELECT over generate_series, BATCH bookings per statement, from a
// temporary table of each batch's random draws. Used when BENCH_SEED=sql, or above 200,000 bookings
// (where the 1,000-row JavaScript batches would take over an hour on the shared machine).
import { sql } from "drizzle-orm";
import type { Db } from "@/server/db/client";
import { defaultAddressSnapshot, defaultVehicleSnapshot } from "@/testing/factories/bookings";

const BATCH = 50_000;

const q = (s: readonly string[]) => `ARRAY[${s.map((v) => `'${v}'`).join(", ")}]`;

export async function seedReportsInSql(
  db: Db,
  o: {
    bookings: number;
    customers: number;
    teamIds: readonly string[];
    now: number;
    statuses: readonly string[];
    packages: readonly string[];
    addons: readonly string[];
    zones: readonly (string | null)[];
    sizes: readonly string[];
    /** The catalogue's service id of each package and add-on name (the analytics' category mix). */
    serviceIds: ReadonlyMap<string, string>;
  },
) {
  const run = (text: string) => db.execute(sql.raw(text));
  // Customers, numbered so a booking draws one by its number.
  await run(`INSERT INTO users (id, name, email, email_verified, role)
    SELECT 'bench-' || i, 'Customer ' || i, 'customer' || i || '@bench.test', true, 'customer'
    FROM generate_series(0, ${o.customers - 1}) i`);
  const teams = q(o.teamIds);
  const zones = `ARRAY[${o.zones.map((z) => (z ? `'${z}'` : "NULL")).join(", ")}]::text[]`;
  const vehicle = JSON.stringify(defaultVehicleSnapshot).replace(/'/g, "''");
  const address = JSON.stringify(defaultAddressSnapshot).replace(/'/g, "''");
  const nowSql = `to_timestamp(${o.now / 1000})`;
  const serviceRows = [...o.serviceIds].map(([n, id]) => `('${n.replace(/'/g, "''")}', '${id}'::uuid)`);
  const sv = `sv (name, id) AS (VALUES ${serviceRows.length ? serviceRows.join(", ") : "(NULL::text, NULL::uuid)"})`;
  for (let from = 0; from < o.bookings; from += BATCH) {
    const to = Math.min(o.bookings, from + BATCH) - 1;
    await db.transaction(async (tx) => {
      const t = (text: string) => tx.execute(sql.raw(text));
      await t(`CREATE TEMP TABLE g ON COMMIT DROP AS
        SELECT n, gen_random_uuid() AS id, gen_random_uuid() AS pay_id, s.starts_at,
          s.starts_at - make_interval(days => s.created_days) AS created_at, s.status, s.pkg, s.pkg_price,
          s.addon, s.zone, CASE WHEN s.zone IS NULL THEN 0 ELSE 500 + s.fee_i * 250 END AS fee, s.minutes,
          CASE WHEN s.status IN ('expired', 'declined') OR s.r < 0.15 THEN 'none'
               WHEN s.r < 0.55 THEN 'deposit' ELSE 'full' END AS plan,
          s.r_half, s.r_provider, s.r_method, s.customer_i
        FROM generate_series(${from}, ${to}) n, LATERAL (SELECT
          to_timestamp(round((extract(epoch FROM ${nowSql}) + (random() * 1095 - 912) * 86400) / 1800) * 1800) AS starts_at,
          floor(random() * 30 + 1)::int AS created_days,
          (${q(o.statuses)})[1 + floor(random() * ${o.statuses.length})::int]::booking_status AS status,
          (${q(o.packages)})[1 + floor(random() * ${o.packages.length})::int] AS pkg,
          4000 + floor(random() * 30)::int * 500 AS pkg_price,
          CASE WHEN random() < 0.4 THEN (${q(o.addons)})[1 + floor(random() * ${o.addons.length})::int] END AS addon,
          (${zones})[1 + floor(random() * ${o.zones.length})::int] AS zone,
          floor(random() * 3)::int AS fee_i,
          60 + floor(random() * 6)::int * 30 AS minutes,
          random() AS r, random() AS r_half, random() AS r_provider, random() AS r_method,
          floor(random() * ${o.customers})::int AS customer_i,
          n AS dep) s`);
      await t(`ALTER TABLE g ADD COLUMN total int, ADD COLUMN deposit int, ADD COLUMN done boolean, ADD COLUMN paid int,
        ADD COLUMN refunded int`);
      await t(`UPDATE g SET total = pkg_price + (CASE WHEN addon IS NULL THEN 0 ELSE 1500 END) + fee`);
      await t(`UPDATE g SET deposit = round(total / 5.0),
        done = status IN ('completed', 'in_progress', 'no_show')`);
      await t(`UPDATE g SET
        paid = CASE plan WHEN 'none' THEN 0 WHEN 'full' THEN total
          ELSE deposit + CASE WHEN done AND starts_at <= ${nowSql} THEN total - deposit ELSE 0 END END,
        refunded = CASE WHEN status <> 'cancelled' OR plan = 'none' THEN 0
          ELSE CASE WHEN r_half < 0.5 THEN (CASE plan WHEN 'full' THEN total ELSE deposit END)
            ELSE round((CASE plan WHEN 'full' THEN total ELSE deposit END) / 2.0) END END`);
      await t(`INSERT INTO bookings (id, reference, access_token, customer_id, status, starts_at, ends_at, team_id,
          currency, total_minor, amount_paid_minor, amount_refunded_minor, vehicle_snapshot, address_snapshot, created_at,
          cancelled_at)
        SELECT id, 'FC-' || lpad(upper(to_hex(n)), 6, '0'), md5(id::text), 'bench-' || customer_i, status, starts_at,
          starts_at + make_interval(mins => minutes), (${teams})[1 + n % ${o.teamIds.length}]::uuid, 'GBP', total,
          paid, refunded,
          jsonb_set('${vehicle}'::jsonb, '{sizeName}', to_jsonb((${q(o.sizes)})[1 + n % ${o.sizes.length}])),
          '${address}'::jsonb, created_at,
          -- As the JavaScript seed: cancelled a day after booking, or an hour before the job if sooner.
          CASE WHEN status = 'cancelled'
            THEN least(created_at + interval '1 day', starts_at - interval '1 hour') END
        FROM g`);
      await t(`WITH ${sv} INSERT INTO booking_items (booking_id, kind, service_id, name, price_minor, minutes, position, vehicle_position)
        SELECT g.id, 'package'::booking_item_kind, sv.id, pkg, pkg_price, minutes, 0, 0 FROM g LEFT JOIN sv ON sv.name = g.pkg
        UNION ALL SELECT g.id, 'addon'::booking_item_kind, sv.id, addon, 1500, 0, 1, 0 FROM g JOIN sv ON sv.name = g.addon
        UNION ALL SELECT id, 'travel_fee'::booking_item_kind, NULL, 'Travel to ' || zone, fee, 0, 2, NULL FROM g WHERE zone IS NOT NULL`);
      // The first payment (deposit or in full) and, for a finished deposit job in the past, the balance.
      await t(`CREATE TEMP TABLE gp ON COMMIT DROP AS
        SELECT pay_id AS id, id AS booking_id, n, plan AS kind, CASE plan WHEN 'full' THEN total ELSE deposit END AS amount,
          created_at + interval '10 minutes' AS settled_at, r_provider, r_method FROM g WHERE plan <> 'none'
        UNION ALL SELECT gen_random_uuid(), id, n, 'balance', total - deposit,
          starts_at + make_interval(mins => minutes), r_provider, r_method
        FROM g WHERE plan = 'deposit' AND done AND starts_at <= ${nowSql}`);
      await t(`INSERT INTO payments (id, booking_id, provider, kind, method, amount_minor, currency, status,
          provider_reference, settled_at, created_at)
        SELECT id, booking_id, CASE WHEN r_provider < 0.8 THEN 'test' ELSE 'manual' END::payment_provider,
          kind::payment_kind, CASE WHEN r_method < 0.8 THEN 'online' ELSE 'cash' END::payment_method, amount, 'GBP',
          'succeeded', 'bench_' || n || '_' || kind, settled_at, settled_at
        FROM gp`);
      await t(`INSERT INTO refunds (payment_id, amount_minor, status, reason, settled_at, created_at)
        SELECT pay_id, refunded, 'succeeded', 'Cancelled', created_at + interval '2 days', created_at + interval '2 days'
        FROM g WHERE refunded > 0`);
      await t(`INSERT INTO booking_events (booking_id, type, from_value, to_value, created_at)
        SELECT id, 'created'::booking_event_type, NULL, status::text, created_at FROM g
        UNION ALL SELECT id, 'status_changed'::booking_event_type, 'pending_payment', status::text, created_at
          FROM g WHERE status <> 'pending_payment'
        UNION ALL SELECT booking_id, 'payment'::booking_event_type, NULL, amount::text, settled_at FROM gp`);
    });
  }
}

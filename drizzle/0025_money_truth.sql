-- One money truth (ADR 0040). A booking's money is defined once, as bookingMoney() in
-- src/modules/bookings/domain/booking-money.ts and as these functions; a test on both databases feeds random
-- ledgers to both and requires the same answer for every field. Every list, export, total and read model
-- calls them. IMMUTABLE and over the booking's own columns, so expression indexes can use them; the calls
-- between them name their schema, as an index build runs them with a search_path of pg_catalog only.
CREATE FUNCTION booking_charge_minor(s booking_status, total integer, adjustment integer, fee integer)
RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN s IN ('cancelled', 'declined', 'expired', 'no_show') THEN GREATEST(0, COALESCE(fee, 0))
    ELSE GREATEST(0, total - adjustment) END
$$;
--> statement-breakpoint
CREATE FUNCTION booking_due_minor(s booking_status, total integer, adjustment integer, fee integer,
  paid integer, refunded integer)
RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT GREATEST(0, public.booking_charge_minor(s, total, adjustment, fee) - (paid - refunded))
$$;
--> statement-breakpoint
CREATE FUNCTION booking_refundable_minor(s booking_status, total integer, adjustment integer, fee integer,
  paid integer, refunded integer)
RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT GREATEST(0, (paid - refunded) - public.booking_charge_minor(s, total, adjustment, fee))
$$;
--> statement-breakpoint
-- What the customer owes on it: the due of a booking the business has taken on (not a hold waiting for
-- payment, nor a request waiting for approval).
CREATE FUNCTION booking_owed_minor(s booking_status, total integer, adjustment integer, fee integer,
  paid integer, refunded integer)
RETURNS integer LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE WHEN s IN ('confirmed', 'in_progress', 'completed', 'no_show')
    THEN public.booking_due_minor(s, total, adjustment, fee, paid, refunded) ELSE 0 END
$$;
--> statement-breakpoint
CREATE FUNCTION booking_payment_status(s booking_status, total integer, adjustment integer, fee integer,
  paid integer, refunded integer)
RETURNS text LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE
    WHEN refunded > 0 THEN CASE WHEN refunded >= paid THEN 'refunded' ELSE 'partially_refunded' END
    WHEN paid <= 0 THEN 'unpaid'
    WHEN paid >= public.booking_charge_minor(s, total, adjustment, fee) THEN 'paid'
    ELSE 'deposit_paid' END
$$;
--> statement-breakpoint
CREATE TYPE "public"."adjustment_kind" AS ENUM('discount', 'goodwill');--> statement-breakpoint
CREATE TYPE "public"."refund_reason" AS ENUM('cancellation', 'goodwill', 'overpayment');--> statement-breakpoint
CREATE TYPE "public"."tax_document_kind" AS ENUM('invoice', 'credit_note');--> statement-breakpoint
CREATE TABLE "booking_adjustments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" "adjustment_kind" NOT NULL,
	"amount_minor" integer NOT NULL,
	"reason" text NOT NULL,
	"refund_id" uuid,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "booking_adjustments_amount_positive" CHECK ("booking_adjustments"."amount_minor" > 0)
);
--> statement-breakpoint
CREATE TABLE "document_counters" (
	"kind" "tax_document_kind" NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "document_counters_kind_pk" PRIMARY KEY("kind")
);
--> statement-breakpoint
CREATE TABLE "tax_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"kind" "tax_document_kind" NOT NULL,
	"seq" integer NOT NULL,
	"number" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"tax_point" timestamp with time zone NOT NULL,
	"invoice_id" uuid,
	"refund_id" uuid,
	"adjustment_id" uuid,
	"currency" char(3) NOT NULL,
	"supplier" jsonb NOT NULL,
	"customer" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"net_minor" integer NOT NULL,
	"vat_minor" integer NOT NULL,
	"gross_minor" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_documents_number_unique" UNIQUE("number"),
	CONSTRAINT "tax_documents_kind_seq_uq" UNIQUE("kind","seq"),
	CONSTRAINT "tax_documents_totals" CHECK ("tax_documents"."net_minor" + "tax_documents"."vat_minor" = "tax_documents"."gross_minor"),
	CONSTRAINT "tax_documents_credit_note" CHECK (("tax_documents"."kind" = 'credit_note') = ("tax_documents"."invoice_id" IS NOT NULL))
);
--> statement-breakpoint
ALTER TABLE "bookings" DROP CONSTRAINT "bookings_money";--> statement-breakpoint
ALTER TABLE "settings" DROP CONSTRAINT "settings_percentages";--> statement-breakpoint
DROP INDEX "bookings_payment_id_idx";--> statement-breakpoint
DROP INDEX "bookings_due_id_idx";--> statement-breakpoint
DROP INDEX "bookings_starts_report_idx";--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "adjustment_minor" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "fee_minor" integer;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "reason_kind" "refund_reason" DEFAULT 'overpayment' NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "method" "payment_method" DEFAULT 'online' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "no_show_fee_percent" integer DEFAULT 100 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "vat_registered" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "vat_number" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "vat_rate_bp" integer DEFAULT 2000 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "prices_include_vat" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_adjustments" ADD CONSTRAINT "booking_adjustments_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_adjustments" ADD CONSTRAINT "booking_adjustments_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_adjustments" ADD CONSTRAINT "booking_adjustments_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD CONSTRAINT "tax_documents_adjustment_id_booking_adjustments_id_fk" FOREIGN KEY ("adjustment_id") REFERENCES "public"."booking_adjustments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_adjustments_booking_idx" ON "booking_adjustments" USING btree ("booking_id","created_at");--> statement-breakpoint
CREATE INDEX "tax_documents_booking_idx" ON "tax_documents" USING btree ("booking_id","issued_at");--> statement-breakpoint
CREATE INDEX "tax_documents_issued_idx" ON "tax_documents" USING btree ("issued_at","id");--> statement-breakpoint
CREATE INDEX "bookings_payment_id_idx" ON "bookings" USING btree (booking_payment_status("status", "total_minor", "adjustment_minor", "fee_minor", "amount_paid_minor", "amount_refunded_minor"),"id");--> statement-breakpoint
CREATE INDEX "bookings_due_id_idx" ON "bookings" USING btree (booking_due_minor("status", "total_minor", "adjustment_minor", "fee_minor", "amount_paid_minor", "amount_refunded_minor"),"id");--> statement-breakpoint
CREATE INDEX "bookings_starts_report_idx" ON "bookings" USING btree ("starts_at","status","team_id","customer_id","total_minor","amount_paid_minor","amount_refunded_minor","adjustment_minor","fee_minor","ends_at","id");--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_money" CHECK ("bookings"."total_minor" >= 0 AND "bookings"."amount_paid_minor" >= 0 AND "bookings"."amount_refunded_minor" >= 0 AND "bookings"."adjustment_minor" >= 0 AND COALESCE("bookings"."fee_minor", 0) >= 0);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_percentages" CHECK ("settings"."deposit_percent" BETWEEN 1 AND 100 AND "settings"."late_cancellation_fee_percent" BETWEEN 0 AND 100 AND "settings"."no_show_fee_percent" BETWEEN 0 AND 100 AND "settings"."vat_rate_bp" BETWEEN 0 AND 10000);
--> statement-breakpoint
INSERT INTO document_counters (kind, last) VALUES ('invoice', 0), ('credit_note', 0);
--> statement-breakpoint
-- The customer facts read model (ADR 0025) reads what is owed from the one definition.
CREATE OR REPLACE FUNCTION customer_booking_facts_refresh(ids text[]) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO customer_booking_facts (customer_id, bookings, owed_minor, value_minor)
    SELECT DISTINCT c, 0, 0, 0 FROM unnest(ids) AS c ON CONFLICT (customer_id) DO NOTHING;
  PERFORM 1 FROM customer_booking_facts WHERE customer_id = ANY(ids) ORDER BY customer_id FOR UPDATE;
  INSERT INTO customer_booking_facts AS f (customer_id, bookings, latest_at, recent_starts, owed_minor, value_minor)
    SELECT a.customer_id, a.bookings, a.latest_at,
      (SELECT array_agg(r.starts_at ORDER BY r.starts_at) FROM bookings r
        WHERE r.customer_id = a.customer_id AND r.status NOT IN ('cancelled', 'declined', 'expired')
          AND r.starts_at >= COALESCE(a.began_at, '-infinity')),
      a.owed_minor, a.value_minor
    FROM (SELECT b.customer_id,
        (count(*) FILTER (WHERE b.status <> 'expired'))::int AS bookings,
        max(b.starts_at) FILTER (WHERE b.status NOT IN ('cancelled', 'declined', 'expired')) AS latest_at,
        max(b.starts_at) FILTER (WHERE b.status NOT IN ('cancelled', 'declined', 'expired')
          AND b.starts_at <= now()) AS began_at,
        COALESCE(sum(booking_owed_minor(b.status, b.total_minor, b.adjustment_minor, b.fee_minor,
          b.amount_paid_minor, b.amount_refunded_minor)), 0)::int AS owed_minor,
        COALESCE(sum(b.amount_paid_minor - b.amount_refunded_minor), 0)::int AS value_minor
      FROM bookings b WHERE b.customer_id = ANY(ids) GROUP BY b.customer_id) a
  ON CONFLICT (customer_id) DO UPDATE SET bookings = excluded.bookings, latest_at = excluded.latest_at,
    recent_starts = excluded.recent_starts, owed_minor = excluded.owed_minor, value_minor = excluded.value_minor;
  DELETE FROM customer_booking_facts f WHERE f.customer_id = ANY(ids)
    AND NOT EXISTS (SELECT 1 FROM bookings b WHERE b.customer_id = f.customer_id);
END $$;
--> statement-breakpoint
-- An update refreshes only the customers of rows whose facts' inputs changed: now the adjustments and the
-- fee too, which the charge reads.
CREATE OR REPLACE FUNCTION customer_booking_facts_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM customer_booking_facts_refresh(ARRAY(
    SELECT DISTINCT c FROM old_rows o JOIN new_rows n ON n.id = o.id,
      LATERAL (VALUES (o.customer_id), (n.customer_id)) AS v(c)
    WHERE (o.customer_id, o.status, o.starts_at, o.total_minor, o.amount_paid_minor, o.amount_refunded_minor,
        o.adjustment_minor, o.fee_minor)
      IS DISTINCT FROM (n.customer_id, n.status, n.starts_at, n.total_minor, n.amount_paid_minor,
        n.amount_refunded_minor, n.adjustment_minor, n.fee_minor)));
  RETURN NULL;
END $$;
--> statement-breakpoint
-- BEGIN money data migration (replayed on a copy of the demo data by money-migration.integration.test.ts)
-- How each refund went back: the way its payment came in.
UPDATE refunds r SET method = p.method FROM payments p WHERE p.id = r.payment_id;
--> statement-breakpoint
-- A refund on a closed booking was because of its cancellation; on a standing one it lowered the price
-- (goodwill) unless the booking had been paid more than its total (an overpayment going back). A booking
-- with both kinds is read by its final totals: a mix is taken as goodwill (ADR 0040 notes the limit).
UPDATE refunds r SET reason_kind = CASE
    WHEN b.status IN ('cancelled', 'declined', 'expired') THEN 'cancellation'::refund_reason
    WHEN b.status <> 'no_show' AND b.amount_paid_minor - b.amount_refunded_minor >= b.total_minor
      THEN 'overpayment'::refund_reason
    ELSE 'goodwill'::refund_reason END
  FROM payments p JOIN bookings b ON b.id = p.booking_id WHERE p.id = r.payment_id;
--> statement-breakpoint
INSERT INTO booking_adjustments (booking_id, kind, amount_minor, reason, refund_id, created_by, created_at)
  SELECT p.booking_id, 'goodwill', r.amount_minor, COALESCE(NULLIF(r.reason, ''), 'Goodwill refund'), r.id,
    r.created_by, r.created_at
  FROM refunds r JOIN payments p ON p.id = r.payment_id JOIN bookings b ON b.id = p.booking_id
  WHERE r.reason_kind = 'goodwill' AND b.status <> 'no_show'
    AND (r.status IN ('pending', 'succeeded') OR r.retry_at IS NOT NULL);
--> statement-breakpoint
UPDATE bookings b SET adjustment_minor = a.total
  FROM (SELECT booking_id, sum(amount_minor)::int AS total FROM booking_adjustments GROUP BY 1) a
  WHERE a.booking_id = b.id;
--> statement-breakpoint
-- A closed booking charges what it kept; a missed one its price less what went back (the no-show rule's
-- default is the full price).
-- Online refunds count on the booking only once their provider accepts them: one still on its way
-- (pending, or failed with a retry to come) is not kept either.
UPDATE bookings b SET fee_minor = GREATEST(0, b.amount_paid_minor - b.amount_refunded_minor - COALESCE((
    SELECT sum(r.amount_minor) FROM refunds r JOIN payments p ON p.id = r.payment_id
    WHERE p.booking_id = b.id AND p.provider <> 'manual'
      AND (r.status = 'pending' OR (r.status = 'failed' AND r.retry_at IS NOT NULL))), 0))
  WHERE b.status IN ('cancelled', 'declined', 'expired');
--> statement-breakpoint
UPDATE bookings SET fee_minor = GREATEST(0, total_minor - amount_refunded_minor) WHERE status = 'no_show';
-- END money data migration
--> statement-breakpoint
SELECT customer_booking_facts_refresh(ARRAY(SELECT DISTINCT customer_id FROM bookings));

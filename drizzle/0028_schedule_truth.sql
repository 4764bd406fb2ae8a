-- ADR 0043: one definition of "this time is taken". A completed or missed job keeps its time: its
-- allocation mirrors the booking as 'completed' / 'no_show' and still holds. The new values are used in
-- this same migration (the guard's predicate), and migrations run in one transaction, where a value added
-- by ALTER TYPE … ADD VALUE cannot be used yet — so the type is rebuilt with them instead.
ALTER TABLE "allocations" DROP CONSTRAINT "allocations_no_overlap";--> statement-breakpoint
DROP INDEX IF EXISTS "allocations_holding_during_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "allocations_hold_expiry_idx";--> statement-breakpoint
ALTER TYPE "public"."allocation_status" RENAME TO "allocation_status_0027";--> statement-breakpoint
CREATE TYPE "public"."allocation_status" AS ENUM('pending_payment', 'awaiting_approval', 'confirmed', 'in_progress', 'pending_reschedule', 'block', 'expired', 'released', 'completed', 'no_show');--> statement-breakpoint
ALTER TABLE "allocations" ALTER COLUMN "status" TYPE "public"."allocation_status" USING "status"::text::"public"."allocation_status";--> statement-breakpoint
DROP TYPE "public"."allocation_status_0027";--> statement-breakpoint
-- The one SQL definition of a holding row, equal to ALLOCATION_HOLDING_STATUSES (src/lib/enums.ts; a test
-- compares them for every value). IMMUTABLE, so the guard and the partial index can use it.
CREATE FUNCTION "allocation_holds_time"(s "public"."allocation_status") RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT s IN ('pending_payment', 'awaiting_approval', 'confirmed', 'in_progress', 'completed', 'no_show', 'pending_reschedule', 'block') $$;--> statement-breakpoint
-- Its booking twin: the booking statuses that take time (TIME_TAKING_STATUSES), for reads on bookings.
CREATE FUNCTION "booking_takes_time"(s "public"."booking_status") RETURNS boolean
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT s IN ('pending_payment', 'awaiting_approval', 'confirmed', 'in_progress', 'completed', 'no_show') $$;--> statement-breakpoint
ALTER TABLE "allocations" ADD CONSTRAINT "allocations_no_overlap"
  EXCLUDE USING gist ("team_id" WITH =, (coalesce("booking_id", "id")) WITH <>, "during" WITH &&)
  WHERE (allocation_holds_time("status"));--> statement-breakpoint
CREATE INDEX "allocations_holding_during_idx" ON "allocations" USING gist ("during")
  WHERE (allocation_holds_time("status"));--> statement-breakpoint
CREATE INDEX "allocations_hold_expiry_idx" ON "allocations" USING btree ("hold_expires_at") WHERE hold_expires_at IS NOT NULL AND status IN ('pending_payment', 'pending_reschedule');--> statement-breakpoint
-- BEGIN taken-time backfill
-- Jobs completed or missed before this release had their time freed. Give it back where nothing has been
-- booked into it since, one row at a time: a row whose time was taken meanwhile stays released (the
-- guard refuses it) rather than failing the upgrade.
DO $$
DECLARE r record;
BEGIN
  FOR r IN
    SELECT a.id, b.status::text AS status FROM "allocations" a JOIN "bookings" b ON b.id = a.booking_id
    WHERE a.kind = 'booking' AND a.status = 'released' AND b.status IN ('completed', 'no_show')
    ORDER BY lower(a.during), a.id
  LOOP
    BEGIN
      UPDATE "allocations" SET "status" = r.status::"public"."allocation_status", "released_at" = NULL
      WHERE id = r.id;
    EXCEPTION WHEN exclusion_violation THEN NULL;
    END;
  END LOOP;
END $$;--> statement-breakpoint
-- END taken-time backfill
ALTER TYPE "public"."booking_event_type" ADD VALUE 'time_freed';--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "start_lead_minutes" integer DEFAULT 60 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_start_lead" CHECK ("settings"."start_lead_minutes" BETWEEN 0 AND 1440);

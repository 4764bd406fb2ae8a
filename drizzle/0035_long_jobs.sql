ALTER TABLE "services" ADD COLUMN "spans_breaks" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "work_minutes" integer DEFAULT NULL;--> statement-breakpoint
-- Every booking made before this migration fits inside one opening range: its work is its span.
UPDATE "bookings" SET "work_minutes" = LEAST(7200, GREATEST(1, round(extract(epoch from ("ends_at" - "starts_at")) / 60)::integer));--> statement-breakpoint
ALTER TABLE "bookings" ALTER COLUMN "work_minutes" SET NOT NULL;--> statement-breakpoint
-- A writer that leaves the work out (a script, an old test factory) books a job with no break in it:
-- its work is its span. The booking use cases always say the work.
CREATE FUNCTION bookings_work_minutes_default() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.work_minutes IS NULL THEN
    NEW.work_minutes := GREATEST(1, round(extract(epoch from (NEW.ends_at - NEW.starts_at)) / 60)::integer);
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER bookings_work_minutes_default BEFORE INSERT ON "bookings"
  FOR EACH ROW EXECUTE FUNCTION bookings_work_minutes_default();--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "spans_breaks" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "holiday_region" text DEFAULT 'GB-ENG' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_work_minutes" CHECK ("bookings"."work_minutes" BETWEEN 1 AND 7200);

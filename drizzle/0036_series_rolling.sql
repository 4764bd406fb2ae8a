CREATE TABLE "booking_series_dates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"series_id" uuid NOT NULL,
	"date" date NOT NULL,
	"outcome" text NOT NULL,
	"booking_id" uuid,
	"offered" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"resolved_at" timestamp with time zone,
	CONSTRAINT "booking_series_dates_outcome" CHECK ("booking_series_dates"."outcome" IN ('held', 'not_free', 'paused', 'skipped'))
);
--> statement-breakpoint
ALTER TABLE "booking_series" ADD COLUMN "open_ended" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_series" ADD COLUMN "anchor_date" date;--> statement-breakpoint
ALTER TABLE "booking_series" ADD COLUMN "start_minutes" smallint;--> statement-breakpoint
ALTER TABLE "booking_series" ADD COLUMN "template_booking_id" uuid;--> statement-breakpoint
ALTER TABLE "booking_series" ADD COLUMN "held_through" date;--> statement-breakpoint
-- BEGIN series backfill
-- A series made before this migration held every visit up to its last date: the rule goes on from its latest
-- visit still standing (or its latest), at that visit's wall-clock time in the business's zone, copying it.
UPDATE "booking_series" s SET
  "template_booking_id" = v."id",
  "anchor_date" = (v."starts_at" AT TIME ZONE st."time_zone")::date,
  "start_minutes" = (extract(hour FROM v."starts_at" AT TIME ZONE st."time_zone") * 60
    + extract(minute FROM v."starts_at" AT TIME ZONE st."time_zone"))::smallint
FROM (
  SELECT DISTINCT ON ("series_id") "series_id", "id", "starts_at" FROM "bookings"
  WHERE "series_id" IS NOT NULL
  ORDER BY "series_id", ("status" <> 'cancelled') DESC, "starts_at" DESC
) v, (SELECT "time_zone" FROM "settings" LIMIT 1) st
WHERE v."series_id" = s."id";--> statement-breakpoint
UPDATE "booking_series" SET "held_through" = "until_date",
  "anchor_date" = COALESCE("anchor_date", "until_date"), "start_minutes" = COALESCE("start_minutes", 540);--> statement-breakpoint
-- END series backfill
ALTER TABLE "booking_series" ALTER COLUMN "anchor_date" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_series" ALTER COLUMN "start_minutes" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_series" ALTER COLUMN "held_through" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "paused" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_series_dates" ADD CONSTRAINT "booking_series_dates_series_id_booking_series_id_fk" FOREIGN KEY ("series_id") REFERENCES "public"."booking_series"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_series_dates" ADD CONSTRAINT "booking_series_dates_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "booking_series_dates_key" ON "booking_series_dates" USING btree ("series_id","date");--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_template_booking_id_bookings_id_fk" FOREIGN KEY ("template_booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_series_active_idx" ON "booking_series" USING btree ("held_through") WHERE status = 'active';--> statement-breakpoint
ALTER TABLE "booking_series" ADD CONSTRAINT "booking_series_start_minutes" CHECK ("booking_series"."start_minutes" BETWEEN 0 AND 1439);
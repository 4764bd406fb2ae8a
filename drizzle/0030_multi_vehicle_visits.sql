CREATE TABLE "booking_vehicles" (
	"booking_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"vehicle_id" uuid,
	"vehicle_snapshot" jsonb NOT NULL,
	CONSTRAINT "booking_vehicles_booking_id_position_pk" PRIMARY KEY("booking_id","position"),
	CONSTRAINT "booking_vehicles_position" CHECK ("booking_vehicles"."position" >= 1)
);
--> statement-breakpoint
ALTER TABLE "booking_items" ADD COLUMN "vehicle_position" smallint;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "max_vehicles_per_booking" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "bundle_second_vehicle_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "bundle_later_vehicle_percent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "bundle_minutes_saved_per_extra_vehicle" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "booking_vehicles" ADD CONSTRAINT "booking_vehicles_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "booking_vehicles" ADD CONSTRAINT "booking_vehicles_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_vehicles_vehicle_idx" ON "booking_vehicles" USING btree ("vehicle_id");--> statement-breakpoint
CREATE INDEX "booking_vehicles_registration_idx" ON "booking_vehicles" USING btree (("vehicle_snapshot" ->> 'registration') text_pattern_ops);--> statement-breakpoint
-- BEGIN vehicle-position backfill
-- Every package and add-on booked so far was for the booking's own vehicle (position 0). The update
-- changes no column the report rollups read, so their update trigger is off while it runs (it would
-- re-add every line it subtracts).
ALTER TABLE "booking_items" DISABLE TRIGGER "report_rollup_update";--> statement-breakpoint
UPDATE "booking_items" SET "vehicle_position" = 0 WHERE "kind" IN ('package', 'addon');--> statement-breakpoint
ALTER TABLE "booking_items" ENABLE TRIGGER "report_rollup_update";--> statement-breakpoint
-- END vehicle-position backfill
ALTER TABLE "booking_items" ADD CONSTRAINT "booking_items_vehicle" CHECK (("booking_items"."kind" IN ('package', 'addon')) = ("booking_items"."vehicle_position" IS NOT NULL) AND COALESCE("booking_items"."vehicle_position", 0) >= 0);--> statement-breakpoint
ALTER TABLE "settings" ADD CONSTRAINT "settings_vehicles" CHECK ("settings"."max_vehicles_per_booking" BETWEEN 1 AND 20 AND "settings"."bundle_second_vehicle_percent" BETWEEN 0 AND 100 AND "settings"."bundle_later_vehicle_percent" BETWEEN 0 AND 100 AND "settings"."bundle_minutes_saved_per_extra_vehicle" BETWEEN 0 AND 240);
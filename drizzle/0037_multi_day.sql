CREATE TYPE "public"."visit_mode" AS ENUM('mobile', 'drop_off');--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "multi_day_mode" "visit_mode" DEFAULT 'mobile' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "day_parts" jsonb;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "visit_mode" "visit_mode" DEFAULT 'mobile' NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_day_parts" CHECK ("bookings"."day_parts" IS NULL OR (jsonb_typeof("bookings"."day_parts") = 'array' AND jsonb_array_length("bookings"."day_parts") BETWEEN 2 AND 31));
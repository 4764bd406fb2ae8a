CREATE TYPE "public"."weather_answer" AS ENUM('accepted', 'asked_another');--> statement-breakpoint
CREATE TABLE "weather_days" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date" date NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"team_ids" uuid[],
	"message" text DEFAULT '' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "weather_days_range" CHECK ("weather_days"."starts_at" < "weather_days"."ends_at")
);
--> statement-breakpoint
CREATE TABLE "weather_day_bookings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"weather_day_id" uuid NOT NULL,
	"booking_id" uuid NOT NULL,
	"offer_id" uuid,
	"answer" "weather_answer",
	"note" text,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reschedule_requests" ADD COLUMN "weather_day_id" uuid;--> statement-breakpoint
ALTER TABLE "weather_days" ADD CONSTRAINT "weather_days_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_day_bookings" ADD CONSTRAINT "weather_day_bookings_weather_day_id_weather_days_id_fk" FOREIGN KEY ("weather_day_id") REFERENCES "public"."weather_days"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_day_bookings" ADD CONSTRAINT "weather_day_bookings_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "weather_day_bookings" ADD CONSTRAINT "weather_day_bookings_offer_id_reschedule_requests_id_fk" FOREIGN KEY ("offer_id") REFERENCES "public"."reschedule_requests"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "weather_days_starts_idx" ON "weather_days" USING btree ("starts_at");--> statement-breakpoint
CREATE UNIQUE INDEX "weather_day_bookings_uq" ON "weather_day_bookings" USING btree ("weather_day_id","booking_id");--> statement-breakpoint
CREATE INDEX "weather_day_bookings_booking_idx" ON "weather_day_bookings" USING btree ("booking_id");--> statement-breakpoint
ALTER TABLE "reschedule_requests" ADD CONSTRAINT "reschedule_requests_weather_day_id_weather_days_id_fk" FOREIGN KEY ("weather_day_id") REFERENCES "public"."weather_days"("id") ON DELETE set null ON UPDATE no action;
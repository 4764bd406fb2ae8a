CREATE TABLE "maintenance_reminders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"booking_id" uuid NOT NULL,
	"service_id" uuid NOT NULL,
	"vehicle_id" uuid NOT NULL,
	"due_on" date NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "services" ADD COLUMN "maintenance_interval_months" smallint;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "job_notes" text;--> statement-breakpoint
ALTER TABLE "maintenance_reminders" ADD CONSTRAINT "maintenance_reminders_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_reminders" ADD CONSTRAINT "maintenance_reminders_service_id_services_id_fk" FOREIGN KEY ("service_id") REFERENCES "public"."services"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "maintenance_reminders" ADD CONSTRAINT "maintenance_reminders_vehicle_id_vehicles_id_fk" FOREIGN KEY ("vehicle_id") REFERENCES "public"."vehicles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "maintenance_reminders_booking_service_idx" ON "maintenance_reminders" USING btree ("booking_id","service_id");--> statement-breakpoint
CREATE INDEX "maintenance_reminders_vehicle_idx" ON "maintenance_reminders" USING btree ("vehicle_id");--> statement-breakpoint
ALTER TABLE "services" ADD CONSTRAINT "services_maintenance_interval" CHECK ("services"."maintenance_interval_months" IS NULL OR "services"."maintenance_interval_months" BETWEEN 1 AND 60);
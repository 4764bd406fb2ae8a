ALTER TABLE "weather_days" ADD COLUMN "lifted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "weather_days" ADD COLUMN "lifted_by" text;--> statement-breakpoint
ALTER TABLE "weather_days" ADD CONSTRAINT "weather_days_lifted_by_users_id_fk" FOREIGN KEY ("lifted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
CREATE TABLE "customer_booking_facts" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"bookings" integer NOT NULL,
	"latest_at" timestamp with time zone,
	"owed_minor" integer NOT NULL,
	"value_minor" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_booking_facts" ADD CONSTRAINT "customer_booking_facts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
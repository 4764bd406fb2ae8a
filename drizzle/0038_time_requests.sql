CREATE TABLE "time_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"visit" jsonb NOT NULL,
	"work_minutes" integer NOT NULL,
	"travel_buffer_minutes" integer DEFAULT 0 NOT NULL,
	"spans_breaks" boolean NOT NULL,
	"reason" text NOT NULL,
	"days" jsonb NOT NULL,
	"note" text,
	"idempotency_key" text NOT NULL,
	"booking_id" uuid,
	"proposed_by" text,
	"proposed_at" timestamp with time zone,
	"response" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "time_requests_status" CHECK ("time_requests"."status" IN ('open', 'proposed', 'booked', 'declined', 'expired', 'withdrawn', 'closed')),
	CONSTRAINT "time_requests_reason" CHECK ("time_requests"."reason" IN ('too_long', 'no_times')),
	CONSTRAINT "time_requests_work" CHECK ("time_requests"."work_minutes" BETWEEN 1 AND 7200)
);
--> statement-breakpoint
ALTER TABLE "time_requests" ADD CONSTRAINT "time_requests_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_requests" ADD CONSTRAINT "time_requests_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_requests" ADD CONSTRAINT "time_requests_proposed_by_users_id_fk" FOREIGN KEY ("proposed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "time_requests_idempotency_uq" ON "time_requests" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "time_requests_status_created_idx" ON "time_requests" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "time_requests_customer_idx" ON "time_requests" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "time_requests_booking_idx" ON "time_requests" USING btree ("booking_id");
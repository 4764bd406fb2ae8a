ALTER TABLE "settings" ADD COLUMN "alert_new_bookings" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "alert_cancellations" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "alert_payments" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "alert_refunds" boolean DEFAULT true NOT NULL;
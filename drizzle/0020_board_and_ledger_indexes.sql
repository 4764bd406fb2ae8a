DROP INDEX "payments_settled_idx";--> statement-breakpoint
DROP INDEX "refunds_settled_idx";--> statement-breakpoint
CREATE INDEX "bookings_cancelled_at_idx" ON "bookings" USING btree ("cancelled_at") WHERE "bookings"."status" = 'cancelled';--> statement-breakpoint
CREATE INDEX "payments_settled_idx" ON "payments" USING btree ("settled_at","id") WHERE status = 'succeeded';--> statement-breakpoint
CREATE INDEX "refunds_settled_idx" ON "refunds" USING btree ("settled_at","id");
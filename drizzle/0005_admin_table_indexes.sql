DROP INDEX "bookings_starts_idx";--> statement-breakpoint
DROP INDEX "bookings_registration_idx";--> statement-breakpoint
DROP INDEX "bookings_postcode_idx";--> statement-breakpoint
CREATE INDEX "users_name_sort_idx" ON "users" USING btree (lower("name"),"id");--> statement-breakpoint
CREATE INDEX "users_name_trgm_idx" ON "users" USING gin (lower("name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_email_trgm_idx" ON "users" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "users_phone_trgm_idx" ON "users" USING gin (regexp_replace(COALESCE("phone", ''), '\D', '', 'g') gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "bookings_customer_id_idx" ON "bookings" USING btree ("customer_id","id");--> statement-breakpoint
CREATE INDEX "bookings_starts_id_idx" ON "bookings" USING btree ("starts_at","id");--> statement-breakpoint
CREATE INDEX "bookings_status_id_idx" ON "bookings" USING btree ("status","id");--> statement-breakpoint
CREATE INDEX "bookings_team_id_idx" ON "bookings" USING btree ("team_id","id");--> statement-breakpoint
CREATE INDEX "bookings_total_id_idx" ON "bookings" USING btree ("total_minor","id");--> statement-breakpoint
CREATE INDEX "bookings_payment_id_idx" ON "bookings" USING btree ((CASE
  WHEN "amount_refunded_minor" > 0 THEN
    CASE WHEN "amount_refunded_minor" >= "amount_paid_minor" THEN 'refunded' ELSE 'partially_refunded' END
  WHEN "amount_paid_minor" <= 0 THEN 'unpaid'
  WHEN "amount_paid_minor" >= "total_minor" THEN 'paid'
  ELSE 'deposit_paid' END),"id");--> statement-breakpoint
CREATE INDEX "bookings_due_id_idx" ON "bookings" USING btree (GREATEST(0, "total_minor" - ("amount_paid_minor" - "amount_refunded_minor")),"id");--> statement-breakpoint
CREATE INDEX "bookings_reference_prefix_idx" ON "bookings" USING btree ("reference" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bookings_registration_idx" ON "bookings" USING btree (("vehicle_snapshot" ->> 'registration') text_pattern_ops);--> statement-breakpoint
CREATE INDEX "bookings_postcode_idx" ON "bookings" USING btree ((replace(upper("address_snapshot" ->> 'postcode'), ' ', '')) text_pattern_ops);
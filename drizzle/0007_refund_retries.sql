ALTER TABLE "refunds" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "refunds" ADD COLUMN "retry_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "refunds_retry_idx" ON "refunds" USING btree ("retry_at") WHERE retry_at IS NOT NULL;
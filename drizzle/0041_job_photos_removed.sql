ALTER TABLE "job_photos" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "job_photos" ADD COLUMN "removed_by" text;--> statement-breakpoint
ALTER TABLE "job_photos" ADD CONSTRAINT "job_photos_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_photos_removed_idx" ON "job_photos" USING btree ("removed_at") WHERE "job_photos"."removed_at" IS NOT NULL;
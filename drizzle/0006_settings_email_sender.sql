ALTER TABLE "settings" ADD COLUMN "email_sender_name" text;--> statement-breakpoint
ALTER TABLE "settings" ADD COLUMN "email_reply_to" text;
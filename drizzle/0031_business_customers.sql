CREATE TABLE "business_contacts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"name" text NOT NULL,
	"role" text,
	"email" text,
	"phone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business_customers" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"company_name" text NOT NULL,
	"vat_number" text,
	"invoice_address" text NOT NULL,
	"billing_email" text NOT NULL,
	"on_account" boolean DEFAULT false NOT NULL,
	"payment_terms_days" integer DEFAULT 30 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_customers_terms" CHECK ("business_customers"."payment_terms_days" BETWEEN 1 AND 120)
);
--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "pay_by" date;--> statement-breakpoint
ALTER TABLE "tax_documents" ADD COLUMN "pay_by" date;--> statement-breakpoint
ALTER TABLE "business_contacts" ADD CONSTRAINT "business_contacts_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business_customers" ADD CONSTRAINT "business_customers_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "business_contacts_customer_idx" ON "business_contacts" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "bookings_pay_by_idx" ON "bookings" USING btree ("pay_by","id") WHERE pay_by IS NOT NULL;
CREATE TABLE "report_daily" (
	"local_date" date NOT NULL,
	"status" "booking_status" NOT NULL,
	"team_id" uuid NOT NULL,
	"jobs" integer NOT NULL,
	"value_minor" bigint NOT NULL,
	"paid_minor" bigint NOT NULL,
	"refunded_minor" bigint NOT NULL,
	"seconds" bigint NOT NULL,
	CONSTRAINT "report_daily_local_date_status_team_id_pk" PRIMARY KEY("local_date","status","team_id")
);
--> statement-breakpoint
CREATE TABLE "report_daily_hours" (
	"local_date" date NOT NULL,
	"hour" smallint NOT NULL,
	"jobs" integer NOT NULL,
	CONSTRAINT "report_daily_hours_local_date_hour_pk" PRIMARY KEY("local_date","hour")
);
--> statement-breakpoint
CREATE TABLE "report_daily_items" (
	"local_date" date NOT NULL,
	"kind" "booking_item_kind" NOT NULL,
	"name" text NOT NULL,
	"service_id" uuid NOT NULL,
	"lines" integer NOT NULL,
	"revenue_minor" bigint NOT NULL,
	CONSTRAINT "report_daily_items_local_date_kind_name_service_id_pk" PRIMARY KEY("local_date","kind","name","service_id")
);
--> statement-breakpoint
CREATE TABLE "report_daily_leads" (
	"local_date" date NOT NULL,
	"lead_days" smallint NOT NULL,
	"jobs" integer NOT NULL,
	CONSTRAINT "report_daily_leads_local_date_lead_days_pk" PRIMARY KEY("local_date","lead_days")
);
--> statement-breakpoint
CREATE TABLE "report_daily_money" (
	"local_date" date NOT NULL,
	"kind" text NOT NULL,
	"entries" integer NOT NULL,
	"amount_minor" bigint NOT NULL,
	CONSTRAINT "report_daily_money_local_date_kind_pk" PRIMARY KEY("local_date","kind")
);
--> statement-breakpoint
CREATE TABLE "report_daily_sizes" (
	"local_date" date NOT NULL,
	"size" text NOT NULL,
	"jobs" integer NOT NULL,
	"revenue_minor" bigint NOT NULL,
	CONSTRAINT "report_daily_sizes_local_date_size_pk" PRIMARY KEY("local_date","size")
);
--> statement-breakpoint
CREATE TABLE "report_daily_zones" (
	"local_date" date NOT NULL,
	"zone" text NOT NULL,
	"jobs" integer NOT NULL,
	"fees_minor" bigint NOT NULL,
	CONSTRAINT "report_daily_zones_local_date_zone_pk" PRIMARY KEY("local_date","zone")
);
--> statement-breakpoint
CREATE TABLE "report_rollup_state" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"time_zone" text NOT NULL
);

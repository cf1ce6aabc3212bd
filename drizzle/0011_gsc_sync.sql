CREATE TABLE "gsc_search_analytics" (
	"business_id" text NOT NULL,
	"date" text NOT NULL,
	"query" text NOT NULL,
	"page" text NOT NULL,
	"clicks" integer NOT NULL,
	"impressions" integer NOT NULL,
	"ctr" double precision NOT NULL,
	"position" double precision NOT NULL,
	CONSTRAINT "gsc_search_analytics_pk" PRIMARY KEY("business_id","date","query","page"),
	CONSTRAINT "gsc_search_analytics_date_check" CHECK ("date" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$')
);
--> statement-breakpoint
ALTER TABLE "gsc_data" ADD COLUMN "sync_status" text DEFAULT 'syncing' NOT NULL;--> statement-breakpoint
ALTER TABLE "gsc_data" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "gsc_data" ADD COLUMN "synced_through" text;--> statement-breakpoint
ALTER TABLE "gsc_search_analytics" ADD CONSTRAINT "gsc_search_analytics_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "gsc_search_analytics_page_idx" ON "gsc_search_analytics" USING btree ("business_id","page","date");--> statement-breakpoint
ALTER TABLE "gsc_data" ADD CONSTRAINT "gsc_data_synced_through_check" CHECK ("synced_through" ~ '^[0-9]{4}-[0-9]{2}-[0-9]{2}$');
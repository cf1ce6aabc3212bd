CREATE TABLE "competitor_keyword" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"competitor_id" text NOT NULL,
	"keyword" text NOT NULL,
	"keyword_lower" text GENERATED ALWAYS AS (lower(keyword)) STORED,
	"rank" integer NOT NULL,
	"url" text,
	"search_volume" integer,
	"difficulty" integer,
	"search_intent" text,
	"traffic" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competitor_keyword_competitor_keyword_unique" UNIQUE("competitor_id","keyword")
);
--> statement-breakpoint
ALTER TABLE "competitor_keyword" ADD CONSTRAINT "competitor_keyword_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor_keyword" ADD CONSTRAINT "competitor_keyword_competitor_id_competitor_id_fk" FOREIGN KEY ("competitor_id") REFERENCES "public"."competitor"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "competitor_keyword_business_idx" ON "competitor_keyword" USING btree ("business_id","keyword_lower");
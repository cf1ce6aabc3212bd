CREATE TABLE "keywords"."excluded_keyword" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"keyword" text NOT NULL,
	"variant_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "excluded_keyword_business_variant_unique" UNIQUE("business_id","variant_key")
);
--> statement-breakpoint
CREATE TABLE "keywords"."keyword_merge" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"research_run_id" uuid,
	"keyword" text NOT NULL,
	"long_tail_keyword_id" text,
	"merged_into_keyword_id" text,
	"merged_into" text NOT NULL,
	"reason" text NOT NULL,
	"similarity" real NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "keyword_merge_business_keyword_unique" UNIQUE("business_id","keyword")
);
--> statement-breakpoint
CREATE TABLE "keywords"."research_run" (
	"id" uuid PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"trigger" text NOT NULL,
	"month" text NOT NULL,
	"completed_stages" text[] DEFAULT '{}'::text[] NOT NULL,
	"counts" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"calls" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "business" ADD COLUMN "negative_keywords" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "keywords"."keyword" ADD COLUMN "cluster_id" text;--> statement-breakpoint
ALTER TABLE "keywords"."keyword" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "keywords"."long_tail_keyword" ADD COLUMN "research_run_id" uuid;--> statement-breakpoint
ALTER TABLE "keywords"."excluded_keyword" ADD CONSTRAINT "excluded_keyword_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords"."keyword_merge" ADD CONSTRAINT "keyword_merge_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords"."keyword_merge" ADD CONSTRAINT "keyword_merge_long_tail_keyword_id_long_tail_keyword_id_fk" FOREIGN KEY ("long_tail_keyword_id") REFERENCES "keywords"."long_tail_keyword"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords"."keyword_merge" ADD CONSTRAINT "keyword_merge_merged_into_keyword_id_keyword_id_fk" FOREIGN KEY ("merged_into_keyword_id") REFERENCES "keywords"."keyword"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords"."research_run" ADD CONSTRAINT "research_run_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "keyword_merge_into_idx" ON "keywords"."keyword_merge" USING btree ("merged_into_keyword_id");--> statement-breakpoint
CREATE INDEX "research_run_business_idx" ON "keywords"."research_run" USING btree ("business_id","created_at");--> statement-breakpoint
CREATE INDEX "keyword_business_cluster_idx" ON "keywords"."keyword" USING btree ("business_id","cluster_id");--> statement-breakpoint
CREATE INDEX "keyword_business_source_idx" ON "keywords"."keyword" USING btree ("business_id","source");--> statement-breakpoint
ALTER TABLE "keywords"."long_tail_keyword" ADD CONSTRAINT "long_tail_keyword_business_keyword_unique" UNIQUE("business_id","keyword");
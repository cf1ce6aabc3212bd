CREATE SCHEMA "content";
--> statement-breakpoint
CREATE TABLE "content"."article" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"keyword_id" text,
	"keyword" text NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"meta_title" text NOT NULL,
	"meta_description" text NOT NULL,
	"outline" jsonb NOT NULL,
	"markdown" text NOT NULL,
	"html" text NOT NULL,
	"images" jsonb NOT NULL,
	"video" jsonb,
	"faq" jsonb NOT NULL,
	"json_ld" jsonb NOT NULL,
	"citations" jsonb NOT NULL,
	"internal_links" jsonb NOT NULL,
	"word_count" integer NOT NULL,
	"seo_score" integer NOT NULL,
	"seo_checks" jsonb NOT NULL,
	"serp_median_words" integer,
	"generation_job_id" uuid,
	"provider_cost" real DEFAULT 0 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"approved_at" timestamp with time zone,
	"published_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_business_slug_unique" UNIQUE("business_id","slug"),
	CONSTRAINT "article_status_check" CHECK (status in ('draft', 'held', 'approved', 'published', 'archived')),
	CONSTRAINT "article_seo_score_range_check" CHECK ("content"."article"."seo_score" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "content"."article_version" (
	"id" text PRIMARY KEY NOT NULL,
	"article_id" text NOT NULL,
	"version" integer NOT NULL,
	"reason" text NOT NULL,
	"content" jsonb NOT NULL,
	"seo_score" integer NOT NULL,
	"generation_job_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "article_version_article_version_unique" UNIQUE("article_id","version")
);
--> statement-breakpoint
ALTER TABLE "business" ADD COLUMN "article_lead_days" integer DEFAULT 3 NOT NULL;--> statement-breakpoint
ALTER TABLE "business" ADD COLUMN "seo_score_floor" integer DEFAULT 70 NOT NULL;--> statement-breakpoint
ALTER TABLE "content"."article" ADD CONSTRAINT "article_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content"."article" ADD CONSTRAINT "article_keyword_id_keyword_id_fk" FOREIGN KEY ("keyword_id") REFERENCES "keywords"."keyword"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content"."article_version" ADD CONSTRAINT "article_version_article_id_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "content"."article"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "article_keyword_unique" ON "content"."article" USING btree ("keyword_id") WHERE "content"."article"."keyword_id" is not null;--> statement-breakpoint
CREATE INDEX "article_business_status_idx" ON "content"."article" USING btree ("business_id","status","updated_at");--> statement-breakpoint
CREATE UNIQUE INDEX "article_version_generation_job_unique" ON "content"."article_version" USING btree ("generation_job_id") WHERE "content"."article_version"."generation_job_id" is not null;
CREATE SCHEMA "keywords";
--> statement-breakpoint
CREATE TABLE "account" (
	"id" text PRIMARY KEY NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" text NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "session" (
	"id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" text NOT NULL,
	CONSTRAINT "session_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "user" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"plan" text,
	"selected_business" text,
	CONSTRAINT "user_email_unique" UNIQUE("email"),
	CONSTRAINT "user_email_lowercase_check" CHECK ("user"."email" = lower("user"."email"))
);
--> statement-breakpoint
CREATE TABLE "verification" (
	"id" text PRIMARY KEY NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "plan" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price" numeric(10, 2) NOT NULL,
	"product_id" text NOT NULL,
	"business_limit" integer NOT NULL,
	"articles_per_month" integer NOT NULL,
	"base_price" numeric(10, 2) NOT NULL,
	"has_metered_pricing" boolean DEFAULT false NOT NULL,
	"metered_unit_price" numeric(10, 2),
	"metered_unit" text,
	"metered_billing_frequency" text DEFAULT 'monthly' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "plan_product_id_unique" UNIQUE("product_id")
);
--> statement-breakpoint
CREATE TABLE "usage" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"business_id" text,
	"source" text NOT NULL,
	"source_details" text,
	"quantity" integer DEFAULT 1 NOT NULL,
	"unit" text NOT NULL,
	"metadata" jsonb,
	"timestamp" timestamp with time zone DEFAULT now() NOT NULL,
	"billing_period" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "business" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text,
	"url" text NOT NULL,
	"description" text,
	"target_audiences" text[] DEFAULT '{}'::text[] NOT NULL,
	"industry" text,
	"services" text[] DEFAULT '{""}'::text[] NOT NULL,
	"primary_services" text[] DEFAULT '{}'::text[] NOT NULL,
	"business_model" text,
	"core_products" text[] DEFAULT '{}'::text[] NOT NULL,
	"value_proposition" text,
	"customer_problems" text[] DEFAULT '{}'::text[] NOT NULL,
	"competitive_advantages" text[] DEFAULT '{}'::text[] NOT NULL,
	"target_outcomes" text[] DEFAULT '{}'::text[] NOT NULL,
	"seeds" jsonb,
	"last_analyzed_at" timestamp with time zone,
	"crawl_id" text,
	"keyword_region" text DEFAULT 'US' NOT NULL,
	"sitemap_url" text,
	"blog_url" text,
	"best_articles" text[] DEFAULT '{}'::text[] NOT NULL,
	"gsc_connected" boolean DEFAULT false NOT NULL,
	"language" text DEFAULT 'English' NOT NULL,
	"tone" text DEFAULT 'Informative' NOT NULL,
	"auto_publish" boolean DEFAULT true NOT NULL,
	"internal_links" integer DEFAULT 0 NOT NULL,
	"add_youtube_video" boolean DEFAULT true NOT NULL,
	"add_cta" boolean DEFAULT true NOT NULL,
	"include_infographics" boolean DEFAULT true NOT NULL,
	"image_style" text DEFAULT 'Brand & Text Realism' NOT NULL,
	"brand_color" text DEFAULT '#000000' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "business_user_url_unique" UNIQUE("user_id","url")
);
--> statement-breakpoint
CREATE TABLE "competitor" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"url" text NOT NULL,
	"name" text,
	"description" text,
	"industry" text,
	"primary_services" text[] DEFAULT '{}'::text[] NOT NULL,
	"target_audience" text,
	"business_model" text,
	"core_products" text[] DEFAULT '{}'::text[] NOT NULL,
	"value_proposition" text,
	"seeds" jsonb,
	"relevance_to_our_business" integer,
	"business_category" text,
	"last_analyzed_at" timestamp with time zone,
	"crawl_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "competitor_business_url_unique" UNIQUE("business_id","url")
);
--> statement-breakpoint
CREATE TABLE "crawl" (
	"id" text PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"data" jsonb,
	"analysis" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "gsc_data" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"site_url" text NOT NULL,
	"property_type" text,
	"permission_level" text,
	"connected_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_sync_at" timestamp with time zone,
	"sitemap_url" text,
	"verification_status" text DEFAULT 'pending' NOT NULL,
	"data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "gsc_data_business_id_unique" UNIQUE("business_id")
);
--> statement-breakpoint
CREATE TABLE "publishing" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"type" text NOT NULL,
	"config" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publishing_business_type_unique" UNIQUE("business_id","type")
);
--> statement-breakpoint
CREATE TABLE "embedding_cache" (
	"id" text PRIMARY KEY NOT NULL,
	"text_hash" text NOT NULL,
	"text" text NOT NULL,
	"embedding" real[] NOT NULL,
	"model" text DEFAULT 'nomic-embed-text-v1.5' NOT NULL,
	"dimensions" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "embedding_cache_text_hash_unique" UNIQUE("text_hash")
);
--> statement-breakpoint
CREATE TABLE "keyword_cache" (
	"id" text PRIMARY KEY NOT NULL,
	"keyword" text NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"country" text DEFAULT 'us' NOT NULL,
	"endpoint_type" text NOT NULL,
	"cache_key" text NOT NULL,
	"search_volume" integer,
	"difficulty" real,
	"competition" real,
	"cpc" real,
	"competition_level" text,
	"trends" jsonb,
	"serp_features" jsonb,
	"api_response" jsonb,
	"source" text DEFAULT 'dataforseo' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "keyword_cache_cache_key_unique" UNIQUE("cache_key")
);
--> statement-breakpoint
CREATE TABLE "keywords"."content_series" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"cluster_id" text NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"pillar_title" text,
	"pillar_keyword" text,
	"estimated_articles" integer,
	"status" text DEFAULT 'planned' NOT NULL,
	"priority" integer,
	"estimated_completion_weeks" integer,
	"scheduled_start_date" timestamp with time zone,
	"target_completion_date" timestamp with time zone,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "content_series_business_cluster_unique" UNIQUE("business_id","cluster_id")
);
--> statement-breakpoint
CREATE TABLE "keywords"."expanded_keyword" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"keyword" text NOT NULL,
	"source" text NOT NULL,
	"source_id" text,
	"type" text DEFAULT 'industry_term' NOT NULL,
	"original_text" text,
	"priority" integer DEFAULT 50 NOT NULL,
	"relevance" integer DEFAULT 50 NOT NULL,
	"search_volume" integer,
	"keyword_difficulty" real,
	"cpc" real,
	"competition" real,
	"competition_level" text,
	"search_intent" text,
	"categories" jsonb,
	"serp_features" jsonb,
	"trends" jsonb,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"refined_seed_id" text,
	CONSTRAINT "expanded_keyword_business_keyword_unique" UNIQUE("business_id","keyword")
);
--> statement-breakpoint
CREATE TABLE "keywords"."keyword" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"long_tail_keyword_id" text,
	"keyword" text NOT NULL,
	"search_intent" text,
	"search_volume" integer,
	"difficulty" integer,
	"status" text DEFAULT 'pending' NOT NULL,
	"priority" integer,
	"scheduled_at" timestamp with time zone,
	"generated_at" timestamp with time zone,
	"assigned_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"assigned_month" text,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "keyword_business_keyword_unique" UNIQUE("business_id","keyword"),
	CONSTRAINT "keyword_status_check" CHECK (status in ('draft', 'scheduled', 'published', 'archived', 'pending')),
	CONSTRAINT "keyword_search_intent_check" CHECK (search_intent in ('', 'informational', 'commercial', 'transactional', 'navigational')),
	CONSTRAINT "keyword_difficulty_range_check" CHECK ("keywords"."keyword"."difficulty" between 0 and 100),
	CONSTRAINT "keyword_priority_range_check" CHECK ("keywords"."keyword"."priority" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "keywords"."keyword_cluster" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"label" text NOT NULL,
	"description" text,
	"total_volume" integer,
	"avg_difficulty" real,
	"avg_competition" real,
	"avg_cpc" real,
	"opportunity_score" real,
	"relevance_score" real,
	"final_score" real,
	"keyword_count" integer,
	"centroid" real[],
	"clustering_method" text DEFAULT 'semantic' NOT NULL,
	"pillar_keyword" text,
	"pillar_search_volume" integer,
	"pillar_difficulty" real,
	"status" text DEFAULT 'active' NOT NULL,
	"priority" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "keyword_cluster_business_label_unique" UNIQUE("business_id","label")
);
--> statement-breakpoint
CREATE TABLE "keywords"."keyword_cluster_membership" (
	"id" text PRIMARY KEY NOT NULL,
	"cluster_id" text NOT NULL,
	"long_tail_keyword_id" text NOT NULL,
	"similarity_score" real,
	"is_core" boolean DEFAULT false NOT NULL,
	"is_pillar" boolean DEFAULT false NOT NULL,
	"content_type" text DEFAULT 'supporting' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "keyword_cluster_membership_unique" UNIQUE("cluster_id","long_tail_keyword_id")
);
--> statement-breakpoint
CREATE TABLE "keywords"."long_tail_keyword" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"refined_seed_id" text,
	"expanded_keyword_id" text,
	"seed_keyword_id" text,
	"keyword" text NOT NULL,
	"metrics" jsonb,
	"relevance_score" real,
	"opportunity_score" real,
	"trend_score" real,
	"final_score" real DEFAULT 0 NOT NULL,
	"source" text DEFAULT 'dataforseo' NOT NULL,
	"source_stage" text,
	"is_selected" boolean DEFAULT false NOT NULL,
	"article_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keywords"."refined_seed" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"keyword" text NOT NULL,
	"source" text NOT NULL,
	"source_id" text,
	"type" text,
	"original_text" text,
	"priority" integer DEFAULT 50 NOT NULL,
	"relevance" integer DEFAULT 50 NOT NULL,
	"search_volume" integer,
	"keyword_difficulty" real,
	"cpc" real,
	"competition" real,
	"competition_level" text,
	"search_intent" text,
	"categories" jsonb,
	"serp_features" jsonb,
	"trends" jsonb,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refined_seed_business_keyword_source_unique" UNIQUE("business_id","keyword","source")
);
--> statement-breakpoint
CREATE TABLE "keywords"."seed_keyword" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"keyword" text NOT NULL,
	"source" text NOT NULL,
	"source_id" text,
	"type" text,
	"original_text" text,
	"priority" integer DEFAULT 50 NOT NULL,
	"relevance" integer DEFAULT 50 NOT NULL,
	"search_volume" integer,
	"keyword_difficulty" real,
	"cpc" real,
	"competition" real,
	"competition_level" text,
	"search_intent" text,
	"categories" jsonb,
	"serp_features" jsonb,
	"trends" jsonb,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seed_keyword_business_keyword_source_unique" UNIQUE("business_id","keyword","source")
);
--> statement-breakpoint
CREATE TABLE "newsletter" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "newsletter_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "waitlist" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "waitlist_email_unique" UNIQUE("email")
);
--> statement-breakpoint
ALTER TABLE "account" ADD CONSTRAINT "account_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "session" ADD CONSTRAINT "session_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_plan_plan_id_fk" FOREIGN KEY ("plan") REFERENCES "public"."plan"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_selected_business_business_id_fk" FOREIGN KEY ("selected_business") REFERENCES "public"."business"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage" ADD CONSTRAINT "usage_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "usage" ADD CONSTRAINT "usage_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business" ADD CONSTRAINT "business_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "business" ADD CONSTRAINT "business_crawl_id_crawl_id_fk" FOREIGN KEY ("crawl_id") REFERENCES "public"."crawl"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor" ADD CONSTRAINT "competitor_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "competitor" ADD CONSTRAINT "competitor_crawl_id_crawl_id_fk" FOREIGN KEY ("crawl_id") REFERENCES "public"."crawl"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "gsc_data" ADD CONSTRAINT "gsc_data_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publishing" ADD CONSTRAINT "publishing_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords"."content_series" ADD CONSTRAINT "content_series_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords"."content_series" ADD CONSTRAINT "content_series_cluster_id_keyword_cluster_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "keywords"."keyword_cluster"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords"."expanded_keyword" ADD CONSTRAINT "expanded_keyword_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords"."expanded_keyword" ADD CONSTRAINT "expanded_keyword_refined_seed_id_refined_seed_id_fk" FOREIGN KEY ("refined_seed_id") REFERENCES "keywords"."refined_seed"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords"."keyword" ADD CONSTRAINT "keyword_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords"."keyword" ADD CONSTRAINT "keyword_long_tail_keyword_id_long_tail_keyword_id_fk" FOREIGN KEY ("long_tail_keyword_id") REFERENCES "keywords"."long_tail_keyword"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords"."keyword_cluster" ADD CONSTRAINT "keyword_cluster_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords"."keyword_cluster_membership" ADD CONSTRAINT "keyword_cluster_membership_cluster_id_keyword_cluster_id_fk" FOREIGN KEY ("cluster_id") REFERENCES "keywords"."keyword_cluster"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords"."keyword_cluster_membership" ADD CONSTRAINT "keyword_cluster_membership_long_tail_keyword_id_long_tail_keyword_id_fk" FOREIGN KEY ("long_tail_keyword_id") REFERENCES "keywords"."long_tail_keyword"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords"."long_tail_keyword" ADD CONSTRAINT "long_tail_keyword_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords"."long_tail_keyword" ADD CONSTRAINT "long_tail_keyword_refined_seed_id_refined_seed_id_fk" FOREIGN KEY ("refined_seed_id") REFERENCES "keywords"."refined_seed"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords"."long_tail_keyword" ADD CONSTRAINT "long_tail_keyword_expanded_keyword_id_expanded_keyword_id_fk" FOREIGN KEY ("expanded_keyword_id") REFERENCES "keywords"."expanded_keyword"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords"."long_tail_keyword" ADD CONSTRAINT "long_tail_keyword_seed_keyword_id_seed_keyword_id_fk" FOREIGN KEY ("seed_keyword_id") REFERENCES "keywords"."seed_keyword"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords"."refined_seed" ADD CONSTRAINT "refined_seed_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "keywords"."seed_keyword" ADD CONSTRAINT "seed_keyword_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_user_id_idx" ON "account" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "session_user_id_idx" ON "session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "verification_identifier_idx" ON "verification" USING btree ("identifier");--> statement-breakpoint
CREATE INDEX "usage_user_period_idx" ON "usage" USING btree ("user_id","billing_period");--> statement-breakpoint
CREATE INDEX "business_user_idx" ON "business" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "keyword_cache_keyword_idx" ON "keyword_cache" USING btree ("keyword");--> statement-breakpoint
CREATE INDEX "keyword_business_created_idx" ON "keywords"."keyword" USING btree ("business_id","created_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "keyword_business_status_idx" ON "keywords"."keyword" USING btree ("business_id","status");--> statement-breakpoint
CREATE INDEX "keyword_business_intent_idx" ON "keywords"."keyword" USING btree ("business_id","search_intent");--> statement-breakpoint
CREATE INDEX "keyword_business_volume_idx" ON "keywords"."keyword" USING btree ("business_id","search_volume");--> statement-breakpoint
CREATE INDEX "keyword_business_difficulty_idx" ON "keywords"."keyword" USING btree ("business_id","difficulty");--> statement-breakpoint
CREATE INDEX "keyword_business_priority_idx" ON "keywords"."keyword" USING btree ("business_id","priority");--> statement-breakpoint
CREATE INDEX "keyword_business_scheduled_idx" ON "keywords"."keyword" USING btree ("business_id","scheduled_at");--> statement-breakpoint
CREATE INDEX "long_tail_keyword_business_score_idx" ON "keywords"."long_tail_keyword" USING btree ("business_id","final_score");
ALTER TABLE "business" ADD COLUMN "article_min_words" integer DEFAULT 1200 NOT NULL;--> statement-breakpoint
ALTER TABLE "business" ADD COLUMN "article_max_words" integer DEFAULT 3000 NOT NULL;--> statement-breakpoint
ALTER TABLE "content"."article" ADD COLUMN "target_words" integer;--> statement-breakpoint
ALTER TABLE "content"."article" ADD COLUMN "serp_pages_read" integer;
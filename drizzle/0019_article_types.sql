ALTER TABLE "keywords"."keyword" ADD COLUMN "article_type" text;--> statement-breakpoint
ALTER TABLE "keywords"."keyword" ADD COLUMN "article_type_reason" text;--> statement-breakpoint
ALTER TABLE "keywords"."keyword" ADD COLUMN "article_type_by_user" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "content"."article" ADD COLUMN "type" text DEFAULT 'guide' NOT NULL;--> statement-breakpoint
ALTER TABLE "content"."article" ADD COLUMN "type_reason" text;--> statement-breakpoint
ALTER TABLE "keywords"."keyword" ADD CONSTRAINT "keyword_article_type_check" CHECK (article_type in ('guide', 'how-to', 'listicle', 'comparison', 'review', 'question-answer'));--> statement-breakpoint
ALTER TABLE "content"."article" ADD CONSTRAINT "article_type_check" CHECK (type in ('guide', 'how-to', 'listicle', 'comparison', 'review', 'question-answer'));
ALTER TABLE "keywords"."keyword_merge" ADD COLUMN "rule" text;--> statement-breakpoint
ALTER TABLE "keywords"."research_run" ADD COLUMN "outcome" jsonb;
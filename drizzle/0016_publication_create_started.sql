ALTER TABLE "content"."publication" ADD COLUMN "create_started_at" timestamp with time zone;--> statement-breakpoint
-- Publications an earlier attempt already worked on may have a post on the CMS: they keep adopting it.
UPDATE "content"."publication" SET "create_started_at" = "created_at" WHERE "external_id" IS NOT NULL OR "last_error" IS NOT NULL OR "status" <> 'pending';

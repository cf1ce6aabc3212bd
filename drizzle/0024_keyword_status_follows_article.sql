-- One status model (src/shared/keyword-status.ts, docs/product/entities.md "Keyword status"):
-- keywords whose stored status drifted from their article's are set to what the article makes them
-- (draft or held: draft; approved: scheduled; published; archived).
UPDATE "keywords"."keyword" AS "k"
SET "status" = CASE "a"."status"
    WHEN 'draft' THEN 'draft'
    WHEN 'held' THEN 'draft'
    WHEN 'approved' THEN 'scheduled'
    WHEN 'published' THEN 'published'
    ELSE 'archived'
  END,
  "updated_at" = now()
FROM "content"."article" AS "a"
WHERE "a"."keyword_id" = "k"."id"
  AND "k"."status" IS DISTINCT FROM CASE "a"."status"
    WHEN 'draft' THEN 'draft'
    WHEN 'held' THEN 'draft'
    WHEN 'approved' THEN 'scheduled'
    WHEN 'published' THEN 'published'
    ELSE 'archived'
  END;--> statement-breakpoint
-- A draft keyword without an article: planned for a day is scheduled, otherwise pending.
UPDATE "keywords"."keyword" AS "k"
SET "status" = CASE WHEN "k"."scheduled_at" IS NULL THEN 'pending' ELSE 'scheduled' END,
  "updated_at" = now()
WHERE "k"."status" = 'draft'
  AND NOT EXISTS (SELECT 1 FROM "content"."article" AS "a" WHERE "a"."keyword_id" = "k"."id");

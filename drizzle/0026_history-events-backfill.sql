-- Custom SQL migration file, put your code below! --
-- History's events before the audit log existed, read once from the rows the work left
-- (docs/product/history.md): each version written, rewritten, edited or restored, with that
-- version's title and score; each article published (its day, no target); each target's refusal;
-- each research run finished. Older than the retention are left out.
INSERT INTO "history_event" ("id", "user_id", "business_id", "kind", "action", "status", "at", "article_id", "keyword", "title", "score", "detail", "job_id")
SELECT 'bv' || v."id", b."user_id", a."business_id", 'article',
  CASE v."reason" WHEN 'generated' THEN 'written' WHEN 'regenerated' THEN 'rewritten' ELSE v."reason" END,
  'succeeded', v."created_at", a."id", a."keyword", coalesce(v."content"->>'title', a."title"), v."seo_score",
  '{}'::jsonb, v."generation_job_id"::text
FROM "content"."article_version" v
JOIN "content"."article" a ON a."id" = v."article_id"
JOIN "business" b ON b."id" = a."business_id"
WHERE v."reason" IN ('generated', 'regenerated', 'edited', 'restored') AND v."created_at" > now() - interval '13 months';--> statement-breakpoint
INSERT INTO "history_event" ("id", "user_id", "business_id", "kind", "action", "status", "at", "article_id", "keyword", "title", "score")
SELECT 'bp' || a."id", b."user_id", a."business_id", 'publish', 'published', 'succeeded', a."published_at", a."id", a."keyword", a."title", a."seo_score"
FROM "content"."article" a
JOIN "business" b ON b."id" = a."business_id"
WHERE a."published_at" IS NOT NULL AND a."published_at" <= now() AND a."published_at" > now() - interval '13 months';--> statement-breakpoint
INSERT INTO "history_event" ("id", "user_id", "business_id", "kind", "action", "status", "at", "article_id", "keyword", "title", "score", "detail", "error")
SELECT 'bf' || p."id", b."user_id", p."business_id", 'publish', 'failed', 'failed', p."updated_at", a."id", a."keyword", a."title", a."seo_score",
  jsonb_build_object('target', t."type"), p."last_error"
FROM "content"."publication" p
JOIN "content"."article" a ON a."id" = p."article_id"
JOIN "publishing" t ON t."id" = p."integration_id"
JOIN "business" b ON b."id" = p."business_id"
WHERE p."status" = 'failed';--> statement-breakpoint
INSERT INTO "history_event" ("id", "user_id", "business_id", "kind", "action", "status", "at", "title", "detail", "job_id")
SELECT 'br' || r."id"::text, b."user_id", r."business_id", 'research', 'finished', 'succeeded', r."finished_at", r."month",
  jsonb_build_object('trigger', r."trigger", 'planned', coalesce((r."counts"->>'plan')::integer, 0)), r."id"::text
FROM "keywords"."research_run" r
JOIN "business" b ON b."id" = r."business_id"
WHERE r."finished_at" IS NOT NULL AND r."finished_at" > now() - interval '13 months';

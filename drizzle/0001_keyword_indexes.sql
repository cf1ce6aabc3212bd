CREATE INDEX "keyword_business_created_asc_idx" ON "keywords"."keyword" USING btree ("business_id","created_at","id");--> statement-breakpoint
CREATE INDEX "keyword_business_keyword_desc_idx" ON "keywords"."keyword" USING btree ("business_id","keyword" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "keyword_business_volume_desc_idx" ON "keywords"."keyword" USING btree ("business_id","search_volume" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "keyword_business_difficulty_desc_idx" ON "keywords"."keyword" USING btree ("business_id","difficulty" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "keyword_business_priority_desc_idx" ON "keywords"."keyword" USING btree ("business_id","priority" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "keyword_business_scheduled_desc_idx" ON "keywords"."keyword" USING btree ("business_id","scheduled_at" DESC NULLS LAST,"id");
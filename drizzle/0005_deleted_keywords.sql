CREATE TABLE "keywords"."deleted_keyword" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"row" jsonb NOT NULL,
	"deleted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "keywords"."deleted_keyword" ADD CONSTRAINT "deleted_keyword_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deleted_keyword_business_idx" ON "keywords"."deleted_keyword" USING btree ("business_id");--> statement-breakpoint
CREATE INDEX "deleted_keyword_deleted_at_idx" ON "keywords"."deleted_keyword" USING btree ("deleted_at");
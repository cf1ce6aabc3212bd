CREATE TABLE "content"."publication" (
	"id" text PRIMARY KEY NOT NULL,
	"business_id" text NOT NULL,
	"article_id" text NOT NULL,
	"integration_id" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"external_id" text,
	"url" text,
	"published_revision" integer,
	"last_error" text,
	"last_synced_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publication_article_integration_unique" UNIQUE("article_id","integration_id"),
	CONSTRAINT "publication_status_check" CHECK (status in ('pending', 'published', 'failed', 'unpublished'))
);
--> statement-breakpoint
ALTER TABLE "publishing" ADD COLUMN "secrets" text;--> statement-breakpoint
ALTER TABLE "publishing" ADD COLUMN "status" text DEFAULT 'untested' NOT NULL;--> statement-breakpoint
ALTER TABLE "publishing" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "publishing" ADD COLUMN "last_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "content"."publication" ADD CONSTRAINT "publication_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content"."publication" ADD CONSTRAINT "publication_article_id_article_id_fk" FOREIGN KEY ("article_id") REFERENCES "content"."article"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "content"."publication" ADD CONSTRAINT "publication_integration_id_publishing_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."publishing"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "publication_business_idx" ON "content"."publication" USING btree ("business_id","status");
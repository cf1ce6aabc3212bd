CREATE TABLE "history_event" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"business_id" text,
	"kind" text NOT NULL,
	"action" text NOT NULL,
	"status" text DEFAULT 'succeeded' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"article_id" text,
	"keyword" text,
	"title" text,
	"score" integer,
	"article_status" text,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"error" text,
	"job_id" text,
	"key" text
);
--> statement-breakpoint
ALTER TABLE "history_event" ADD CONSTRAINT "history_event_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "history_event" ADD CONSTRAINT "history_event_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "history_event_business_at_idx" ON "history_event" USING btree ("business_id","at");--> statement-breakpoint
CREATE INDEX "history_event_user_at_idx" ON "history_event" USING btree ("user_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "history_event_key_idx" ON "history_event" USING btree ("key");
CREATE TABLE "meter_event" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"usage_id" text NOT NULL,
	"external_id" text NOT NULL,
	"article_id" text,
	"billing_period" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price" numeric(10, 2) NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"state" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "meter_event_usage_id_unique" UNIQUE("usage_id"),
	CONSTRAINT "meter_event_external_id_unique" UNIQUE("external_id")
);
--> statement-breakpoint
ALTER TABLE "meter_event" ADD CONSTRAINT "meter_event_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "meter_event" ADD CONSTRAINT "meter_event_usage_id_usage_id_fk" FOREIGN KEY ("usage_id") REFERENCES "public"."usage"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "meter_event_due_idx" ON "meter_event" USING btree ("state","next_attempt_at");--> statement-breakpoint
CREATE INDEX "meter_event_user_period_idx" ON "meter_event" USING btree ("user_id","billing_period");--> statement-breakpoint
ALTER TABLE "usage" DROP COLUMN "reported_at";
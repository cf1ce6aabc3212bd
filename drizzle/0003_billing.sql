CREATE TABLE "webhook_delivery" (
	"id" text PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "usage" ADD COLUMN "idempotency_key" text NOT NULL;--> statement-breakpoint
ALTER TABLE "usage" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "usage_user_idempotency_key_idx" ON "usage" USING btree ("user_id","idempotency_key");--> statement-breakpoint
ALTER TABLE "plan" ADD CONSTRAINT "plan_name_unique" UNIQUE("name");
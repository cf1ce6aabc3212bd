CREATE TABLE "job_run" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"user_id" text NOT NULL,
	"business_id" text,
	"state" text DEFAULT 'queued' NOT NULL,
	"step" text,
	"done" integer DEFAULT 0 NOT NULL,
	"total" integer,
	"message" text,
	"error" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"singleton_key" text,
	"input" jsonb,
	"result" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "job_run" ADD CONSTRAINT "job_run_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_run" ADD CONSTRAINT "job_run_business_id_business_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."business"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_run_user_idx" ON "job_run" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "job_run_finished_idx" ON "job_run" USING btree ("finished_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_run_singleton_idx" ON "job_run" USING btree ("kind","singleton_key") WHERE "job_run"."singleton_key" is not null and "job_run"."state" in ('queued', 'running', 'retrying');
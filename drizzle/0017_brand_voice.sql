ALTER TABLE "business" ADD COLUMN "voice_samples" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "business" ADD COLUMN "voice_profile" jsonb;--> statement-breakpoint
ALTER TABLE "business" ADD COLUMN "voice_derived_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "business" ADD COLUMN "voice_instructions" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "business" ADD COLUMN "banned_phrases" text[] DEFAULT '{}'::text[] NOT NULL;
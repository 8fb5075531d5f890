ALTER TABLE "picklists" ADD COLUMN "item_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "picklists" ADD COLUMN "completed_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "picklists" ADD COLUMN "uncompleted_count" integer DEFAULT 0 NOT NULL;
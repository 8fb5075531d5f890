ALTER TABLE "pickups" ADD COLUMN "collected_by" text;--> statement-breakpoint
ALTER TABLE "pickups" ADD COLUMN "handed_over_by" text;
CREATE TABLE "deadline_notices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"record_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"day" integer DEFAULT 0 NOT NULL,
	"outbox_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deadline_settings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"reminder_days" integer[] DEFAULT '{3,7}'::integer[] NOT NULL,
	"escalation_days" integer DEFAULT 10 NOT NULL,
	"overdue_days" integer DEFAULT 15 NOT NULL,
	"picklist_start_hours" integer DEFAULT 24 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "pickups" ADD COLUMN "waiting_since" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "deadline_notices_record_kind_day_key" ON "deadline_notices" USING btree ("record_id","kind","day");--> statement-breakpoint
CREATE INDEX "pickups_waiting_since_idx" ON "pickups" USING btree ("waiting_since") WHERE "pickups"."waiting_since" is not null;--> statement-breakpoint
-- Pickups already waiting: since their receipt at the store, or since they were created there.
UPDATE "pickups" SET "waiting_since" = coalesce("order_received_at_store_date", "order_dispatch_date") WHERE "pickup_status" = 'Aguardando retirada';

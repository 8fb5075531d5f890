CREATE TABLE "notification_outbox" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"event_key" text NOT NULL,
	"kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"to" text[] DEFAULT '{}'::text[] NOT NULL,
	"subject" text NOT NULL,
	"html" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"message_id" text
);
--> statement-breakpoint
ALTER TABLE "service_notification" ADD COLUMN "notify_customer_pickup_ready" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "service_notification" ADD COLUMN "notify_customer_pickup_collected" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "service_notification" ADD COLUMN "notify_customer_return" boolean DEFAULT true NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "notification_outbox_event_key" ON "notification_outbox" USING btree ("event_key");--> statement-breakpoint
CREATE INDEX "notification_outbox_due_idx" ON "notification_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "notification_outbox_created_idx" ON "notification_outbox" USING btree ("created_at" DESC NULLS LAST);
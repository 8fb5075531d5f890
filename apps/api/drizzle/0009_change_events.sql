CREATE TABLE "change_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"action" text NOT NULL,
	"store" text,
	"status" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "change_events_created_idx" ON "change_events" USING btree ("created_at");
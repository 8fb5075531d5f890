CREATE TABLE "staff" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store_id" uuid NOT NULL,
	"name" text NOT NULL,
	"pin_hash" text NOT NULL,
	"manager" boolean DEFAULT false NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "require_staff_pin" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "picklists" ADD COLUMN "finished_by" text;--> statement-breakpoint
ALTER TABLE "pickups" ADD COLUMN "received_by" text;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "received_by" text;--> statement-breakpoint
ALTER TABLE "staff" ADD CONSTRAINT "staff_store_id_users_id_fk" FOREIGN KEY ("store_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "staff_store_idx" ON "staff" USING btree ("store_id","name");
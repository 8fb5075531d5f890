CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "email_templates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"type" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"content" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "notification_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"store" text NOT NULL,
	"supervisor" text NOT NULL,
	"manager" text NOT NULL,
	"assistant_manager" text,
	"notification_picklist" boolean DEFAULT false NOT NULL,
	"notification_pickup" boolean DEFAULT false NOT NULL,
	"notification_return" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "recipients" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_notification" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"host" text DEFAULT '' NOT NULL,
	"port" text DEFAULT '587' NOT NULL,
	"secure" boolean DEFAULT false NOT NULL,
	"user" text DEFAULT '' NOT NULL,
	"pass" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "picklists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"sender" text DEFAULT 'E-commerce' NOT NULL,
	"destination" text NOT NULL,
	"send_date" timestamp with time zone DEFAULT now() NOT NULL,
	"time_started" timestamp with time zone,
	"time_completed" timestamp with time zone,
	"list_items" text[] NOT NULL,
	"completed_items" text[] DEFAULT '{}'::text[] NOT NULL,
	"uncompleted_items" text[] DEFAULT '{}'::text[] NOT NULL,
	"number_transfer" text,
	"current_status" text DEFAULT 'Não iniciado' NOT NULL,
	"previous_destinations" text[] DEFAULT '{}'::text[] NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pickups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_origin" text DEFAULT 'E-commerce' NOT NULL,
	"order_dispatch_date" timestamp with time zone DEFAULT now() NOT NULL,
	"pickup_store_name" text NOT NULL,
	"scheduled_pickup_date" timestamp with time zone NOT NULL,
	"order_received_at_store_date" timestamp with time zone,
	"pickup_type" text NOT NULL,
	"order_number" text NOT NULL,
	"tracking_code" text NOT NULL,
	"invoice_file_name" text NOT NULL,
	"customer_full_name" text NOT NULL,
	"customer_cpf" text NOT NULL,
	"customer_phone" text NOT NULL,
	"customer_email" text NOT NULL,
	"authorized_third_party_pickup" boolean DEFAULT false NOT NULL,
	"authorized_third_party_full_name" text,
	"authorized_third_party_cpf" text,
	"order_items" text[] DEFAULT '{}'::text[] NOT NULL,
	"pickup_status" text NOT NULL,
	"actual_pickup_date" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"date_of_creation" timestamp with time zone DEFAULT now() NOT NULL,
	"order_number" text NOT NULL,
	"customer_cpf" text NOT NULL,
	"customer_full_name" text NOT NULL,
	"customer_phone" text NOT NULL,
	"customer_email" text NOT NULL,
	"return_items" text[] DEFAULT '{}'::text[] NOT NULL,
	"return_status" text DEFAULT 'Devolução pendente' NOT NULL,
	"reason_for_refusal" text DEFAULT '' NOT NULL,
	"return_store" text,
	"date_of_return" timestamp with time zone,
	"date_of_transfer" timestamp with time zone,
	"transfer_number" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"name" text PRIMARY KEY NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "users_username_key" ON "users" USING btree (lower("username"));--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_key" ON "users" USING btree ("email");--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role","username");--> statement-breakpoint
CREATE UNIQUE INDEX "email_templates_type_title_key" ON "email_templates" USING btree ("type","title");--> statement-breakpoint
CREATE UNIQUE INDEX "notification_rules_store_key" ON "notification_rules" USING btree ("store");--> statement-breakpoint
CREATE UNIQUE INDEX "recipients_username_key" ON "recipients" USING btree (lower("username"));--> statement-breakpoint
CREATE INDEX "picklists_send_date_idx" ON "picklists" USING btree ("send_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "picklists_destination_send_date_idx" ON "picklists" USING btree ("destination","send_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "picklists_status_send_date_idx" ON "picklists" USING btree ("current_status","send_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "picklists_destination_status_send_date_idx" ON "picklists" USING btree ("destination","current_status","send_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pickups_dispatch_idx" ON "pickups" USING btree ("order_dispatch_date" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "pickups_store_dispatch_idx" ON "pickups" USING btree ("pickup_store_name","order_dispatch_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pickups_status_dispatch_idx" ON "pickups" USING btree ("pickup_status","order_dispatch_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pickups_store_status_dispatch_idx" ON "pickups" USING btree ("pickup_store_name","pickup_status","order_dispatch_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pickups_customer_cpf_idx" ON "pickups" USING btree ("customer_cpf");--> statement-breakpoint
CREATE INDEX "pickups_third_party_cpf_idx" ON "pickups" USING btree ("authorized_third_party_cpf");--> statement-breakpoint
CREATE INDEX "pickups_order_number_idx" ON "pickups" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "returns_creation_idx" ON "returns" USING btree ("date_of_creation" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "returns_store_creation_idx" ON "returns" USING btree ("return_store","date_of_creation" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "returns_status_creation_idx" ON "returns" USING btree ("return_status","date_of_creation" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "returns_store_status_creation_idx" ON "returns" USING btree ("return_store","return_status","date_of_creation" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "returns_customer_cpf_idx" ON "returns" USING btree ("customer_cpf");--> statement-breakpoint
CREATE INDEX "returns_order_number_idx" ON "returns" USING btree ("order_number");
CREATE TABLE "access_tickets" (
	"ticket_hash" text PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"resource" text,
	"user_id" uuid NOT NULL,
	"token_id" uuid NOT NULL,
	"token_version" integer NOT NULL,
	"token_expires_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "revoked_tokens" (
	"jti" uuid PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "access_tickets_expires_idx" ON "access_tickets" USING btree ("expires_at");--> statement-breakpoint
CREATE INDEX "revoked_tokens_expires_idx" ON "revoked_tokens" USING btree ("expires_at");
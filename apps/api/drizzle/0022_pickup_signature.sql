-- Proof of pickup: a pickup keeps the name of the customer's signature (a PNG in uploads) drawn at
-- 'Confirmar retirada', and a store's user says whether that signature is required.
ALTER TABLE "users" ADD COLUMN "require_signature" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "pickups" ADD COLUMN "signature_file_name" text;

-- The pickup code: 6 digits in the customer's hand, unique among the pickups not yet collected (a
-- collected pickup's code may come round again). The API draws it with Node's crypto and retries on a
-- collision (modules/pickups/pickup-code.ts); the column's default draws one here for every other
-- writer (seeds, fixtures, this backfill): 32 bits of gen_random_uuid() (a strong random source) taken
-- modulo 10^6, tried again while an open pickup holds it. Rows one INSERT writes together do not see
-- each other: a bulk writer of open pickups names its codes itself.
CREATE FUNCTION passo_random_pickup_code() RETURNS text LANGUAGE sql VOLATILE AS $$
  SELECT lpad((('x' || substr(gen_random_uuid()::text, 1, 8))::bit(32)::bigint % 1000000)::text, 6, '0')
$$;
--> statement-breakpoint
CREATE FUNCTION passo_new_pickup_code() RETURNS text LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  code text;
BEGIN
  FOR attempt IN 1..100 LOOP
    code := passo_random_pickup_code();
    EXIT WHEN NOT EXISTS (SELECT 1 FROM pickups WHERE pickup_code = code AND pickup_status <> 'Pedido retirado');
  END LOOP;
  RETURN code;
END;
$$;
--> statement-breakpoint
ALTER TABLE "pickups" ADD COLUMN "pickup_code" text;--> statement-breakpoint
ALTER TABLE "notification_outbox" ADD COLUMN "inline_images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- The backfill is no change anyone made: the live stream's trigger stays out of it.
ALTER TABLE "pickups" DISABLE TRIGGER "pickups_change_event";--> statement-breakpoint
UPDATE "pickups" SET "pickup_code" = passo_random_pickup_code() WHERE "pickup_status" = 'Pedido retirado';--> statement-breakpoint
-- Built before the open pickups get theirs (their NULLs do not collide), so that each draw looks its code up in it.
CREATE UNIQUE INDEX "pickups_open_pickup_code" ON "pickups" USING btree ("pickup_code") WHERE "pickups"."pickup_status" <> 'Pedido retirado';--> statement-breakpoint
-- One statement per open pickup, so that each code is drawn against those given before it.
DO $$
DECLARE
  open_id uuid;
BEGIN
  FOR open_id IN SELECT id FROM pickups WHERE pickup_status <> 'Pedido retirado' LOOP
    UPDATE pickups SET pickup_code = passo_new_pickup_code() WHERE id = open_id;
  END LOOP;
END;
$$;
--> statement-breakpoint
ALTER TABLE "pickups" ENABLE TRIGGER "pickups_change_event";--> statement-breakpoint
ALTER TABLE "pickups" ALTER COLUMN "pickup_code" SET DEFAULT passo_new_pickup_code();--> statement-breakpoint
ALTER TABLE "pickups" ALTER COLUMN "pickup_code" SET NOT NULL;

-- Live updates: every committed change of a picklist, pickup or return leaves a row in change_events
-- and wakes the listening processes (NOTIFY is delivered at commit, never for a rolled-back change).
-- The triggers are deferred to the commit, so an event's id is taken at the last moment and the
-- window in which a lower id is still uncommitted stays short (the reader waits for such gaps).
CREATE FUNCTION passo_change_event() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  old_store text;
  new_store text;
BEGIN
  IF TG_OP = 'DELETE' THEN
    INSERT INTO change_events (kind, record_id, action, store, status)
      VALUES (TG_ARGV[0], OLD.id, 'delete', to_jsonb(OLD) ->> TG_ARGV[1], NULL);
  ELSIF TG_OP = 'INSERT' THEN
    INSERT INTO change_events (kind, record_id, action, store, status)
      VALUES (TG_ARGV[0], NEW.id, 'create', to_jsonb(NEW) ->> TG_ARGV[1], to_jsonb(NEW) ->> TG_ARGV[2]);
  ELSE
    old_store := to_jsonb(OLD) ->> TG_ARGV[1];
    new_store := to_jsonb(NEW) ->> TG_ARGV[1];
    -- A record that moves to another store (a redirected list) leaves the old one: it gets a delete.
    IF old_store IS NOT NULL AND old_store IS DISTINCT FROM new_store THEN
      INSERT INTO change_events (kind, record_id, action, store, status)
        VALUES (TG_ARGV[0], NEW.id, 'delete', old_store, NULL);
    END IF;
    INSERT INTO change_events (kind, record_id, action, store, status)
      VALUES (TG_ARGV[0], NEW.id, 'update', new_store, to_jsonb(NEW) ->> TG_ARGV[2]);
  END IF;
  PERFORM pg_notify('passo_change_events', '');
  RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER picklists_change_event AFTER INSERT OR UPDATE OR DELETE ON picklists
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION passo_change_event('picklist', 'destination', 'current_status');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER pickups_change_event AFTER INSERT OR UPDATE OR DELETE ON pickups
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION passo_change_event('pickup', 'pickup_store_name', 'pickup_status');
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER returns_change_event AFTER INSERT OR UPDATE OR DELETE ON returns
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION passo_change_event('return', 'return_store', 'return_status');

-- Store metrics (GET /api/metrics/stores and /daily) read a period's lists, returns and waiting
-- pickups from these covering indexes alone (index-only scans), never from the wide rows with
-- their item arrays: at a chain's scale a 30-day period is tens of thousands of rows.
--
-- A list's item counts are kept by a trigger on every write, whoever writes: the metrics' index
-- carries them, so a period's fill rate and unfound items are sums over the index.
CREATE FUNCTION passo_picklist_item_counts() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.item_count := coalesce(cardinality(NEW.list_items), 0);
  NEW.completed_count := coalesce(cardinality(NEW.completed_items), 0);
  NEW.uncompleted_count := coalesce(cardinality(NEW.uncompleted_items), 0);
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER picklists_item_counts BEFORE INSERT OR UPDATE ON picklists
  FOR EACH ROW EXECUTE FUNCTION passo_picklist_item_counts();
--> statement-breakpoint
-- Filling the counts of the lists already there changes no list as the screens see it: no live
-- update, no audit row.
ALTER TABLE picklists DISABLE TRIGGER picklists_change_event;
--> statement-breakpoint
UPDATE picklists SET item_count = cardinality(list_items), completed_count = cardinality(completed_items), uncompleted_count = cardinality(uncompleted_items);
--> statement-breakpoint
ALTER TABLE picklists ENABLE TRIGGER picklists_change_event;
--> statement-breakpoint
CREATE INDEX picklists_metrics_idx ON picklists (send_date)
  INCLUDE (destination, current_status, time_started, time_completed, item_count, completed_count, uncompleted_count);
--> statement-breakpoint
-- The products not found: only the finished lists that left some behind, with those items.
CREATE INDEX picklists_not_found_idx ON picklists (send_date) INCLUDE (destination, uncompleted_items)
  WHERE current_status IN ('Concluído', 'Não concluído') AND uncompleted_count > 0;
--> statement-breakpoint
CREATE INDEX returns_metrics_idx ON returns (date_of_creation) INCLUDE (return_store, return_status)
  WHERE return_store IS NOT NULL;
--> statement-breakpoint
CREATE INDEX pickups_waiting_store_idx ON pickups (pickup_store_name, waiting_since)
  WHERE pickup_status = 'Aguardando retirada';

-- The keyword copy of listings follows each statement's rows at once instead of row by row: a bulk
-- upload or a feed pull writes a thousand listings per statement, and one set-based upsert of their
-- search rows costs a fraction of a thousand trigger calls. Transition tables need one trigger per
-- event. Rows whose search row would not change are still skipped (see 0007).
CREATE OR REPLACE FUNCTION listing_search_sync_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_search SELECT r.* FROM written_listings l CROSS JOIN LATERAL listing_search_row(l) r
  ON CONFLICT (listing_id) DO UPDATE SET
    facet_key = EXCLUDED.facet_key, family_id = EXCLUDED.family_id,
    listing_type = EXCLUDED.listing_type, listing_options = EXCLUDED.listing_options,
    listing_start_date = EXCLUDED.listing_start_date, offered_until = EXCLUDED.offered_until,
    user_id = EXCLUDED.user_id, price = EXCLUDED.price, condition = EXCLUDED.condition,
    distributor_id = EXCLUDED.distributor_id, latitude = EXCLUDED.latitude,
    longitude = EXCLUDED.longitude, upc = EXCLUDED.upc, sku = EXCLUDED.sku,
    search_vector = EXCLUDED.search_vector
  WHERE (listing_search.*) IS DISTINCT FROM (EXCLUDED.*);
  RETURN NULL;
END
$$;--> statement-breakpoint
DROP TRIGGER listings_search_sync ON listings;--> statement-breakpoint
DROP FUNCTION listing_search_sync();--> statement-breakpoint
CREATE TRIGGER listings_search_sync_insert AFTER INSERT ON listings
  REFERENCING NEW TABLE AS written_listings
  FOR EACH STATEMENT EXECUTE FUNCTION listing_search_sync_rows();--> statement-breakpoint
CREATE TRIGGER listings_search_sync_update AFTER UPDATE ON listings
  REFERENCING NEW TABLE AS written_listings
  FOR EACH STATEMENT EXECUTE FUNCTION listing_search_sync_rows();

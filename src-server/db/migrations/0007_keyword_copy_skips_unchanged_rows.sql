-- A listing write that leaves its keyword row as it was (stock, sales count, shipping, images)
-- no longer rewrites that row. A rewritten row moves to another page, so skipping no-op writes keeps
-- the keyword copy in the catalogue order it is written in (see keyword-copy.ts) and leaves no dead
-- row behind.
CREATE OR REPLACE FUNCTION listing_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_search SELECT r.* FROM listing_search_row(NEW) r
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
$$;

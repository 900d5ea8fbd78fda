-- Keyword search reads a narrow copy of each listing (listing_search) kept in step by a trigger,
-- and distance / new-this-week searches read covering partial indexes of offered listings.
-- The search vector of a listing: title, manufacturer and model weigh most (A), caliber next (B);
-- the description is matched without positions, which keeps the vector small (it ranks lowest).
CREATE OR REPLACE FUNCTION listing_search_vector(title text, manufacturer text, model text, caliber text, description text)
  RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT setweight(to_tsvector('english'::regconfig, coalesce(title, '')), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(manufacturer, '') || ' ' || coalesce(model, '')), 'A')
    || setweight(to_tsvector('english'::regconfig, coalesce(caliber, '')), 'B')
    || strip(to_tsvector('english'::regconfig, coalesce(description, '')))
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION listing_search_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO listing_search (listing_id, search_vector, upc, sku, family_id, condition, listing_type,
    listing_options, price, listing_start_date, listing_end_date, is_active, is_sold, user_id,
    distributor_id, latitude, longitude)
  VALUES (NEW.id, listing_search_vector(NEW.title, NEW.manufacturer, NEW.model, NEW.caliber, NEW.description),
    NEW.upc, NEW.sku, NEW.family_id, NEW.condition, NEW.listing_type, NEW.listing_options, NEW.price,
    NEW.listing_start_date, NEW.listing_end_date, NEW.is_active, NEW.is_sold, NEW.user_id,
    NEW.distributor_id, NEW.latitude, NEW.longitude)
  ON CONFLICT (listing_id) DO UPDATE SET
    search_vector = EXCLUDED.search_vector, upc = EXCLUDED.upc, sku = EXCLUDED.sku,
    family_id = EXCLUDED.family_id, condition = EXCLUDED.condition, listing_type = EXCLUDED.listing_type,
    listing_options = EXCLUDED.listing_options, price = EXCLUDED.price,
    listing_start_date = EXCLUDED.listing_start_date, listing_end_date = EXCLUDED.listing_end_date,
    is_active = EXCLUDED.is_active, is_sold = EXCLUDED.is_sold, user_id = EXCLUDED.user_id,
    distributor_id = EXCLUDED.distributor_id, latitude = EXCLUDED.latitude, longitude = EXCLUDED.longitude;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER listings_search_sync AFTER INSERT OR UPDATE ON listings
  FOR EACH ROW EXECUTE FUNCTION listing_search_sync();--> statement-breakpoint
-- Exact UPC and SKU matches of a keyword search.
CREATE INDEX IF NOT EXISTS "listing_search_upc_idx" ON "listing_search" USING btree ("upc");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "listing_search_sku_idx" ON "listing_search" USING btree (lower("sku"));--> statement-breakpoint
-- Offered listings by location and by start date, carrying every column a search filters, sorts or
-- counts facets on: distance and "new this week" searches read these indexes alone (index-only
-- scans) once the table is vacuumed, instead of visiting thousands of wide heap rows.
CREATE INDEX IF NOT EXISTS "listings_offered_location_idx" ON "listings" USING btree ("latitude", "longitude")
  INCLUDE ("id", "family_id", "condition", "listing_type", "price", "listing_start_date", "listing_options", "listing_end_date", "user_id", "distributor_id")
  WHERE "is_active" AND NOT "is_sold";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "listings_offered_start_idx" ON "listings" USING btree ("listing_start_date" DESC)
  INCLUDE ("id", "family_id", "condition", "listing_type", "price", "listing_options", "listing_end_date", "user_id", "distributor_id", "latitude", "longitude")
  WHERE "is_active" AND NOT "is_sold";

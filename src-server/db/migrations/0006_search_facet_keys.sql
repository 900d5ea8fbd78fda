-- Facet keys: a listing's family, condition and listing type as one integer, so a search counts its
-- facets by grouping its matches on one column instead of three (one of them text). The encoding
-- lives here alone; searches decode grouped keys with the listing_facet_* functions.
CREATE OR REPLACE FUNCTION listing_condition_code(condition text) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT CASE condition WHEN 'NewInBox' THEN 0 WHEN 'Used' THEN 1 WHEN 'NeverFired' THEN 2 ELSE 3 END
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION listing_facet_key(family_id smallint, condition text, listing_type smallint) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT family_id::integer * 4096 + listing_condition_code(condition) * 256 + (listing_type::integer & 255)
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION listing_facet_family(facet_key integer) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT facet_key / 4096 $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION listing_facet_condition(facet_key integer) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT (ARRAY['NewInBox', 'Used', 'NeverFired'])[(facet_key / 256) % 16 + 1]
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION listing_facet_listing_type(facet_key integer) RETURNS integer
  LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT facet_key % 256 $$;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "facet_key" integer NOT NULL
  GENERATED ALWAYS AS (listing_facet_key(family_id, condition, listing_type)) STORED;--> statement-breakpoint
-- Distance and "new this week" searches read these covering indexes alone; they now carry the key.
DROP INDEX IF EXISTS "listings_offered_location_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "listings_offered_start_idx";--> statement-breakpoint
CREATE INDEX "listings_offered_location_idx" ON "listings" USING btree ("latitude", "longitude")
  INCLUDE ("id", "facet_key", "family_id", "condition", "listing_type", "price", "listing_start_date", "listing_options", "listing_end_date", "user_id", "distributor_id")
  WHERE "is_active" AND NOT "is_sold";--> statement-breakpoint
CREATE INDEX "listings_offered_start_idx" ON "listings" USING btree ("listing_start_date" DESC)
  INCLUDE ("id", "facet_key", "family_id", "condition", "listing_type", "price", "listing_options", "listing_end_date", "user_id", "distributor_id", "latitude", "longitude")
  WHERE "is_active" AND NOT "is_sold";--> statement-breakpoint
-- The keyword-search copy, rebuilt with fixed-width columns first and the search vector last, and
-- with offered_until folding active, unsold and end date into one comparison.
DROP TRIGGER IF EXISTS listings_search_sync ON "listings";--> statement-breakpoint
DROP TABLE IF EXISTS "listing_search";--> statement-breakpoint
CREATE TABLE "listing_search" (
	"listing_id" uuid PRIMARY KEY NOT NULL REFERENCES "listings"("id") ON DELETE cascade,
	"facet_key" integer NOT NULL,
	"family_id" smallint NOT NULL,
	"listing_type" smallint NOT NULL,
	"listing_options" integer NOT NULL,
	"listing_start_date" timestamp with time zone NOT NULL,
	"offered_until" timestamp with time zone NOT NULL,
	"user_id" uuid NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"condition" text NOT NULL,
	"distributor_id" uuid,
	"latitude" double precision,
	"longitude" double precision,
	"upc" text,
	"sku" text,
	"search_vector" tsvector NOT NULL
);--> statement-breakpoint
-- One definition of a search row, used by the trigger and by bulk loads.
CREATE OR REPLACE FUNCTION listing_search_row(l listings) RETURNS listing_search
  LANGUAGE sql STABLE AS $$
  SELECT l.id, l.facet_key, l.family_id, l.listing_type, l.listing_options, l.listing_start_date,
    CASE WHEN l.is_active AND NOT l.is_sold THEN coalesce(l.listing_end_date, 'infinity'::timestamptz)
      ELSE '-infinity'::timestamptz END,
    l.user_id, l.price, l.condition, l.distributor_id, l.latitude, l.longitude, l.upc, l.sku,
    listing_search_vector(l.title, l.manufacturer, l.model, l.caliber, l.description)
$$;--> statement-breakpoint
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
    search_vector = EXCLUDED.search_vector;
  RETURN NULL;
END
$$;--> statement-breakpoint
INSERT INTO listing_search SELECT r.* FROM listings l CROSS JOIN LATERAL listing_search_row(l) r;--> statement-breakpoint
CREATE TRIGGER listings_search_sync AFTER INSERT OR UPDATE ON "listings"
  FOR EACH ROW EXECUTE FUNCTION listing_search_sync();--> statement-breakpoint
CREATE INDEX "listing_search_vector_idx" ON "listing_search" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "listing_search_upc_idx" ON "listing_search" USING btree ("upc");--> statement-breakpoint
CREATE INDEX "listing_search_sku_idx" ON "listing_search" USING btree (lower("sku"));

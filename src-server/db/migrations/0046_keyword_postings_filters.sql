-- Postings carry price and place (docs/capabilities/search.md): a keyword search for a frequent
-- word with a price range, a new-this-week window or a ZIP code and radius reads its page, facet
-- sample and total from the postings' covering indexes alone (in rank order, or by place), instead
-- of every keyword row with the word (tens of thousands at a million listings). The postings are written again from
-- the keyword copy at the next start (the kept lexemes are cleared; until then keyword searches run
-- the general statement).
DELETE FROM "keyword_posting_lexemes";
--> statement-breakpoint
TRUNCATE "keyword_postings";
--> statement-breakpoint
ALTER TABLE "keyword_postings" ADD COLUMN "price" numeric(12, 2) NOT NULL;
--> statement-breakpoint
ALTER TABLE "keyword_postings" ADD COLUMN "latitude" double precision;
--> statement-breakpoint
ALTER TABLE "keyword_postings" ADD COLUMN "longitude" double precision;
--> statement-breakpoint
DROP INDEX IF EXISTS "keyword_postings_order_idx";
--> statement-breakpoint
CREATE INDEX "keyword_postings_order_idx" ON "keyword_postings" USING btree
  ("lexeme", "rank" DESC, "listing_start_date" DESC, "listing_id")
  INCLUDE ("facet_key", "offered_until", "price", "latitude", "longitude");
--> statement-breakpoint
-- A frequent word near a ZIP code: each place within the radius is a range of its own, newest
-- first, so the facet sample and a page per place are read without passing the word's postings
-- elsewhere (a fifth of the catalogue for 'pistol').
CREATE INDEX "keyword_postings_place_idx" ON "keyword_postings" USING btree
  ("lexeme", "latitude", "longitude", "listing_start_date" DESC, "listing_id")
  INCLUDE ("rank", "facet_key", "offered_until", "price");
--> statement-breakpoint
CREATE OR REPLACE FUNCTION keyword_postings_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM keyword_postings WHERE listing_id = OLD.listing_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO keyword_postings
      (lexeme, listing_id, rank, listing_start_date, offered_until, facet_key, price, latitude, longitude)
    SELECT f.lexeme, NEW.listing_id, ts_rank(NEW.search_vector, f.query), NEW.listing_start_date,
      NEW.offered_until, NEW.facet_key, NEW.price, NEW.latitude, NEW.longitude
    FROM keyword_posting_lexemes f WHERE NEW.search_vector @@ f.query;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
DROP TRIGGER IF EXISTS keyword_postings_sync_update ON "listing_search";
--> statement-breakpoint
CREATE TRIGGER keyword_postings_sync_update AFTER UPDATE ON "listing_search"
  FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector
    OR OLD.listing_start_date IS DISTINCT FROM NEW.listing_start_date
    OR OLD.offered_until IS DISTINCT FROM NEW.offered_until
    OR OLD.facet_key IS DISTINCT FROM NEW.facet_key
    OR OLD.price IS DISTINCT FROM NEW.price
    OR OLD.latitude IS DISTINCT FROM NEW.latitude
    OR OLD.longitude IS DISTINCT FROM NEW.longitude)
  EXECUTE FUNCTION keyword_postings_sync();

-- A keyword of more than one word ranks a listing by how near its words stand (ts_rank's
-- proximity) where two of them are positioned (title, manufacturer, model or caliber). Every other
-- match has a word of each pair in the description alone (no positions) and ranks under
-- `keyword_pairless_rank()`: those matches now rank alike (as that bound), newest first, as a
-- word's matches in the description alone do. So a page by relevance for two words is the first of
-- the listings with both positioned, read from their own index, then the other matches newest
-- first from the keyword copy's date index, each read up to the page's end, where every match was
-- ranked ('original box' at a million listings: 285,000 matches, 970 ms). Postings hold the same
-- rank.
CREATE OR REPLACE FUNCTION keyword_rank(r real) RETURNS real LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- A rank as a page by relevance orders it: every rank up to `keyword_pairless_rank()` as that bound.
  SELECT greatest(r, keyword_pairless_rank())
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION keyword_postings_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM keyword_postings WHERE listing_id = OLD.listing_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO keyword_postings
      (lexeme, listing_id, rank, listing_start_date, offered_until, facet_key, price, latitude, longitude)
    SELECT f.lexeme, NEW.listing_id, keyword_rank(r.rank), NEW.listing_start_date,
      NEW.offered_until, NEW.facet_key, NEW.price, NEW.latitude, NEW.longitude
    FROM keyword_posting_lexemes f CROSS JOIN LATERAL (SELECT ts_rank(NEW.search_vector, f.query) AS rank) r
    WHERE NEW.search_vector @@ f.query AND (NOT f.titles_only OR r.rank >= keyword_title_rank());
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
UPDATE "keyword_postings" SET "rank" = keyword_pairless_rank() WHERE "rank" < keyword_pairless_rank();

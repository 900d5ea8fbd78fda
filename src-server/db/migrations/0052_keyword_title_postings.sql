-- Words in more than the postings' share of the listings (the terms every description repeats:
-- 'state', 'complete') keep the postings of their title matches only (docs/capabilities/search.md).
-- A match in the title, manufacturer, model or caliber ranks above every match in the description
-- alone, and those all rank alike (the description is stripped of positions: one weight-D hit), so a
-- page by relevance is the first title postings by rank, then the description's matches newest
-- first: both read in order and stopped at the page's end, where every match was ranked. The
-- postings are written again from the keyword copy at the next start, as for any change of the
-- kept lexemes.
CREATE OR REPLACE FUNCTION keyword_title_rank() RETURNS real LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- Between a description-only match's rank (0.1 / 1.6449 = 0.061) and the least a hit of weight B
  -- or A gives (0.4 / 1.6449 = 0.243): ts_rank with the default weights.
  SELECT 0.1::real
$$;
--> statement-breakpoint
ALTER TABLE "keyword_posting_lexemes" ADD COLUMN "titles_only" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION keyword_postings_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM keyword_postings WHERE listing_id = OLD.listing_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO keyword_postings
      (lexeme, listing_id, rank, listing_start_date, offered_until, facet_key, price, latitude, longitude)
    SELECT f.lexeme, NEW.listing_id, r.rank, NEW.listing_start_date,
      NEW.offered_until, NEW.facet_key, NEW.price, NEW.latitude, NEW.longitude
    FROM keyword_posting_lexemes f CROSS JOIN LATERAL (SELECT ts_rank(NEW.search_vector, f.query) AS rank) r
    WHERE NEW.search_vector @@ f.query AND (NOT f.titles_only OR r.rank >= keyword_title_rank());
  END IF;
  RETURN NULL;
END
$$;

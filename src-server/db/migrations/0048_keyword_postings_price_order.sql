-- A frequent word or two-word name sorted by price (docs/capabilities/search.md): its postings in
-- price order, so the page is the first rows of the word's range in that order, stopped at the
-- page's end, where a walk of every listing by price passed the cheap (or dear) listings of every
-- other word first. Highest first reads the range backwards; ties of price are few and sorted.
CREATE INDEX "keyword_postings_price_idx" ON "keyword_postings" USING btree
  ("lexeme", "price", "listing_start_date" DESC, "listing_id")
  INCLUDE ("facet_key", "offered_until", "latitude", "longitude", "rank");

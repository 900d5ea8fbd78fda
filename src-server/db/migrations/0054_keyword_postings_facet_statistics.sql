-- Statistics of the condition and listing type a posting's facet key holds (the postings statement
-- filters on them decoded, `listing_facet_condition` and `listing_facet_listing_type` inlined): the
-- planner otherwise takes a fixed small share for each, and for a frequent word with a condition
-- and a listing type chosen sorted every posting of its range rather than walk it in rank order
-- ('walnut', new in box, one listing type: 29 -> 11 ms at a million listings).
CREATE STATISTICS IF NOT EXISTS "keyword_postings_condition_stats"
  ON ((ARRAY['NewInBox', 'Used', 'NeverFired'])[(facet_key / 256) % 16 + 1]) FROM "keyword_postings";
--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "keyword_postings_listing_type_stats"
  ON ((facet_key % 256)) FROM "keyword_postings";
--> statement-breakpoint
ANALYZE "keyword_postings";

-- A search with a family filter reads its matches from here (docs/capabilities/search.md): when
-- they are few, all of them, the facet keys its family, condition and listing type filters allow,
-- each an index range, every other filter answered from the index; by price, the first of each
-- key's range in price order.
CREATE INDEX "listings_offered_facet_idx" ON "listings" USING btree ("facet_key", "price", "listing_start_date" DESC, "id")
  INCLUDE ("listing_options", "listing_end_date", "user_id", "distributor_id", "latitude", "longitude")
  WHERE "is_active" AND NOT "is_sold";
--> statement-breakpoint
-- A seller's listings on sale, featured first (the default order of a seller's search), read in
-- that order and stopped at the page's end however many listings the seller has.
CREATE INDEX "listings_offered_seller_featured_idx" ON "listings" USING btree
  ("user_id", (("listing_options" & 258) <> 0) DESC, "listing_start_date" DESC, "id")
  INCLUDE ("listing_end_date")
  WHERE "is_active" AND NOT "is_sold";
--> statement-breakpoint
-- A keyword near a ZIP code: the box's rows of the keyword copy, to intersect with the keyword's
-- (a bitmap of each) rather than reading every listing with the word and dropping those far away.
CREATE INDEX "listing_search_location_idx" ON "listing_search" USING btree ("latitude", "longitude");

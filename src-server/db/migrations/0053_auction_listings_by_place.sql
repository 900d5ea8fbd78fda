-- Ending soonest within a radius of a ZIP code (docs/capabilities/search.md): the auction listings
-- of the radius's places, each place a range of its own, so a small radius reads its few auctions
-- whole (each one's running auction looked up) where the walk of every running auction in order of
-- end passed thousands outside it (6,217 for 122 within 10 miles at a million listings).
CREATE INDEX "listings_offered_auction_location_idx" ON "listings" USING btree ("latitude", "longitude", "listing_start_date" DESC, "id")
  INCLUDE ("facet_key", "family_id", "condition", "price", "listing_options", "listing_end_date", "user_id", "distributor_id")
  WHERE "is_active" AND NOT "is_sold" AND "listing_type" = 1;

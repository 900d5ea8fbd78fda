-- The home page's lists read partial indexes holding exactly their listings, in their order, so each
-- stops after its first rows instead of scanning (and bit-testing) the whole catalogue. The
-- predicates are what never changes with the clock (active, unsold, in stock, type or options);
-- the end date, which does, is carried in each index and tested there. Listing writes keep them
-- in step as any index.
-- Featured: national listings with the Featured (2) or Homepage (256) option, Homepage first.
CREATE INDEX "listings_home_featured_idx" ON "listings" USING btree
  (((listing_options & 256) <> 0) DESC, "listing_start_date" DESC, "id") INCLUDE ("listing_end_date")
  WHERE "is_active" AND NOT "is_sold" AND "quantity" > 0 AND "listing_type" = 0 AND (listing_options & 258) <> 0;--> statement-breakpoint
-- New this week: listings of sellers (not distributor catalogue listings), newest first.
CREATE INDEX "listings_home_new_idx" ON "listings" USING btree ("listing_start_date" DESC, "id")
  INCLUDE ("listing_end_date")
  WHERE "is_active" AND NOT "is_sold" AND "quantity" > 0 AND "distributor_id" IS NULL;--> statement-breakpoint
-- Local, nearest a ZIP code: listings share their seller's location, so the locations within the
-- bounding box are grouped from this index alone (an index-only scan once vacuumed) and each gives
-- its newest listings from it; only the listings shown visit the table.
CREATE INDEX "listings_home_local_location_idx" ON "listings" USING btree
  ("latitude", "longitude", "listing_start_date" DESC, "id") INCLUDE ("listing_end_date")
  WHERE "is_active" AND NOT "is_sold" AND "quantity" > 0 AND "listing_type" = 2;--> statement-breakpoint
-- Local anywhere (no listing near the ZIP code), newest first.
CREATE INDEX "listings_home_local_start_idx" ON "listings" USING btree ("listing_start_date" DESC, "id")
  INCLUDE ("listing_end_date")
  WHERE "is_active" AND NOT "is_sold" AND "quantity" > 0 AND "listing_type" = 2;

-- The walks of the featured and price orders answer every filter from the index
-- (docs/capabilities/search.md): a search of a few matches in many (a family, a condition, a local
-- listing under a price, on page 5) passes thousands of index entries before its page is full, and
-- each one was a visit to the table; now none is.
DROP INDEX IF EXISTS "listings_search_featured_idx";
--> statement-breakpoint
CREATE INDEX "listings_search_featured_idx" ON "listings" USING btree
  ((("listing_options" & 258) <> 0) DESC, "listing_start_date" DESC, "id")
  INCLUDE ("facet_key", "family_id", "condition", "listing_type", "price", "listing_options", "listing_end_date", "user_id", "distributor_id", "latitude", "longitude")
  WHERE "is_active" AND NOT "is_sold";
--> statement-breakpoint
CREATE INDEX "listings_offered_price_idx" ON "listings" USING btree ("price", "listing_start_date" DESC, "id")
  INCLUDE ("facet_key", "family_id", "condition", "listing_type", "listing_options", "listing_end_date", "user_id", "distributor_id", "latitude", "longitude")
  WHERE "is_active" AND NOT "is_sold";

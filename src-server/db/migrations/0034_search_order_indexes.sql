-- A search's page is read from an index in the page's order, stopping at the page's end, instead of
-- sorting every match (docs/capabilities/search.md): featured first (the default order without a
-- keyword) on the listings, and price and newest on the keyword copy. Price and newest on the
-- listings already have theirs (listings_price_idx, listings_offered_start_idx).
CREATE INDEX "listings_search_featured_idx" ON "listings" USING btree
  ((("listing_options" & 258) <> 0) DESC, "listing_start_date" DESC, "id")
  WHERE "is_active" AND NOT "is_sold";--> statement-breakpoint
CREATE INDEX "listing_search_price_idx" ON "listing_search" USING btree ("price", "listing_start_date" DESC, "listing_id");--> statement-breakpoint
CREATE INDEX "listing_search_start_idx" ON "listing_search" USING btree ("listing_start_date" DESC, "listing_id");--> statement-breakpoint
-- A search by distance groups the places of its box from this index and reads each place's newest
-- matches from it in order: the start date and id join its key.
DROP INDEX IF EXISTS "listings_offered_location_idx";--> statement-breakpoint
CREATE INDEX "listings_offered_location_idx" ON "listings" USING btree ("latitude", "longitude", "listing_start_date" DESC, "id")
  INCLUDE ("facet_key", "family_id", "condition", "listing_type", "price", "listing_options", "listing_end_date", "user_id", "distributor_id")
  WHERE "is_active" AND NOT "is_sold";

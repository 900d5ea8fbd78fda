-- Two search indexes answer their reads alone (docs/capabilities/search.md):
-- - the offered listings by start date carry the id in their key, so "newest first" (start date,
--   then id) reads the page in order and stops, where a week's listings were read and sorted;
-- - a seller's listings on sale carry what the facet sample reads (facet key, options, the facet
--   columns and price), so the sample of a large seller is read from the index, not the table.
DROP INDEX IF EXISTS "listings_offered_start_idx";
--> statement-breakpoint
CREATE INDEX "listings_offered_start_idx" ON "listings" USING btree ("listing_start_date" DESC, "id")
  INCLUDE ("facet_key", "family_id", "condition", "listing_type", "price", "listing_options", "listing_end_date", "user_id", "distributor_id", "latitude", "longitude")
  WHERE "is_active" AND NOT "is_sold";
--> statement-breakpoint
DROP INDEX IF EXISTS "listings_offered_seller_featured_idx";
--> statement-breakpoint
CREATE INDEX "listings_offered_seller_featured_idx" ON "listings" USING btree
  ("user_id", (("listing_options" & 258) <> 0) DESC, "listing_start_date" DESC, "id")
  INCLUDE ("listing_end_date", "listing_options", "facet_key", "family_id", "condition", "listing_type", "price", "distributor_id")
  WHERE "is_active" AND NOT "is_sold";

-- My listings reads one page of a seller's listings in its order (newest first, or oldest first
-- read backwards, the id breaking ties) straight from this index and stops after the page, however
-- many listings the seller keeps. The index of 0003 sorts its dates NULLS LAST, which no ORDER BY
-- of the page matches.
CREATE INDEX "listings_user_page_idx" ON "listings" USING btree ("user_id", "listing_start_date" DESC, "id");

-- Completed auctions (docs/capabilities/search.md): a search of the sold auctions, latest sale first,
-- reads its page from this index in that order and stops at the page's end. Ending soonest reads the
-- running auctions from auctions_open_end_idx (0036).
CREATE INDEX "auctions_sold_end_idx" ON "auctions" USING btree ("ends_at" DESC, "listing_id") WHERE "outcome" = 'sold';

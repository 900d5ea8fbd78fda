-- Auctions (docs/capabilities/auctions.md): a sale by buy now, the ending-soon notice to watchers,
-- and the second chance offered to the next bidder when the winner does not pay.
ALTER TABLE "auctions" ADD COLUMN "bought_now" boolean DEFAULT false NOT NULL;
--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "ending_soon_noticed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "second_chance_bidder_id" uuid REFERENCES "users"("id") ON DELETE SET NULL;
--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "second_chance_price" numeric(12, 2);
--> statement-breakpoint
ALTER TABLE "auctions" ADD COLUMN "second_chance_offered_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "auctions_ending_soon_idx" ON "auctions" USING btree ("ends_at") WHERE "outcome" IS NULL AND "ending_soon_noticed_at" IS NULL;

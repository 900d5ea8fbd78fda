-- Auctions (docs/capabilities/auctions.md): a listing's auction terms and standing, its public bid
-- history, and each bid request by its idempotency key.
CREATE TABLE "auctions" (
  "listing_id" uuid PRIMARY KEY NOT NULL REFERENCES "listings"("id") ON DELETE CASCADE,
  "starting_bid" numeric(12, 2) NOT NULL,
  "reserve_price" numeric(12, 2),
  "buy_now_price" numeric(12, 2),
  "starts_at" timestamp with time zone NOT NULL,
  "ends_at" timestamp with time zone NOT NULL,
  "extensions" smallint DEFAULT 0 NOT NULL,
  "current_price" numeric(12, 2) NOT NULL,
  "bid_count" integer DEFAULT 0 NOT NULL,
  "requests_applied" integer DEFAULT 0 NOT NULL,
  "high_bidder_id" uuid REFERENCES "users"("id") ON DELETE SET NULL,
  "high_max" numeric(12, 2),
  "outcome" text,
  "ended_at" timestamp with time zone,
  "order_id" uuid REFERENCES "orders"("id") ON DELETE SET NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "auctions_open_end_idx" ON "auctions" USING btree ("ends_at") WHERE "outcome" IS NULL;
--> statement-breakpoint
CREATE INDEX "auctions_high_bidder_idx" ON "auctions" USING btree ("high_bidder_id");
--> statement-breakpoint
CREATE TABLE "auction_bids" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "listing_id" uuid NOT NULL REFERENCES "auctions"("listing_id") ON DELETE CASCADE,
  "bidder_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "seq" integer NOT NULL,
  "amount" numeric(12, 2) NOT NULL,
  "automatic" boolean DEFAULT false NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "auction_bids_listing_seq_idx" ON "auction_bids" USING btree ("listing_id", "seq");
--> statement-breakpoint
CREATE INDEX "auction_bids_bidder_idx" ON "auction_bids" USING btree ("bidder_id", "created_at" DESC);
--> statement-breakpoint
CREATE TABLE "auction_bid_requests" (
  "id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
  "listing_id" uuid NOT NULL REFERENCES "auctions"("listing_id") ON DELETE CASCADE,
  "bidder_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "idempotency_key" text NOT NULL,
  "seq" integer NOT NULL,
  "max_bid" numeric(12, 2) NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "auction_bid_requests_key_idx" ON "auction_bid_requests" USING btree ("listing_id", "bidder_id", "idempotency_key");
--> statement-breakpoint
CREATE UNIQUE INDEX "auction_bid_requests_seq_idx" ON "auction_bid_requests" USING btree ("listing_id", "seq");

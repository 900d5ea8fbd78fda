-- Whether the seller takes offers below the asking price (set on the listing form).
ALTER TABLE "listings" ADD COLUMN "accepts_offers" boolean DEFAULT false NOT NULL;
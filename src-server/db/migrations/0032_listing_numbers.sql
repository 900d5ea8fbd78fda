-- A short number people read and quote for each listing ("Listing number", /listing?p=). A listing
-- of the previous site keeps its legacy id as its number; every other listing takes the next of a
-- sequence kept above every legacy id, so the two never meet. Existing listings are numbered in the
-- order they were created.
CREATE SEQUENCE IF NOT EXISTS "listing_numbers";--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "listing_number" bigint;--> statement-breakpoint
UPDATE "listings" SET "listing_number" = "legacy_id" WHERE "legacy_id" IS NOT NULL;--> statement-breakpoint
SELECT setval('listing_numbers', coalesce(max("legacy_id"), 0) + 1, false) FROM "listings";--> statement-breakpoint
UPDATE "listings" l SET "listing_number" = n.number
  FROM (SELECT o.id, nextval('listing_numbers') AS number
        FROM (SELECT id FROM "listings" WHERE "listing_number" IS NULL ORDER BY created_at, id) o) n
  WHERE l.id = n.id;--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "listing_number" SET DEFAULT nextval('listing_numbers');--> statement-breakpoint
ALTER TABLE "listings" ALTER COLUMN "listing_number" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_listing_number_unique" UNIQUE("listing_number");--> statement-breakpoint
CREATE OR REPLACE FUNCTION listing_number_from_legacy() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.legacy_id IS NOT NULL THEN
    NEW.listing_number := NEW.legacy_id;
    IF NEW.legacy_id >= (SELECT last_value FROM listing_numbers) THEN
      PERFORM setval('listing_numbers', NEW.legacy_id);
    END IF;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "listings_number_legacy" BEFORE INSERT ON "listings"
  FOR EACH ROW EXECUTE FUNCTION listing_number_from_legacy();--> statement-breakpoint
-- The home lists show listings on sale only: a listing staff froze (options 4096 | 8192) is left out
-- by the same predicate in their partial indexes, so each list still reads its index alone.
-- The planner learns how few listings are frozen from these statistics (without them it takes the
-- freeze test for a rare match and sorts instead of reading the lists' indexes in order).
CREATE STATISTICS IF NOT EXISTS "listings_frozen_stats" ON ((listing_options & 12288)) FROM "listings";--> statement-breakpoint
DROP INDEX IF EXISTS "listings_home_featured_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "listings_home_new_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "listings_home_local_location_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "listings_home_local_start_idx";--> statement-breakpoint
CREATE INDEX "listings_home_featured_idx" ON "listings" USING btree
  (((listing_options & 256) <> 0) DESC, "listing_start_date" DESC, "id") INCLUDE ("listing_end_date")
  WHERE "is_active" AND NOT "is_sold" AND "quantity" > 0 AND (listing_options & 12288) = 0
    AND "listing_type" = 0 AND (listing_options & 258) <> 0;--> statement-breakpoint
CREATE INDEX "listings_home_new_idx" ON "listings" USING btree ("listing_start_date" DESC, "id")
  INCLUDE ("listing_end_date")
  WHERE "is_active" AND NOT "is_sold" AND "quantity" > 0 AND (listing_options & 12288) = 0
    AND "distributor_id" IS NULL;--> statement-breakpoint
CREATE INDEX "listings_home_local_location_idx" ON "listings" USING btree
  ("latitude", "longitude", "listing_start_date" DESC, "id") INCLUDE ("listing_end_date")
  WHERE "is_active" AND NOT "is_sold" AND "quantity" > 0 AND (listing_options & 12288) = 0
    AND "listing_type" = 2;--> statement-breakpoint
CREATE INDEX "listings_home_local_start_idx" ON "listings" USING btree ("listing_start_date" DESC, "id")
  INCLUDE ("listing_end_date")
  WHERE "is_active" AND NOT "is_sold" AND "quantity" > 0 AND (listing_options & 12288) = 0
    AND "listing_type" = 2;

ALTER TABLE "favorites" ADD COLUMN "price_when_added" numeric(12, 2);--> statement-breakpoint
ALTER TABLE "favorites" ADD COLUMN "quantity_when_added" integer;--> statement-breakpoint
-- Favorites added before these were kept start from the listing as it is now: no change shown.
UPDATE "favorites" f SET "price_when_added" = l."price", "quantity_when_added" = l."quantity" FROM "listings" l WHERE l."id" = f."listing_id";--> statement-breakpoint
ALTER TABLE "favorites" ALTER COLUMN "price_when_added" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "favorites" ALTER COLUMN "quantity_when_added" SET NOT NULL;

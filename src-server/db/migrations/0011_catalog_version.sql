-- One counter for "the catalogue changed", kept out of the Drizzle schema (read with raw SQL). Shared
-- answers (home lists, brands, popular searches) are cached per server instance under the version they
-- were computed at; statement-level triggers bump it in the writing transaction, so every instance on
-- this database sees the change at commit, whatever wrote it (endpoints, the seeder, plain SQL).
CREATE TABLE "catalog_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"version" bigint DEFAULT 1 NOT NULL
);--> statement-breakpoint
INSERT INTO "catalog_version" ("id", "version") VALUES (1, 1);--> statement-breakpoint
-- A row update, not a sequence: nextval is visible before commit, so a reader could file an answer
-- computed from the old rows under the new version and keep it. The price: transactions that write
-- the catalogue take turns on this row until they commit, which is fine while writes are rare.
CREATE FUNCTION "bump_catalog_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "catalog_version" SET "version" = "version" + 1 WHERE "id" = 1;
	RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "listings_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "listings"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "brands_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "brands"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
-- Listing cards show these seller columns; other account writes (sign-in, tokens) leave the cache alone.
CREATE TRIGGER "users_bump_catalog_version" AFTER UPDATE OF "first_name", "last_name", "seller_display_name",
	"city", "state", "is_dealer", "rating", "total_completed_sales" ON "users"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();

-- Firearm identification (docs/capabilities/identification.md): the firearms reference the
-- marketplace owns (manufacturers, models, variants or generations, calibers, each with the aliases
-- sellers write), the identity of each listing read from its title and fields, and the identification
-- requests people make with their photos.
CREATE TABLE "firearm_manufacturers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL UNIQUE,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firearm_calibers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL UNIQUE,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL
);
--> statement-breakpoint
CREATE TABLE "firearm_models" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"manufacturer_id" uuid NOT NULL REFERENCES "firearm_manufacturers"("id") ON DELETE CASCADE,
	"name" text NOT NULL,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"family_id" smallint NOT NULL,
	CONSTRAINT "firearm_models_manufacturer_name_unique" UNIQUE ("manufacturer_id", "name")
);
--> statement-breakpoint
CREATE TABLE "firearm_variants" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"model_id" uuid NOT NULL REFERENCES "firearm_models"("id") ON DELETE CASCADE,
	"name" text,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"family_id" smallint,
	"barrel_inches" real
);
--> statement-breakpoint
CREATE UNIQUE INDEX "firearm_variants_model_name_idx" ON "firearm_variants" USING btree ("model_id", coalesce("name", ''));
--> statement-breakpoint
CREATE TABLE "firearm_variant_calibers" (
	"variant_id" uuid NOT NULL REFERENCES "firearm_variants"("id") ON DELETE CASCADE,
	"caliber_id" uuid NOT NULL REFERENCES "firearm_calibers"("id") ON DELETE CASCADE,
	CONSTRAINT "firearm_variant_calibers_pk" PRIMARY KEY ("variant_id", "caliber_id")
);
--> statement-breakpoint
-- One counter for "the reference changed": each server keeps the reference in memory as of a version
-- and reloads it when the counter has moved, whatever wrote the rows (the seeder, staff, plain SQL).
CREATE TABLE "firearm_reference_version" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL CHECK ("id" = 1),
	"version" bigint DEFAULT 1 NOT NULL
);
--> statement-breakpoint
INSERT INTO "firearm_reference_version" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
CREATE FUNCTION "bump_firearm_reference_version"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "firearm_reference_version" SET "version" = "version" + 1 WHERE "id" = 1;
	RETURN NULL;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER "firearm_manufacturers_bump_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "firearm_manufacturers"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_firearm_reference_version"();
--> statement-breakpoint
CREATE TRIGGER "firearm_calibers_bump_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "firearm_calibers"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_firearm_reference_version"();
--> statement-breakpoint
CREATE TRIGGER "firearm_models_bump_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "firearm_models"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_firearm_reference_version"();
--> statement-breakpoint
CREATE TRIGGER "firearm_variants_bump_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "firearm_variants"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_firearm_reference_version"();
--> statement-breakpoint
CREATE TRIGGER "firearm_variant_calibers_bump_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "firearm_variant_calibers"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_firearm_reference_version"();
--> statement-breakpoint
-- A listing's identity lives beside the listing, not on its row: writing it (at save, or by the
-- backfill over a million listings) then fires none of the listing triggers (keyword copy, catalogue
-- version). A row with no model says the listing was read and names no firearm of the reference.
CREATE TABLE "listing_identities" (
	"listing_id" uuid PRIMARY KEY NOT NULL REFERENCES "listings"("id") ON DELETE CASCADE,
	"manufacturer_id" uuid REFERENCES "firearm_manufacturers"("id") ON DELETE SET NULL,
	"model_id" uuid REFERENCES "firearm_models"("id") ON DELETE SET NULL,
	"variant_id" uuid REFERENCES "firearm_variants"("id") ON DELETE SET NULL,
	"caliber_id" uuid REFERENCES "firearm_calibers"("id") ON DELETE SET NULL,
	"confidence" real DEFAULT 0 NOT NULL,
	"identified_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "listing_identities_model_idx" ON "listing_identities" USING btree ("model_id", "variant_id") WHERE "model_id" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "firearm_identifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
	"info" jsonb NOT NULL,
	"image_urls" text[] DEFAULT '{}'::text[] NOT NULL,
	"variant_id" uuid REFERENCES "firearm_variants"("id") ON DELETE SET NULL,
	"model_id" uuid REFERENCES "firearm_models"("id") ON DELETE SET NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "firearm_identifications_user_idx" ON "firearm_identifications" USING btree ("user_id", "created_at" DESC);

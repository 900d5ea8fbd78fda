-- Inventory sources of listings (bulk uploads, distributor feeds, the seller API), bulk upload records
-- with their per-row problems, and photo links waiting to be fetched. Stock numbers are indexed per
-- seller but not unique: listings entered earlier may share one; inventory writes match the oldest
-- and take turns per seller (an advisory lock), so they never create a second.
CREATE TABLE "bulk_upload_errors" (
	"upload_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"position" smallint NOT NULL,
	"stock_number" text,
	"column_name" text,
	"value" text,
	"message" text NOT NULL,
	CONSTRAINT "bulk_upload_errors_upload_id_row_number_position_pk" PRIMARY KEY("upload_id","row_number","position")
);
--> statement-breakpoint
CREATE TABLE "bulk_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"file_name" text NOT NULL,
	"blob_key" text NOT NULL,
	"column_mapping" jsonb,
	"status" text NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"unchanged_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"failure_message" text,
	"lease_holder" uuid,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "listing_image_sources" (
	"listing_id" uuid NOT NULL,
	"position" smallint NOT NULL,
	"url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" smallint DEFAULT 0 NOT NULL,
	"image_id" uuid,
	"error" text,
	"lease_until" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_image_sources_listing_id_position_pk" PRIMARY KEY("listing_id","position")
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "inventory_source" text;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "inventory_source_id" uuid;--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "inventory_hash" text;--> statement-breakpoint
ALTER TABLE "bulk_upload_errors" ADD CONSTRAINT "bulk_upload_errors_upload_id_bulk_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."bulk_uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_uploads" ADD CONSTRAINT "bulk_uploads_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_image_sources" ADD CONSTRAINT "listing_image_sources_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_uploads_user_created_idx" ON "bulk_uploads" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "bulk_uploads_pending_idx" ON "bulk_uploads" USING btree ("created_at") WHERE "bulk_uploads"."status" in ('Queued', 'Processing');--> statement-breakpoint
CREATE INDEX "listing_image_sources_pending_idx" ON "listing_image_sources" USING btree ("updated_at") WHERE "listing_image_sources"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "listings_user_stock_number_idx" ON "listings" USING btree ("user_id",lower("seller_stock_number")) WHERE "listings"."seller_stock_number" is not null;--> statement-breakpoint
CREATE INDEX "listings_inventory_source_idx" ON "listings" USING btree ("inventory_source_id") WHERE "listings"."inventory_source_id" is not null;
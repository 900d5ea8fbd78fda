CREATE TABLE "ad_counts" (
	"creative_id" uuid NOT NULL,
	"page" text NOT NULL,
	"zone" text NOT NULL,
	"impressions" integer DEFAULT 0 NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "ad_counts_creative_id_page_zone_pk" PRIMARY KEY("creative_id","page","zone")
);
--> statement-breakpoint
CREATE TABLE "ad_creatives" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"page" text NOT NULL,
	"zone" text NOT NULL,
	"name" text NOT NULL,
	"image_url" text NOT NULL,
	"link_url" text NOT NULL,
	"alt_text" text NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"is_active" integer DEFAULT 1 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"body_html" text NOT NULL,
	"author_name" text NOT NULL,
	"author_avatar" text,
	"featured_image" text,
	"reading_time" smallint NOT NULL,
	"brand_tags" text[] DEFAULT '{}'::text[] NOT NULL,
	"published_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('english', title || ' ' || description)) STORED,
	CONSTRAINT "articles_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "short_links" ADD COLUMN "clicks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ad_counts" ADD CONSTRAINT "ad_counts_creative_id_ad_creatives_id_fk" FOREIGN KEY ("creative_id") REFERENCES "public"."ad_creatives"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ad_creatives_location_idx" ON "ad_creatives" USING btree ("page","zone");--> statement-breakpoint
CREATE INDEX "articles_published_at_idx" ON "articles" USING btree ("published_at");--> statement-breakpoint
CREATE INDEX "articles_search_idx" ON "articles" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "articles_brand_tags_idx" ON "articles" USING gin ("brand_tags");--> statement-breakpoint
-- Server-rendered pages show articles and ads and are kept under the catalogue version: a write drops them.
CREATE TRIGGER "articles_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "articles"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();--> statement-breakpoint
CREATE TRIGGER "ad_creatives_bump_catalog_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "ad_creatives"
	FOR EACH STATEMENT EXECUTE FUNCTION "bump_catalog_version"();

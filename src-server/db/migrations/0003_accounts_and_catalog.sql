CREATE TABLE "account_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"amount" numeric(12, 2) NOT NULL,
	"status" text NOT NULL,
	"processor" text NOT NULL,
	"processor_reference" text,
	"card_brand" text,
	"card_last4" text,
	"failure_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "account_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"location" text NOT NULL,
	"title" text,
	"message" text NOT NULL,
	"severity" text DEFAULT 'info' NOT NULL,
	"link_url" text,
	"link_text" text,
	"dismissible" boolean DEFAULT true NOT NULL,
	"starts_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ends_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "newsletter_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unsubscribed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "throttle_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"bucket" text NOT NULL,
	"key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"keywords" text[] DEFAULT '{}'::text[] NOT NULL,
	"logo_url" text,
	"shop_url" text,
	"meta_title" text,
	"meta_description" text,
	"focus" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "distributors" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"city" text,
	"state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_images" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"src" text NOT NULL,
	"width" integer,
	"height" integer,
	"position" smallint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "listing_search" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"search_vector" "tsvector" NOT NULL,
	"upc" text,
	"sku" text,
	"family_id" smallint NOT NULL,
	"condition" text NOT NULL,
	"listing_type" smallint NOT NULL,
	"listing_options" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"listing_start_date" timestamp with time zone NOT NULL,
	"listing_end_date" timestamp with time zone,
	"is_active" boolean NOT NULL,
	"is_sold" boolean NOT NULL,
	"user_id" uuid NOT NULL,
	"distributor_id" uuid,
	"latitude" double precision,
	"longitude" double precision
);
--> statement-breakpoint
CREATE TABLE "listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"legacy_id" bigint,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"manufacturer" text,
	"model" text,
	"caliber" text,
	"condition" text NOT NULL,
	"quantity" integer DEFAULT 1 NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"upc" text,
	"sku" text,
	"seller_stock_number" text,
	"family_id" smallint NOT NULL,
	"listing_type" smallint DEFAULT 0 NOT NULL,
	"listing_options" integer DEFAULT 0 NOT NULL,
	"return_policy" smallint DEFAULT 0 NOT NULL,
	"accepted_payment_methods" integer DEFAULT 0 NOT NULL,
	"live_checkout_enabled" boolean DEFAULT false NOT NULL,
	"shipping_cost" numeric(10, 2) DEFAULT 0 NOT NULL,
	"delivery_days" smallint DEFAULT 3 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_sold" boolean DEFAULT false NOT NULL,
	"listing_start_date" timestamp with time zone DEFAULT now() NOT NULL,
	"listing_end_date" timestamp with time zone,
	"zip_code" text NOT NULL,
	"city" text,
	"state" text,
	"latitude" double precision,
	"longitude" double precision,
	"distributor_id" uuid,
	"excluded_ship_to_states" text[] DEFAULT '{}'::text[] NOT NULL,
	"thumbnail_picture" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listings_legacy_id_unique" UNIQUE("legacy_id")
);
--> statement-breakpoint
CREATE TABLE "suggestion_terms" (
	"term" text NOT NULL,
	"kind" text NOT NULL,
	"listing_count" integer NOT NULL,
	"top_family_id" smallint NOT NULL,
	"top_family_share" real DEFAULT 1 NOT NULL,
	CONSTRAINT "suggestion_terms_term_kind_pk" PRIMARY KEY("term","kind")
);
--> statement-breakpoint
CREATE TABLE "zip_centroids" (
	"zip" text PRIMARY KEY NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL
);
--> statement-breakpoint
ALTER TABLE "account_payments" ADD CONSTRAINT "account_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "account_tokens" ADD CONSTRAINT "account_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "newsletter_subscriptions" ADD CONSTRAINT "newsletter_subscriptions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_images" ADD CONSTRAINT "listing_images_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_search" ADD CONSTRAINT "listing_search_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listings" ADD CONSTRAINT "listings_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "account_payments_user_idx" ON "account_payments" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "account_tokens_hash_unique" ON "account_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "account_tokens_user_purpose_idx" ON "account_tokens" USING btree ("user_id","purpose");--> statement-breakpoint
CREATE INDEX "alerts_location_starts_idx" ON "alerts" USING btree ("location","starts_at");--> statement-breakpoint
CREATE INDEX "alerts_user_location_idx" ON "alerts" USING btree ("user_id","location");--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscriptions_email_unique" ON "newsletter_subscriptions" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "throttle_events_bucket_key_idx" ON "throttle_events" USING btree ("bucket","key","created_at");--> statement-breakpoint
CREATE INDEX "listing_images_listing_idx" ON "listing_images" USING btree ("listing_id","position");--> statement-breakpoint
CREATE INDEX "listing_search_vector_idx" ON "listing_search" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "listings_user_start_idx" ON "listings" USING btree ("user_id","listing_start_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_start_idx" ON "listings" USING btree ("listing_start_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_family_start_idx" ON "listings" USING btree ("family_id","listing_start_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listings_upc_idx" ON "listings" USING btree ("upc");--> statement-breakpoint
CREATE INDEX "listings_sku_idx" ON "listings" USING btree (lower("sku"));--> statement-breakpoint
CREATE INDEX "listings_distributor_idx" ON "listings" USING btree ("distributor_id");--> statement-breakpoint
CREATE INDEX "listings_lat_lng_idx" ON "listings" USING btree ("latitude","longitude");--> statement-breakpoint
CREATE INDEX "listings_price_idx" ON "listings" USING btree ("price");--> statement-breakpoint
CREATE INDEX "suggestion_terms_trgm_idx" ON "suggestion_terms" USING gin (lower("term") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "zip_centroids_city_state_idx" ON "zip_centroids" USING btree (lower("city"),"state");
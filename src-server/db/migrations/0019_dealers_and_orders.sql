CREATE TABLE "ffl_dealers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"license_number" text NOT NULL,
	"license_type" text NOT NULL,
	"license_name" text NOT NULL,
	"business_name" text,
	"premise_street" text NOT NULL,
	"premise_city" text NOT NULL,
	"premise_state" text NOT NULL,
	"premise_zip" text NOT NULL,
	"mail_street" text,
	"mail_city" text,
	"mail_state" text,
	"mail_zip" text,
	"phone" text,
	"latitude" double precision,
	"longitude" double precision,
	"license_expires_on" date,
	"active" boolean DEFAULT true NOT NULL,
	"retired_at" timestamp with time zone,
	"listed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"user_id" uuid,
	"transfer_fee" numeric(10, 2),
	"notes" text,
	"license_copy_id" uuid,
	"license_copy_media_type" text,
	"license_copy_uploaded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ffl_dealers_license_number_unique" UNIQUE("license_number"),
	CONSTRAINT "ffl_dealers_user_id_unique" UNIQUE("user_id")
);
--> statement-breakpoint
CREATE TABLE "ffl_license_copy_grants" (
	"dealer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ffl_license_copy_grants_dealer_id_seller_id_pk" PRIMARY KEY("dealer_id","seller_id")
);
--> statement-breakpoint
CREATE TABLE "checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"buyer_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_hash" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"state" text NOT NULL,
	"actor" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"title" text NOT NULL,
	"family_id" smallint NOT NULL,
	"thumbnail_picture" text,
	"quantity" integer NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"shipping_cost" numeric(10, 2) NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" bigserial NOT NULL,
	"checkout_id" uuid NOT NULL,
	"buyer_id" uuid NOT NULL,
	"seller_id" uuid NOT NULL,
	"state" text NOT NULL,
	"subtotal" numeric(12, 2) NOT NULL,
	"shipping_total" numeric(12, 2) NOT NULL,
	"total" numeric(12, 2) NOT NULL,
	"dealer_id" uuid,
	"ship_to" jsonb NOT NULL,
	"payment_reference" text,
	"payment_status" text DEFAULT 'pending' NOT NULL,
	"payment_provider" text NOT NULL,
	"card_brand" text,
	"card_last4" text,
	"refunded_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"carrier" text,
	"tracking_number" text,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"idempotency_key" text NOT NULL,
	"operation" text NOT NULL,
	"payment_id" uuid,
	"amount" numeric(12, 2) NOT NULL,
	"approved" integer NOT NULL,
	"status" text NOT NULL,
	"error_message" text,
	"message" text,
	"card_brand" text,
	"card_last4" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listings" ADD COLUMN "magazine_capacity" smallint;--> statement-breakpoint
ALTER TABLE "ffl_dealers" ADD CONSTRAINT "ffl_dealers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ffl_license_copy_grants" ADD CONSTRAINT "ffl_license_copy_grants_dealer_id_ffl_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."ffl_dealers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ffl_license_copy_grants" ADD CONSTRAINT "ffl_license_copy_grants_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkouts" ADD CONSTRAINT "checkouts_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_listing_id_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."listings"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_checkout_id_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_buyer_id_users_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_seller_id_users_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_dealer_id_ffl_dealers_id_fk" FOREIGN KEY ("dealer_id") REFERENCES "public"."ffl_dealers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ffl_dealers_location_idx" ON "ffl_dealers" USING btree ("latitude","longitude") WHERE "ffl_dealers"."active";--> statement-breakpoint
CREATE INDEX "ffl_dealers_names_trgm_idx" ON "ffl_dealers" USING gin (lower(coalesce("business_name", '') || ' ' || "license_name") gin_trgm_ops);--> statement-breakpoint
CREATE UNIQUE INDEX "checkouts_buyer_key_unique" ON "checkouts" USING btree ("buyer_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "checkouts_pending_idx" ON "checkouts" USING btree ("created_at") WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "order_items_listing_idx" ON "order_items" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "orders_buyer_idx" ON "orders" USING btree ("buyer_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_seller_idx" ON "orders" USING btree ("seller_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_checkout_idx" ON "orders" USING btree ("checkout_id");--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_payments_key_unique" ON "sandbox_payments" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "sandbox_payments_payment_idx" ON "sandbox_payments" USING btree ("payment_id");
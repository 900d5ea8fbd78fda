-- How sellers are paid (the gateway secret sealed), and the format an uploaded listing photo is kept in.
CREATE TABLE "seller_payment_options" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"live_checkout_enabled" boolean DEFAULT false NOT NULL,
	"gateway_provider" text,
	"gateway_merchant_id" text,
	"gateway_secret_sealed" text,
	"guntab_email" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_images" ADD COLUMN "stored_format" text;--> statement-breakpoint
ALTER TABLE "seller_payment_options" ADD CONSTRAINT "seller_payment_options_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
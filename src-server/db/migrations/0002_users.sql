CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"legacy_lister_id" bigint,
	"email" text NOT NULL,
	"password_hash" text,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"phone" text,
	"roles" text[] DEFAULT ARRAY['Buyer']::text[] NOT NULL,
	"status" text DEFAULT 'Active' NOT NULL,
	"user_options" integer DEFAULT 0 NOT NULL,
	"account_options" integer DEFAULT 0 NOT NULL,
	"seller_display_name" text,
	"is_dealer" boolean DEFAULT false NOT NULL,
	"ffl_license_number" text,
	"address1" text,
	"address2" text,
	"city" text,
	"state" text,
	"zip" text,
	"accepted_payment_methods" integer DEFAULT 0 NOT NULL,
	"payment_gateway_connected" boolean DEFAULT false NOT NULL,
	"guntab_active" boolean DEFAULT false NOT NULL,
	"past_due_amount" numeric(12, 2) DEFAULT 0 NOT NULL,
	"rating" real,
	"total_completed_sales" integer DEFAULT 0 NOT NULL,
	"email_confirmed_at" timestamp with time zone,
	"password_changed_at" timestamp with time zone,
	"password_expires_at" timestamp with time zone,
	"tokens_valid_after" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_legacy_lister_id_unique" UNIQUE("legacy_lister_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_roles_idx" ON "users" USING gin ("roles");--> statement-breakpoint
CREATE INDEX "users_zip_idx" ON "users" USING btree ("zip");
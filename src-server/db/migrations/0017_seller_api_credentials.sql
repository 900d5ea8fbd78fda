CREATE TABLE "seller_api_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"client_id" text NOT NULL,
	"secret_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "seller_api_credentials" ADD CONSTRAINT "seller_api_credentials_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "seller_api_credentials_client_id_unique" ON "seller_api_credentials" USING btree ("client_id");--> statement-breakpoint
CREATE INDEX "seller_api_credentials_user_created_idx" ON "seller_api_credentials" USING btree ("user_id","created_at" DESC NULLS LAST);
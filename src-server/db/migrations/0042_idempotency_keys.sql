-- The `Idempotency-Key` header of the endpoints the contract marks `idempotencyHeader` (sending a
-- message, saving a listing, answering an offer, shipping an order): per account, endpoint and key,
-- the request's hash and, once it succeeded, its answer, replayed to a repeat (docs/api.md). A row
-- without a status is a request under way. Rows expire after 24 hours.
CREATE TABLE "idempotency_keys" (
	"user_id" uuid NOT NULL,
	"endpoint" text NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "idempotency_keys_user_id_endpoint_key_pk" PRIMARY KEY("user_id","endpoint","key")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "idempotency_keys_expires_at_idx" ON "idempotency_keys" USING btree ("expires_at");

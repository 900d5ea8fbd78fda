CREATE TABLE "distributor_feed_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"feed_id" uuid NOT NULL,
	"trigger" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"created_count" integer DEFAULT 0 NOT NULL,
	"updated_count" integer DEFAULT 0 NOT NULL,
	"unchanged_count" integer DEFAULT 0 NOT NULL,
	"closed_count" integer DEFAULT 0 NOT NULL,
	"skipped_count" integer DEFAULT 0 NOT NULL,
	"failed_count" integer DEFAULT 0 NOT NULL,
	"message" text,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "distributor_feeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"source" text NOT NULL,
	"url" text,
	"file_key" text,
	"file_name" text,
	"format" text NOT NULL,
	"column_mapping" jsonb,
	"price_rule" jsonb NOT NULL,
	"shipping_cost" numeric(12, 2) DEFAULT 0 NOT NULL,
	"delivery_days" integer NOT NULL,
	"schedule" text NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"distributor_id" uuid,
	"next_run_at" timestamp with time zone,
	"lease_token" uuid,
	"leased_until" timestamp with time zone,
	"last_run_at" timestamp with time zone,
	"last_status" text DEFAULT 'Never' NOT NULL,
	"last_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "distributor_feed_runs" ADD CONSTRAINT "distributor_feed_runs_feed_id_distributor_feeds_id_fk" FOREIGN KEY ("feed_id") REFERENCES "public"."distributor_feeds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_feeds" ADD CONSTRAINT "distributor_feeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_feeds" ADD CONSTRAINT "distributor_feeds_distributor_id_distributors_id_fk" FOREIGN KEY ("distributor_id") REFERENCES "public"."distributors"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "distributor_feed_runs_feed_started_idx" ON "distributor_feed_runs" USING btree ("feed_id","started_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "distributor_feeds_user_name_unique" ON "distributor_feeds" USING btree ("user_id",lower("name"));--> statement-breakpoint
CREATE INDEX "distributor_feeds_due_idx" ON "distributor_feeds" USING btree ("next_run_at") WHERE "distributor_feeds"."is_active";
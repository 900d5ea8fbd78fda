ALTER TABLE "alerts" ADD COLUMN "subject" text;--> statement-breakpoint
ALTER TABLE "alerts" ADD COLUMN "times" jsonb;--> statement-breakpoint
ALTER TABLE "message_reports" ADD COLUMN "resolution" text;--> statement-breakpoint
ALTER TABLE "message_reports" ADD COLUMN "resolved_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "message_reports" ADD COLUMN "resolved_by" uuid;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "removed_by" uuid;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD COLUMN "category" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "message_reports" ADD CONSTRAINT "message_reports_resolved_by_users_id_fk" FOREIGN KEY ("resolved_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_removed_by_users_id_fk" FOREIGN KEY ("removed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_user_subject_idx" ON "alerts" USING btree ("user_id","subject");--> statement-breakpoint
-- The demo buyer's dealer reminder becomes a reminder that goes once a dealer is chosen for an order.
UPDATE "alerts" SET "kind" = 'reminder', "subject" = 'reminder:chooseDealer'
  WHERE "user_id" IS NOT NULL AND "kind" IS NULL AND "title" = 'Confirm your shipping dealer';--> statement-breakpoint
-- A demo alert about saved-search matches that no saved search produced.
DELETE FROM "alerts" WHERE "user_id" IS NOT NULL AND "kind" IS NULL AND "title" = 'Saved search matches';

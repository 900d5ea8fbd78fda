-- Session tokens carry the account's token version; a password change, reset or lock bumps it, so
-- every earlier token is refused exactly, not from the next whole second as the cut-off time did.
ALTER TABLE "users" ADD COLUMN "token_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Tokens of today carry no version (read as 0): accounts with a cut-off start at 1, so none revives.
UPDATE "users" SET "token_version" = 1 WHERE "tokens_valid_after" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "tokens_valid_after";

-- Postings for frequent lexemes: a keyword search for one frequent word ('9mm', 'rifle') reads its
-- page and facet counts from one covering index instead of ranking, sorting and counting every
-- matching keyword row. Which lexemes are kept is decided by keyword-postings.ts from the planner's
-- statistics; this trigger keeps their rows in step with the keyword copy.
CREATE TABLE "keyword_posting_lexemes" (
	"lexeme" text PRIMARY KEY NOT NULL,
	"query" "tsquery" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "keyword_postings" (
	"lexeme" text NOT NULL,
	"listing_id" uuid NOT NULL,
	"rank" real NOT NULL,
	"listing_start_date" timestamp with time zone NOT NULL,
	"offered_until" timestamp with time zone NOT NULL,
	"facet_key" integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX "keyword_postings_listing_idx" ON "keyword_postings" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "keyword_postings_order_idx" ON "keyword_postings" USING btree
  ("lexeme", "rank" DESC, "listing_start_date" DESC, "listing_id") INCLUDE ("facet_key", "offered_until");--> statement-breakpoint
-- A keyword row's postings: one per kept lexeme it contains, ranked as a keyword search ranks it.
CREATE OR REPLACE FUNCTION keyword_postings_sync() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM keyword_postings WHERE listing_id = OLD.listing_id;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    INSERT INTO keyword_postings (lexeme, listing_id, rank, listing_start_date, offered_until, facet_key)
    SELECT f.lexeme, NEW.listing_id, ts_rank(NEW.search_vector, f.query), NEW.listing_start_date,
      NEW.offered_until, NEW.facet_key
    FROM keyword_posting_lexemes f WHERE NEW.search_vector @@ f.query;
  END IF;
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER keyword_postings_sync AFTER INSERT OR DELETE ON "listing_search"
  FOR EACH ROW EXECUTE FUNCTION keyword_postings_sync();--> statement-breakpoint
CREATE TRIGGER keyword_postings_sync_update AFTER UPDATE ON "listing_search"
  FOR EACH ROW WHEN (OLD.search_vector IS DISTINCT FROM NEW.search_vector
    OR OLD.listing_start_date IS DISTINCT FROM NEW.listing_start_date
    OR OLD.offered_until IS DISTINCT FROM NEW.offered_until
    OR OLD.facet_key IS DISTINCT FROM NEW.facet_key)
  EXECUTE FUNCTION keyword_postings_sync();

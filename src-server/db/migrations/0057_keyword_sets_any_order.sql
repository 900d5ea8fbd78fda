-- A keyword kept as postings is found whatever the order its words are typed in and with a word
-- typed twice: each kept key carries its query's canonical form (`canonicalQuery`,
-- modules/listings/search/plan.ts), a query of words and phrases joined by & alone written as those
-- parts sorted, each once ('ruger' & '22' & 'lr' and 'lr' & 'ruger' & '22' both read
-- '22' & 'lr' & 'ruger'); any other query is its own. Such queries match the same listings (& is
-- commutative) and ts_rank ranks every listing alike (it ranks a query's distinct words, sorted).
-- A search looks its keyword's kept key up by the canonical form of its query, on this index; it
-- replaces `keyword_pair_swapped`, which found a pair of words in either order. The kept keys
-- present are given theirs here, by the same rule.
ALTER TABLE "keyword_posting_lexemes" ADD COLUMN IF NOT EXISTS "canonical" tsquery;
--> statement-breakpoint
UPDATE "keyword_posting_lexemes" SET "canonical" = CASE
  WHEN query::text ~ $re$^'(?:[^']|'')*'(?: <(?:-|[0-9]+)> '(?:[^']|'')*')*(?: & '(?:[^']|'')*'(?: <(?:-|[0-9]+)> '(?:[^']|'')*')*)*$$re$
  THEN (SELECT string_agg(DISTINCT m[1], ' & ' ORDER BY m[1])
    FROM regexp_matches(query::text, $re$('(?:[^']|'')*'(?: <(?:-|[0-9]+)> '(?:[^']|'')*')*)(?: & |$)$re$, 'g') m)::tsquery
  ELSE query
END;
--> statement-breakpoint
ALTER TABLE "keyword_posting_lexemes" ALTER COLUMN "canonical" SET NOT NULL;
--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "keyword_posting_lexemes_canonical_idx" ON "keyword_posting_lexemes" USING btree ("canonical");
--> statement-breakpoint
DROP FUNCTION IF EXISTS keyword_pair_swapped(tsquery);

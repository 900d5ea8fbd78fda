-- A keyword of two words ranks by ts_rank of the pair, by how near its words stand. The description
-- is stripped of positions (0004): a pair with a word found only there stands at the greatest
-- distance and ranks under 1e-13, where two words positioned (title, manufacturer, model or caliber)
-- side by side rank 0.99. The index holds each listing's positioned lexemes: the listings with both
-- words positioned are read from it, and a page by relevance is the first of them when they fill it
-- above `keyword_pairless_rank()` (docs/capabilities/search.md).
CREATE INDEX IF NOT EXISTS "listing_search_title_pairs_idx" ON "listing_search"
  USING gin (ts_filter("search_vector", '{a,b,c,d}'));
--> statement-breakpoint
CREATE OR REPLACE FUNCTION keyword_title_pair(q tsquery) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- The query itself when it is a pair: two distinct words and no operator but & (an alternative
  -- ranks each word alone, a phrase or a negation matches otherwise than by both words). Null
  -- otherwise: of three words, two positioned already rank high, and the listings with two of
  -- them positioned are most of every such pair's.
  SELECT CASE WHEN q::text !~ '[|!<]'
    AND (SELECT count(DISTINCT m[1]) FROM regexp_matches(q::text, '''(?:[^'']|'''')*''', 'g') m) = 2
    THEN q END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION keyword_pairless_rank() RETURNS real LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- Above what a listing with at most one of the pair's words positioned ranks: each pair of
  -- positions then has the description's (position 16383, weight D) and adds at most
  -- sqrt(1.0 * 0.1 * 1e-30) = 3.2e-16, over at most 256 positions a lexeme keeps.
  SELECT 1e-9::real
$$;
--> statement-breakpoint
ANALYZE "listing_search";

-- A keyword of three words or more (up to eight), or a phrase: a listing with two of its words
-- positioned ranks above `keyword_pairless_rank()` however far the third stands, and every other
-- match ranks alike under it, newest first (0058). When those others are many among the newest
-- listings (the words stand together in descriptions: 'comes with original box'), the listings
-- above the bound are read from the index of positioned lexemes, each pair of the keyword's words
-- an alternative of one query, and ranked, where every match was ranked.
CREATE OR REPLACE FUNCTION keyword_title_pairs(q tsquery) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  -- Each pair of the query's distinct words joined by |, for a query of words and phrases joined by
  -- & and <-> (an alternative ranks each word alone, a negation matches otherwise than by its
  -- words) that is not a pair itself (`keyword_title_pair`). Null for one word, for any other query
  -- and past eight words (28 pairs).
  SELECT CASE WHEN q::text !~ '[|!]' AND keyword_title_pair(q) IS NULL THEN (
    SELECT CASE WHEN count(*) BETWEEN 2 AND 8 THEN (
      SELECT string_agg(a.w || ' & ' || b.w, ' | ' ORDER BY a.w, b.w)
      FROM unnest(array_agg(w.w)) a(w) JOIN unnest(array_agg(w.w)) b(w) ON a.w < b.w
    )::tsquery END
    FROM (SELECT DISTINCT m[1] AS w FROM regexp_matches(q::text, '''(?:[^'']|'''')*''', 'g') m) w
  ) END
$$;

-- A pair of words kept as postings (`frequentPairs`, modules/listings/search-indexes/keyword-postings.ts)
-- is kept under one order of its words ('10rd' & '9mm'). A search for the two in the other order
-- builds '9mm' & '10rd': it ranks every listing alike (ts_rank sorts a query's words) but is another
-- tsquery, so a keyword's kept key is looked up under its query and under this one (`keptKeyOf`).
-- Null for any query that is not two words joined by & alone.
CREATE OR REPLACE FUNCTION keyword_pair_swapped(q tsquery) RETURNS tsquery LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT regexp_replace(q::text, '^(''(?:[^'']|'''')*'') & (''(?:[^'']|'''')*'')$', '\2 & \1')::tsquery
  WHERE q::text ~ '^''(?:[^'']|'''')*'' & ''(?:[^'']|'''')*''$'
$$;

-- The search reads covering indexes alone (docs/capabilities/search.md): the keyword postings, the
-- keyword copy's and the listings' order indexes. An index entry on a page the visibility map does
-- not mark all-visible costs a visit to the table, so rows written since the last vacuum (listing
-- writes rewrite their postings) are read at table cost. PostgreSQL's defaults vacuum after a fifth of
-- a table has changed: at a million listings that is 2.7 million postings. These tables are vacuumed
-- after 2 % instead (PGlite has no autovacuum: the search upkeep vacuums them there).
ALTER TABLE "keyword_postings" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02, autovacuum_analyze_scale_factor = 0.05);
--> statement-breakpoint
ALTER TABLE "listing_search" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);
--> statement-breakpoint
ALTER TABLE "listings" SET (autovacuum_vacuum_scale_factor = 0.02, autovacuum_vacuum_insert_scale_factor = 0.02);

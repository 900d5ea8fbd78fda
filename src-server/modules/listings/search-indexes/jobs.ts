import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import type { PeriodicJob } from '../../../periodic-jobs.ts';
import { forgetKeywordCoverage } from '../search/search-listings.ts';
import { keepKeywordCopyInOrder } from './keyword-copy.ts';
import { refreshKeywordPostings } from './keyword-postings.ts';
import { rebuildSuggestionTerms } from './suggestion-terms.ts';

/**
 * The upkeep's vacuum never waits for another server: a table another session holds is skipped
 * (`skip_locked`; it vacuums it itself), and empty pages at a table's end are left to autovacuum
 * (`truncate false`): truncating takes an exclusive lock, which servers starting at once on one
 * database queued for until the statement timeout cancelled their boot.
 */
const VACUUM_OPTIONS = sql.raw('(analyze, skip_locked, truncate false)');

/** How often the search indexes are refreshed while the server runs (sold and expired listings drop out). */
export const SEARCH_INDEX_REFRESH_MS = 10 * 60 * 1000;

/**
 * Puts the keyword copy back in catalogue order once writes have moved enough of its rows, brings
 * the postings' lexemes in line with the copy's statistics, and vacuums the postings so searches
 * read their index alone (PGlite has no autovacuum; elsewhere it finds little to do).
 */
async function maintainKeywordIndexes(db: Database): Promise<void> {
  await keepKeywordCopyInOrder(db);
  await refreshKeywordPostings(db);
  forgetKeywordCoverage(db);
  await db.execute(sql`vacuum ${VACUUM_OPTIONS} keyword_postings`);
}

/**
 * Suggestion terms follow the offered listings: rebuilt at boot (after any seeding) and then every
 * ten minutes, so sold and expired listings drop out of the counts. Distance and recent-listing
 * searches read covering indexes alone once the visibility map is current; PGlite has no
 * autovacuum, so each boot refreshes it (cheap when nothing changed). The same boot and ticks put
 * the keyword copy back in catalogue order once writes have moved enough of its rows.
 */
export function searchIndexJob(db: Database): PeriodicJob {
  return {
    atBoot: async () => {
      await rebuildSuggestionTerms(db);
      await db.execute(sql`vacuum ${VACUUM_OPTIONS} listings, listing_search, suggestion_terms`);
      await maintainKeywordIndexes(db);
    },
    run: async () => {
      await rebuildSuggestionTerms(db);
      await maintainKeywordIndexes(db);
    },
    intervalMs: SEARCH_INDEX_REFRESH_MS,
    failureMessage: 'refreshing the suggestion terms or keyword indexes failed',
  };
}

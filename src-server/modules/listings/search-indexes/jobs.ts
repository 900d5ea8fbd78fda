import { sql } from 'drizzle-orm';
import { type Database, type DatabaseKind, queryRows } from '../../../db/client.ts';
import type { PeriodicJob } from '../../../periodic-jobs.ts';
import { forgetKeywordCoverage } from '../search/search-listings.ts';
import { keepKeywordCopyInOrder } from './keyword-copy.ts';
import {
  POSTING_POLICY,
  type PostingChange,
  type PostingPolicy,
  refreshKeywordPostings,
} from './keyword-postings.ts';
import { rebuildSuggestionTerms } from './suggestion-terms.ts';

/**
 * The upkeep's vacuum never waits for another server: a table another session holds is skipped
 * (`skip_locked`; it vacuums it itself), and empty pages at a table's end are left to autovacuum
 * (`truncate false`): truncating takes an exclusive lock, which servers starting at once on one
 * database queued for until the statement timeout cancelled their boot.
 */
const VACUUM_OPTIONS = sql.raw('(analyze, skip_locked, truncate false)');

/**
 * On PostgreSQL a table is vacuumed by the upkeep only when autovacuum has fallen behind it: never
 * vacuumed or analyzed since its statistics began, or written to since by more than this share of
 * its rows (a bulk seeding, a large import). Otherwise autovacuum keeps its visibility map and
 * statistics, and a server restarting in a running cluster starts without reading whole tables.
 */
const STALE_SHARE = 0.1;

/** The tables among `tables` the upkeep vacuums: all of them on PGlite (no autovacuum). */
export async function tablesToVacuum(
  db: Database,
  kind: DatabaseKind,
  tables: readonly string[],
): Promise<string[]> {
  if (kind === 'pglite') return [...tables];
  const rows = await queryRows<{ table: string }>(
    db,
    sql`select s.relname as "table"
          from pg_stat_user_tables s join pg_class c on c.oid = s.relid
         where s.schemaname = current_schema() and s.relname in (${sql.join(
           tables.map((table) => sql`${table}`),
           sql`, `,
         )})
           and (coalesce(s.last_vacuum, s.last_autovacuum) is null
             or coalesce(s.last_analyze, s.last_autoanalyze) is null
             or s.n_ins_since_vacuum + s.n_dead_tup > ${STALE_SHARE} * greatest(c.reltuples, 1)
             or s.n_mod_since_analyze > ${STALE_SHARE} * greatest(c.reltuples, 1))`,
  );
  const stale = new Set(rows.map((row) => row.table));
  return tables.filter((table) => stale.has(table));
}

async function vacuumWhereNeeded(db: Database, kind: DatabaseKind, tables: readonly string[]): Promise<void> {
  await vacuum(db, await tablesToVacuum(db, kind, tables));
}

async function vacuum(db: Database, tables: readonly string[]): Promise<void> {
  if (tables.length === 0) return;
  await db.execute(sql`vacuum ${VACUUM_OPTIONS} ${sql.raw(tables.join(', '))}`);
}

/** How often the search indexes are refreshed while the server runs (sold and expired listings drop out). */
export const SEARCH_INDEX_REFRESH_MS = 10 * 60 * 1000;

/**
 * Puts the keyword copy back in catalogue order once writes have moved enough of its rows, brings
 * the postings' lexemes in line with the copy's statistics, and vacuums the postings so searches
 * read their index alone: always after lexemes were added or dropped (a new word's postings are
 * all on pages the visibility map does not cover yet, however small a share of the table they are),
 * otherwise where autovacuum has fallen behind (PGlite has none).
 */
export async function maintainKeywordIndexes(
  db: Database,
  kind: DatabaseKind,
  policy: PostingPolicy = POSTING_POLICY,
): Promise<PostingChange> {
  await keepKeywordCopyInOrder(db);
  const change = await refreshKeywordPostings(db, policy);
  forgetKeywordCoverage(db);
  if (change.added.length > 0 || change.removed.length > 0) await vacuum(db, ['keyword_postings']);
  else await vacuumWhereNeeded(db, kind, ['keyword_postings']);
  return change;
}

/**
 * Suggestion terms follow the offered listings: rebuilt at boot (after any seeding) and then every
 * ten minutes, so sold and expired listings drop out of the counts. Distance and recent-listing
 * searches read covering indexes alone once the visibility map is current; PGlite has no
 * autovacuum, so each boot refreshes it (cheap when nothing changed); on PostgreSQL the boot
 * vacuums only a table autovacuum has not caught up with (after a seeding, say). The same boot and
 * ticks put the keyword copy back in catalogue order once writes have moved enough of its rows.
 */
export function searchIndexJob(db: Database, kind: DatabaseKind): PeriodicJob {
  return {
    atBoot: async () => {
      await rebuildSuggestionTerms(db);
      await vacuumWhereNeeded(db, kind, ['listings', 'listing_search', 'suggestion_terms']);
      await maintainKeywordIndexes(db, kind);
    },
    run: async () => {
      await rebuildSuggestionTerms(db);
      await maintainKeywordIndexes(db, kind);
    },
    intervalMs: SEARCH_INDEX_REFRESH_MS,
    failureMessage: 'refreshing the suggestion terms or keyword indexes failed',
  };
}

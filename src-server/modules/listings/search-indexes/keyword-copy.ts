import { sql } from 'drizzle-orm';
import { loadInBulk } from '../../../db/bulk-load.ts';
import { type Database, liftStatementTimeout, queryRows } from '../../../db/client.ts';
import { rewritePostings } from './keyword-postings.ts';

/**
 * The physical order of the keyword copy (`listing_search`): listings of one family, brand and
 * caliber sit side by side. A keyword search visits every page that holds one of its matches, and
 * a broad keyword ('9mm', 'glock') matches a fifth of the catalogue: in arrival order nearly every
 * page holds a match, in catalogue order its matches fill about a quarter as many pages.
 */
const CATALOGUE_ORDER = sql`l.family_id, l.manufacturer, l.caliber, l.model, l.id`;

/**
 * The keyword copy's rows exactly as `listing_search_row` (migration 0026) makes them, but with the
 * search vector in a lateral subquery of the listing's texts, which the planner can memoize: a
 * catalogue where many listings share a title and description (the demo catalogue, a distributor's
 * feed) works out each distinct vector once, and the vector is most of a row's cost. The tests
 * check these rows against `listing_search_row` for every listing.
 */
const COPY_ROWS = sql`select l.id, l.facet_key, l.family_id, l.listing_type, l.listing_options,
    l.listing_start_date,
    case when l.is_active and not l.is_sold and (l.listing_options & 12288) = 0
      then coalesce(l.listing_end_date, 'infinity'::timestamptz) else '-infinity'::timestamptz end,
    l.user_id, l.price, l.condition, l.distributor_id, l.latitude, l.longitude, l.upc, l.sku, v.search_vector
  from listings l cross join lateral (
    select listing_search_vector(l.title, l.manufacturer, l.model, l.caliber, l.description) as search_vector
    offset 0) v`;

/**
 * Below this correlation between the family column and the rows' physical position the copy is
 * rewritten: about 7% of its rows moved by writes since the last rewrite (a new or changed listing's
 * row lands wherever there is room).
 */
export const MIN_ORDER_CORRELATION = 0.9;

/** Share of rows written since the statistics were last taken before they are taken again to check the order. */
const RECHECK_AFTER_MODIFIED_SHARE = 0.02;

/**
 * Rewrites the keyword copy from the listings in catalogue order and builds its indexes (the
 * full-text one above all) once afterwards. Listing writes wait until it commits (their trigger
 * writes this table); keyword searches wait on PostgreSQL too, for the rewrite's few seconds. Every
 * row is rebuilt from its listing as `listing_search_row`, the function the sync trigger uses,
 * builds it (`COPY_ROWS`), so the copy also comes out exactly in step with the listings. The
 * postings of the kept lexemes are rewritten from the new copy in the same transaction (their
 * row-by-row trigger is off meanwhile).
 */
export async function rewriteKeywordCopy(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await liftStatementTimeout(tx);
    // Listing writes wait; so does another rewrite. Share row exclusive rather than share, as the
    // copy's foreign key to the listings is checked again once its rows are in (`loadInBulk`).
    await tx.execute(sql`lock table listings in share row exclusive mode`);
    await tx.execute(sql`truncate listing_search`);
    await tx.execute(sql`alter table listing_search disable trigger user`);
    await loadInBulk(tx, 'listing_search', () =>
      tx.execute(sql`insert into listing_search ${COPY_ROWS} order by ${CATALOGUE_ORDER}`),
    );
    await tx.execute(sql`alter table listing_search enable trigger user`);
    await tx.execute(sql`analyze listing_search`);
    await rewritePostings(tx);
  });
}

/**
 * How well the keyword copy still follows catalogue order: the planner's correlation between family
 * and physical position (1 = in order, near 0 = arrival order), or null before any statistics.
 * Statistics older than RECHECK_AFTER_MODIFIED_SHARE of the rows' writes are taken again first.
 */
export async function keywordCopyOrderCorrelation(db: Database): Promise<number | null> {
  const [activity] = await queryRows<{ modified: number; rows: number }>(
    db,
    sql`select coalesce(s.n_mod_since_analyze, 0)::float8 as modified, greatest(c.reltuples, 0)::float8 as rows
      from pg_class c left join pg_stat_user_tables s on s.relid = c.oid
      where c.oid = 'listing_search'::regclass`,
  );
  if (activity && activity.modified > RECHECK_AFTER_MODIFIED_SHARE * activity.rows) {
    await db.execute(sql`analyze listing_search`);
  }
  const [order] = await queryRows<{ correlation: number | null }>(
    db,
    sql`select correlation from pg_stats
      where schemaname = current_schema() and tablename = 'listing_search' and attname = 'family_id'`,
  );
  return order?.correlation ?? null;
}

/**
 * Rewrites the keyword copy when writes have moved it out of catalogue order; run at boot and with
 * the periodic catalogue refresh. Answers whether it rewrote.
 */
export async function keepKeywordCopyInOrder(db: Database): Promise<boolean> {
  const correlation = await keywordCopyOrderCorrelation(db);
  if (correlation === null || correlation >= MIN_ORDER_CORRELATION) return false;
  await rewriteKeywordCopy(db);
  return true;
}

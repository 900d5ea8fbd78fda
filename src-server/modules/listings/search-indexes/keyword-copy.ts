import { sql } from 'drizzle-orm';
import { type Database, queryRows } from '../../../db/client.ts';
import { rewritePostings } from './keyword-postings.ts';

/**
 * The physical order of the keyword copy (`listing_search`): listings of one family, brand and
 * caliber sit side by side. A keyword search visits every page that holds one of its matches, and
 * a broad keyword ('9mm', 'glock') matches a fifth of the catalogue: in arrival order nearly every
 * page holds a match, in catalogue order its matches fill about a quarter as many pages.
 */
const CATALOGUE_ORDER = sql`l.family_id, l.manufacturer, l.caliber, l.model, l.id`;

/**
 * Below this correlation between the family column and the rows' physical position the copy is
 * rewritten: about 7% of its rows moved by writes since the last rewrite (a new or changed listing's
 * row lands wherever there is room).
 */
export const MIN_ORDER_CORRELATION = 0.9;

/** Share of rows written since the statistics were last taken before they are taken again to check the order. */
const RECHECK_AFTER_MODIFIED_SHARE = 0.02;

/**
 * Rewrites the keyword copy from the listings in catalogue order and builds its full-text index once
 * afterwards. Listing writes wait until it commits (their trigger writes this table); keyword
 * searches wait on PostgreSQL too, for the rewrite's few seconds. Every row is rebuilt from its
 * listing by `listing_search_row`, the function the sync trigger uses, so the copy also comes out
 * exactly in step with the listings. The postings of the kept lexemes are rewritten from the new copy
 * in the same transaction (their row-by-row trigger is off meanwhile).
 */
export async function rewriteKeywordCopy(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`lock table listings in share mode`);
    await tx.execute(sql`truncate listing_search`);
    await tx.execute(sql`drop index if exists listing_search_vector_idx`);
    await tx.execute(sql`alter table listing_search disable trigger user`);
    await tx.execute(sql`insert into listing_search
      select r.* from listings l cross join lateral listing_search_row(l) r order by ${CATALOGUE_ORDER}`);
    await tx.execute(sql`alter table listing_search enable trigger user`);
    await tx.execute(sql`create index listing_search_vector_idx on listing_search using gin (search_vector)`);
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

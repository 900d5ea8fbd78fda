import { sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.ts';
import { OFFERED } from '../cards.ts';

/**
 * Rebuilds the suggestion terms from the offered listings: manufacturers, manufacturer + model
 * and calibers, each with its listing count and the family most of its listings are in. One
 * transaction, so a suggestion request never sees the table half built.
 *
 * The terms follow the listings by this rebuild alone: the seeder runs it, and the search index
 * jobs (`jobs.ts`) run it at boot and every ten minutes. A listings-write
 * path (POST /listings/add, close, relist, a sale) should also run it, or schedule it, once it
 * changes what is offered.
 */
export async function rebuildSuggestionTerms(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`delete from suggestion_terms`);
    await tx.execute(sql`
      insert into suggestion_terms (term, kind, listing_count, top_family_id, top_family_share)
      select term, kind, sum(n)::int,
        (array_agg(family_id order by n desc, family_id))[1],
        (max(n)::real / sum(n))::real
      from (
        select l.manufacturer as term, 'manufacturer' as kind, l.family_id, count(*) as n
          from listings l where ${OFFERED} and l.manufacturer is not null group by 1, 3
        union all
        select l.manufacturer || ' ' || l.model, 'model', l.family_id, count(*)
          from listings l where ${OFFERED} and l.manufacturer is not null and l.model is not null group by 1, 3
        union all
        select l.caliber, 'caliber', l.family_id, count(*)
          from listings l where ${OFFERED} and l.caliber is not null group by 1, 3
      ) grouped
      group by term, kind`);
  });
}

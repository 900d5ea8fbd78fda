import { sql } from 'drizzle-orm';
import { type Database, type DbExecutor, liftStatementTimeout } from '../../../db/client.ts';
import { OFFERED } from '../cards.ts';

/**
 * Rebuilds the suggestion terms from the offered listings: manufacturers, manufacturer + model
 * and calibers, each with its listing count and the family most of its listings are in. One
 * transaction, so a suggestion request never sees the table half built.
 *
 * The seeder runs it, and the search index jobs (`jobs.ts`) run it at boot and every ten minutes
 * (listings pass their end date without a write). Listing writes (POST /listings/add, close, relist,
 * delete) refresh the terms they touch in their own transaction: `refreshSuggestionTermsOf`.
 */
export async function rebuildSuggestionTerms(db: Database): Promise<void> {
  await db.transaction(async (tx) => {
    await liftStatementTimeout(tx);
    await lockSuggestionTerms(tx);
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

/**
 * Writers of the suggestion terms take turns: each deletes rows and inserts them again, so two at
 * once (a listing write and the rebuild) would insert the same term twice or deadlock. Held until
 * the transaction ends; taken after any listing row lock and never before one, so no cycle forms.
 */
const SUGGESTION_TERMS_LOCK = 7_301_001;

async function lockSuggestionTerms(tx: DbExecutor): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SUGGESTION_TERMS_LOCK})`);
}

/** The suggestion-term fields of a listing, before or after a write. */
export interface SuggestionFields {
  manufacturer: string | null;
  model: string | null;
  caliber: string | null;
}

/**
 * Recounts the suggestion terms of the given listings' fields (their manufacturer, manufacturer +
 * model and caliber) from the offered listings, as `rebuildSuggestionTerms` counts them: run inside
 * a listing write's transaction with the fields before and after the write, so a new term is
 * suggested at once and a term without offered listings left disappears.
 */
export async function refreshSuggestionTermsOf(
  tx: DbExecutor,
  fields: readonly SuggestionFields[],
): Promise<void> {
  const manufacturers = new Set<string>();
  const models = new Set<string>();
  const calibers = new Set<string>();
  for (const field of fields) {
    if (field.manufacturer) manufacturers.add(field.manufacturer);
    if (field.manufacturer && field.model) models.add(`${field.manufacturer} ${field.model}`);
    if (field.caliber) calibers.add(field.caliber);
  }
  const terms = [
    ...[...manufacturers].map((term) => ({ term, kind: 'manufacturer' })),
    ...[...models].map((term) => ({ term, kind: 'model' })),
    ...[...calibers].map((term) => ({ term, kind: 'caliber' })),
  ];
  if (terms.length === 0) return;
  // One JSON parameter per list: drizzle would spread a JavaScript array into separate parameters.
  await lockSuggestionTerms(tx);
  const arrayOf = (values: Set<string>) =>
    sql`array(select json_array_elements_text(${JSON.stringify([...values])}::json))`;
  await tx.execute(sql`delete from suggestion_terms t
    using (select * from json_to_recordset(${JSON.stringify(terms)}::json) as x(term text, kind text)) x
    where t.term = x.term and t.kind = x.kind`);
  await tx.execute(sql`
    insert into suggestion_terms (term, kind, listing_count, top_family_id, top_family_share)
    select term, kind, sum(n)::int,
      (array_agg(family_id order by n desc, family_id))[1],
      (max(n)::real / sum(n))::real
    from (
      select l.manufacturer as term, 'manufacturer' as kind, l.family_id, count(*) as n
        from listings l where ${OFFERED} and l.manufacturer = any(${arrayOf(manufacturers)}) group by 1, 3
      union all
      select l.manufacturer || ' ' || l.model, 'model', l.family_id, count(*)
        from listings l where ${OFFERED} and l.model is not null
          and l.manufacturer || ' ' || l.model = any(${arrayOf(models)}) group by 1, 3
      union all
      select l.caliber, 'caliber', l.family_id, count(*)
        from listings l where ${OFFERED} and l.caliber = any(${arrayOf(calibers)}) group by 1, 3
    ) grouped
    group by term, kind`);
}

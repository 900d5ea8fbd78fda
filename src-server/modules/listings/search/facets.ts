import { type SQL, sql } from 'drizzle-orm';
import { SEARCH_COUNT_LIMIT, type SearchFacets } from '../../../../shared/contract/listing-search.ts';
import { CategoryFamilyId } from '../../../../shared/domain/category.ts';
import { Condition, ListingType } from '../../../../shared/domain/listing.ts';
import { CARD_JSON, type CardJson } from '../cards.ts';
import { type FacetFilters, type Ordering, orderBy, type SearchPlan } from './plan.ts';

/** grouping() bits of the facet rows: family_id 4, condition 2, listing_type 1 (set = not grouped by). */
const GROUPED_BY_FAMILY = 3;
const GROUPED_BY_CONDITION = 5;
const GROUPED_BY_LISTING_TYPE = 6;
const GRAND_TOTAL = 7;

export type FacetRow = [
  grouping: number,
  familyId: number | null,
  condition: Condition | null,
  listingType: number | null,
  count: number,
];

export interface SearchRow {
  /** Postings statement only: whether the keyword is one kept lexeme (otherwise nothing was read). */
  covered?: boolean;
  /** Rows in the facet sample `m`: SEARCH_COUNT_LIMIT + 1 when it stopped short of every match. */
  sampled: number;
  /** With a facet filter and a full sample: every filter's matches, counted up to SEARCH_COUNT_LIMIT + 1. */
  recounted: number | null;
  facets: FacetRow[] | null;
  results: { card: CardJson; distance: number | null }[] | null;
  [key: string]: unknown;
}

/** The flag column of each active facet filter; each facet counts with the other facets' flags. */
export interface FacetFlags {
  family: SQL | null;
  condition: SQL | null;
  listingType: SQL | null;
  all: SQL[];
}

export function facetFlags(facets: FacetFilters): FacetFlags {
  const family = facets.family ? sql.raw('f_ok') : null;
  const condition = facets.condition ? sql.raw('c_ok') : null;
  const listingType = facets.listingType ? sql.raw('t_ok') : null;
  return {
    family,
    condition,
    listingType,
    all: [family, condition, listingType].filter((flag) => flag !== null),
  };
}

/** `, <filter> as <flag>` for each active facet filter. */
export function flagColumns(facets: FacetFilters, flags: FacetFlags): SQL {
  return sql.join(
    (['family', 'condition', 'listingType'] as const).flatMap((facet) =>
      flags[facet] ? [sql`, ${facets[facet]} as ${flags[facet]}`] : [],
    ),
  );
}

/**
 * The answer both statements end with, read from two relations: `c`, the matches counted per facet
 * key (its family, condition and listing type decoded, a flag per active facet filter, `n`), and
 * `p`, the page's rows in any order (id, the order's columns, distance when searched by ZIP code).
 * The grouping sets add up those counts per facet instead of updating four aggregates per match.
 */
export function answerSql(plan: SearchPlan, order: Ordering, flags: FacetFlags): SQL {
  const countWhere = (...only: (SQL | null)[]) => {
    const active = only.filter((flag) => flag !== null);
    return active.length
      ? sql`coalesce(sum(n) filter (where ${sql.join(active, sql` and `)}), 0)`
      : sql`coalesce(sum(n), 0)`;
  };
  const raw = (value: number) => sql.raw(String(value));
  // Without facet filters every facet counts all rows: one plain sum (cheapest aggregate).
  const facetCount =
    flags.all.length === 0
      ? sql`coalesce(sum(n), 0)::int`
      : sql`(case grouping(family_id, condition, listing_type)
          when ${raw(GROUPED_BY_FAMILY)} then ${countWhere(flags.condition, flags.listingType)}
          when ${raw(GROUPED_BY_CONDITION)} then ${countWhere(flags.family, flags.listingType)}
          when ${raw(GROUPED_BY_LISTING_TYPE)} then ${countWhere(flags.family, flags.condition)}
          else ${countWhere(...flags.all)} end)::int`;
  return sql`
      (select json_agg(json_build_array(g, family_id, condition, listing_type, n))
         from (select family_id, condition, listing_type,
                 grouping(family_id, condition, listing_type) as g, ${facetCount} as n
               from c group by grouping sets ((family_id), (condition), (listing_type), ())) f) as facets,
      (select json_agg(json_build_object('card', ${CARD_JSON}, 'distance', ${plan.origin ? sql`p.distance` : sql`null::float8`}) order by ${orderBy(order, plan, 'p')})
         from p join listings l on l.id = p.id join users u on u.id = l.user_id) as results`;
}

/** The facet key's decoded family, condition and listing type, as `c` carries them. */
export const DECODED_FACET_KEY = sql`listing_facet_family(facet_key) as family_id,
  listing_facet_condition(facet_key) as condition, listing_facet_listing_type(facet_key) as listing_type`;

const CONDITIONS = new Set<string>(Object.values(Condition));
const LISTING_TYPES = new Set<number>(Object.values(ListingType));
const FAMILY_IDS = new Set<number>(Object.values(CategoryFamilyId));

/**
 * Ties between facet counts go by key, in natural order. One collator for every search:
 * `localeCompare` with options builds a new one on each call, which cost more than the rest of the
 * answer's mapping.
 */
const FACET_KEY_ORDER = new Intl.Collator('en', { numeric: true });

/**
 * How many rows the facet sample `m` holds and, when it is full and `total` is given (the matches
 * of every filter, facets' included), those matches counted up to the same limit. A scalar
 * subquery in a branch runs only when the branch is taken, so a sample that holds every match
 * costs no second count.
 */
export function cappedCountsSql(total: SQL | null): SQL {
  const limit = sql.raw(String(SEARCH_COUNT_LIMIT));
  return sql`(select count(*)::int from m) as sampled,
    ${
      total
        ? sql`case when (select count(*) from m) > ${limit}
            then (select count(*)::int from (${total} limit ${limit} + 1) t) end`
        : sql`null::int`
    } as recounted`;
}

/**
 * The counts of a search's answer row: exact facets and total when the facet sample held every
 * match; otherwise no facet counts (null), and the total recounted (or the limit, flagged as capped).
 */
export function readCounts(row: SearchRow | undefined): {
  facets: SearchFacets | null;
  total: number;
  totalCapped: boolean;
} {
  if (!row || row.sampled <= SEARCH_COUNT_LIMIT) {
    return { ...readFacets(row?.facets ?? []), totalCapped: false };
  }
  const total = row.recounted ?? SEARCH_COUNT_LIMIT + 1;
  return total > SEARCH_COUNT_LIMIT
    ? { facets: null, total: SEARCH_COUNT_LIMIT, totalCapped: true }
    : { facets: null, total, totalCapped: false };
}

/** The facet counts and the total of a search's facet rows (the grouping sets of `answerSql`). */
export function readFacets(facetRows: FacetRow[]): { facets: SearchFacets; total: number } {
  const byCount = <T extends { count: number }>(entries: T[], key: (entry: T) => string | number) =>
    entries.sort((a, b) => b.count - a.count || FACET_KEY_ORDER.compare(String(key(a)), String(key(b))));
  const facets: SearchFacets = {
    family: byCount(
      facetRows
        .filter(([g, id, , , n]) => g === GROUPED_BY_FAMILY && n > 0 && id !== null && FAMILY_IDS.has(id))
        .map(([, id, , , count]) => ({ id: id as CategoryFamilyId, count })),
      (entry) => entry.id,
    ),
    condition: byCount(
      facetRows
        .filter(
          ([g, , value, , n]) =>
            g === GROUPED_BY_CONDITION && n > 0 && value !== null && CONDITIONS.has(value),
        )
        .map(([, , value, , count]) => ({ value: value as Condition, count })),
      (entry) => entry.value,
    ),
    listingType: byCount(
      facetRows
        .filter(
          ([g, , , value, n]) =>
            g === GROUPED_BY_LISTING_TYPE && n > 0 && value !== null && LISTING_TYPES.has(value),
        )
        .map(([, , , value, count]) => ({ value: value as ListingType, count })),
      (entry) => entry.value,
    ),
  };
  const total = facetRows.find(([g]) => g === GRAND_TOTAL)?.[4] ?? 0;
  return { facets, total };
}

import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEARCH_COUNT_LIMIT,
  type SearchRequest,
  searchRequestSchema,
} from '../../shared/contract/listing-search.ts';
import { Condition, ListingType } from '../../shared/domain/listing.ts';
import { queryRows } from '../../src-server/db/client.ts';
import { readCounts, type SearchRow } from '../../src-server/modules/listings/search/facets.ts';
import { keywordSearchTotals } from '../../src-server/modules/listings/search/keyword-totals.ts';
import { canonicalQuery, planSearch } from '../../src-server/modules/listings/search/plan.ts';
import { postingSearchStatement } from '../../src-server/modules/listings/search/postings-statement.ts';
import {
  forgetKeywordCoverage,
  querySearch,
  searchListings,
  searchStatements,
} from '../../src-server/modules/listings/search/search-listings.ts';
import { maintainKeywordIndexes } from '../../src-server/modules/listings/search-indexes/jobs.ts';
import { rewriteKeywordCopy } from '../../src-server/modules/listings/search-indexes/keyword-copy.ts';
import {
  frequentWordSets,
  type PostingPolicy,
  refreshKeywordPostings,
} from '../../src-server/modules/listings/search-indexes/keyword-postings.ts';
import { rebuildSuggestionTerms } from '../../src-server/modules/listings/search-indexes/suggestion-terms.ts';
import { seedCatalog } from './support/catalog.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

/** The production policy scaled to the 600-listing test catalogue. */
const POLICY: PostingPolicy = {
  minListings: 20,
  maxShare: 0.35,
  maxLexemes: 64,
  maxPhrases: 32,
  maxTitleLexemes: 0,
  minSetListings: 1_000_000,
  maxSets: 0,
};

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db);
  // The auction-type listings run as auctions, ending over the next days.
  await t.database.db.execute(
    sql`insert into auctions (listing_id, starting_bid, starts_at, ends_at, current_price, bid_count)
      select id, price, listing_start_date, now() + make_interval(mins => 60 + abs(hashtext(id::text)) % 10000), price, 1
      from listings where listing_type = ${ListingType.Auction}
        and not exists (select 1 from auctions a where a.listing_id = listings.id)`,
  );
});
afterAll(() => t.close());

const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  queryRows<T>(t.database.db, query);

const keptLexemes = async () =>
  (await rows<{ lexeme: string }>(sql`select lexeme from keyword_posting_lexemes order by lexeme`)).map(
    (row) => row.lexeme,
  );

/**
 * The suggestion terms of three words or more whose whole query the postings keep (a manufacturer
 * and model: 'smith' & 'wesson' & 'model' & '686' & 'plus'), as the terms are written.
 */
const keptNamesOfMoreWords = async () =>
  (
    await rows<{ term: string }>(sql`select min(t.term) as term from suggestion_terms t
      join keyword_posting_lexemes f on f.query = websearch_to_tsquery('english', t.term)
      where numnode(f.query) >= 5 and strpos(f.lexeme, ' & ') > 0 and not f.titles_only
      group by f.lexeme order by f.lexeme`)
  ).map((row) => row.term);

/**
 * Postings that differ from what the keyword copy says they should be (one row per kept lexeme and
 * listing containing it, ranked as a search ranks it), counted both ways: 0 when exactly in step.
 */
async function postingsOutOfStep(): Promise<number> {
  const [row] = await rows<{ n: number }>(sql`
    with expected as (
      select f.lexeme, s.listing_id, keyword_rank(ts_rank(s.search_vector, f.query)) as rank, s.listing_start_date,
        s.offered_until, s.facet_key, s.price, s.latitude, s.longitude
      from keyword_posting_lexemes f join listing_search s on s.search_vector @@ f.query
      where not f.titles_only or ts_rank(s.search_vector, f.query) >= keyword_title_rank()
    ),
    actual as (
      select lexeme, listing_id, rank, listing_start_date, offered_until, facet_key, price, latitude, longitude
      from keyword_postings
    )
    select ((select count(*) from (select * from expected except all select * from actual) a)
      + (select count(*) from (select * from actual except all select * from expected) b))::int as n`);
  return row!.n;
}

/** Searches through the API's own function, with and without postings. */
async function bothWays(body: SearchRequest) {
  const request = searchRequestSchema.parse(body);
  const [withPostings, general] = await Promise.all([
    searchListings(t.database.db, request),
    searchListings(t.database.db, request, { postings: false }),
  ]);
  return { withPostings, general };
}

/** Whether the postings statement itself answers the request (rather than leaving it to the general one). */
async function postingsCover(body: SearchRequest): Promise<boolean> {
  const request = searchRequestSchema.parse(body);
  const statement = postingSearchStatement(await planSearch(t.database.db, request), request);
  if (!statement) return false;
  const [row] = await queryRows<SearchRow>(t.database.db, statement);
  return row?.covered === true;
}

describe('keyword postings', () => {
  it('keep the frequent lexemes the statistics find, each with every listing that contains it', async () => {
    expect(await keptLexemes()).toEqual([]);
    // The two-word names come from the suggestion terms, rebuilt before the postings at boot.
    await rebuildSuggestionTerms(t.database.db);
    const change = await refreshKeywordPostings(t.database.db, POLICY);
    expect(change.removed).toEqual([]);
    expect(change.added.length).toBeGreaterThan(5);
    expect(change.added).toEqual(expect.arrayContaining(['9mm', 'glock', "'sig' & 'sauer'"]));
    expect(await keptLexemes()).toEqual([...change.added].sort());
    const [count] = await rows<{ n: number }>(sql`select count(*)::int as n from keyword_postings`);
    expect(count!.n).toBeGreaterThan(change.added.length * POLICY.minListings);
    expect(await postingsOutOfStep()).toBe(0);
    // Words nearly every description repeats are not kept.
    const [shipping] = await rows<{ n: number }>(
      sql`select count(*)::int as n from listing_search where search_vector @@ 'ship'::tsquery`,
    );
    const [listings] = await rows<{ n: number }>(sql`select count(*)::int as n from listing_search`);
    expect(shipping!.n / listings!.n).toBeGreaterThan(POLICY.maxShare);
    expect(await keptLexemes()).not.toContain('ship');
  });

  it('answer a one-word search exactly as the general statement does, facets, pages and filters included', async () => {
    // Lexemes a shopper types as they are ('-15' typed is "not 15").
    const lexemes = (await keptLexemes()).filter((lexeme) => /^[a-z0-9][a-z0-9.]*$/.test(lexeme));
    const requests: SearchRequest[] = [];
    for (const lexeme of lexemes.slice(0, 12)) {
      const { general } = await bothWays({ keyword: lexeme });
      const family = general.facets!.family[0]?.id;
      requests.push(
        { keyword: lexeme },
        { keyword: lexeme.toUpperCase(), page: 2, pageSize: 5 },
        { keyword: lexeme, conditions: [Condition.Used] },
        { keyword: lexeme, listingType: ListingType.National },
        { keyword: lexeme, minPrice: 200, maxPrice: 900 },
        { keyword: lexeme, maxPrice: 400, conditions: [Condition.Used], page: 2, pageSize: 5 },
        { keyword: lexeme, listingStartDate: 7 },
        { keyword: lexeme, zipCode: '75207', distance: 50 },
        { keyword: lexeme, zipCode: '75207', distance: 500, page: 2, pageSize: 5 },
        { keyword: lexeme, zipCode: '60601', distance: 500, sort: 'distance', page: 2, pageSize: 5 },
        { keyword: lexeme, zipCode: '98101' },
        { keyword: lexeme, zipCode: '98101', sort: 'distance' },
        { keyword: lexeme, sort: 'price-asc' },
        { keyword: lexeme, sort: 'price-desc', page: 2, pageSize: 5 },
        { keyword: lexeme, sort: 'price-desc', conditions: [Condition.Used], minPrice: 100 },
        { keyword: lexeme, sort: 'newest' },
        { keyword: lexeme, sort: 'newest', page: 2, pageSize: 5, maxPrice: 700 },
        { keyword: lexeme, sort: 'newest', zipCode: '75207', distance: 500 },
        { keyword: lexeme, sort: 'ending-soonest' },
        { keyword: lexeme, sort: 'ending-soonest', page: 2, pageSize: 2 },
        { keyword: lexeme, sort: 'ending-soonest', listingType: ListingType.Auction, page: 2, pageSize: 3 },
        { keyword: lexeme, sort: 'ending-soonest', conditions: [Condition.Used], listingStartDate: 7 },
        ...(family !== undefined
          ? [
              { keyword: lexeme, familyIds: [family] },
              {
                keyword: lexeme,
                familyIds: [family],
                conditions: [Condition.NewInBox],
                page: 2,
                pageSize: 3,
              },
              { keyword: lexeme, familyIds: [family], sort: 'ending-soonest' as const },
            ]
          : []),
      );
    }
    for (const body of requests) {
      expect(await postingsCover(body), JSON.stringify(body)).toBe(true);
      const { withPostings, general } = await bothWays(body);
      expect(withPostings, JSON.stringify(body)).toEqual(general);
    }
    // Two-word names: typed as shoppers type them, ranked by the whole query as the general statement ranks it.
    let phrases = 0;
    for (const keyword of ['sig sauer', 'Smith & Wesson', 'smith wesson', '12 gauge', '5.56 nato']) {
      if (!(await postingsCover({ keyword }))) continue;
      phrases++;
      for (const body of [
        { keyword },
        { keyword, page: 2, pageSize: 5 },
        { keyword, conditions: [Condition.Used], maxPrice: 900 },
        { keyword, zipCode: '75207', distance: 500, sort: 'distance' as const },
        { keyword, sort: 'price-desc' as const },
      ]) {
        const { withPostings, general } = await bothWays(body);
        expect(withPostings, JSON.stringify(body)).toEqual(general);
      }
    }
    expect(phrases).toBeGreaterThanOrEqual(3);
    // Hyphenated words of the terms, kept as the phrase a search for one builds ('kel' <-> 'tec').
    const hyphenated = (await keptLexemes()).filter((key) => key.includes(' <-> '));
    expect(hyphenated.length).toBeGreaterThan(0);
    // Typed as a shopper types it: 'kel-tec', 'ar-15'.
    let typed: string | undefined;
    for (const key of hyphenated) {
      const lexemes = [...key.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
      const text = lexemes[0]!.includes('-') ? lexemes[0]! : lexemes.join('');
      const [query] = await rows<{ query: string }>(
        sql`select websearch_to_tsquery('english', ${text})::text as query`,
      );
      if (query!.query === key) typed = text;
    }
    expect(typed).toBeDefined();
    for (const body of [
      { keyword: typed! },
      { keyword: typed!, page: 2, pageSize: 5 },
      { keyword: typed!, sort: 'price-asc' as const, conditions: [Condition.Used] },
      { keyword: typed!, zipCode: '75207', distance: 500, sort: 'distance' as const },
    ]) {
      expect(await postingsCover(body), JSON.stringify(body)).toBe(true);
      const { withPostings, general } = await bothWays(body);
      expect(withPostings, JSON.stringify(body)).toEqual(general);
    }
    // The first page of a kept lexeme has matches, and its facets count them.
    const { withPostings } = await bothWays({ keyword: '9mm' });
    expect(withPostings.total).toBeGreaterThan(POLICY.minListings);
    expect(withPostings.results).toHaveLength(24);
    expect(withPostings.facets!.family.reduce((sum, entry) => sum + entry.count, 0)).toBe(withPostings.total);
  });

  it('count a suggestion of a kept lexeme as its search does, code matches included', async () => {
    const lexemes = (await keptLexemes()).filter((lexeme) => /^[a-z0-9][a-z0-9.]*$/.test(lexeme));
    expect(lexemes).toEqual(expect.arrayContaining(['9mm', 'glock']));
    // A UPC that is also in no posting of a word: counted once, beside the word's postings.
    const [code] = await rows<{ upc: string }>(
      sql`select upc from listing_search where upc is not null limit 1`,
    );
    const keywords = [...lexemes, 'GLOCK', code!.upc, 'smith wesson'];
    const totals = await keywordSearchTotals(t.database.db, keywords);
    for (const keyword of keywords) {
      const search = await searchListings(t.database.db, searchRequestSchema.parse({ keyword }));
      const expected = search.totalCapped ? SEARCH_COUNT_LIMIT + 1 : search.total;
      expect(totals.get(keyword), keyword).toBe(expected);
    }
  });

  it('leave every other search to the general statement', async () => {
    for (const body of [
      { keyword: 'glock', sort: 'price-asc' as const, zipCode: '75207', distance: 100 },
      { keyword: 'glock', sort: 'ending-soonest' as const, zipCode: '75207', distance: 100 },
      { keyword: 'glock walnut' },
      { keyword: 'smith wesson revolver' },
      { keyword: 'glock', distributorId: '00000000-0000-0000-0000-000000000000' },
      { keyword: 'glock', completed: true },
    ]) {
      expect(await postingsCover(body), JSON.stringify(body)).toBe(false);
    }
    // A keyword whose query is not kept skips the postings statement from its first search: the
    // lookup of its query says so (a postings statement that cannot run is never run). One that is
    // kept runs it.
    const statementsOf = async (keyword: string) => {
      const request = searchRequestSchema.parse({ keyword });
      const statements = searchStatements(await planSearch(t.database.db, request), request);
      return {
        ...statements,
        coverageKey: undefined,
        postings: statements.postings && {
          ...statements.postings,
          statement: () => sql`select 1 / 0 as covered`,
        },
      };
    };
    const general = await bothWays({ keyword: 'glock 9mm' });
    const row = await querySearch(t.database.db, await statementsOf('glock 9mm'));
    expect(readCounts(row).total).toBe(general.general.total);
    expect(readCounts(row).total).toBeGreaterThan(0);
    await expect(querySearch(t.database.db, await statementsOf('glock'))).rejects.toThrow();
    // The postings statement for the key the lookup answered covers the search only while the query
    // is still kept under that key (the kept keys may change between the two).
    const coveredUnder = async (keyword: string, lexeme: string) => {
      const request = searchRequestSchema.parse({ keyword });
      const statement = postingSearchStatement(await planSearch(t.database.db, request), request, { lexeme });
      return (await queryRows<SearchRow>(t.database.db, statement!))[0]?.covered;
    };
    expect(await coveredUnder('9mm', '9mm')).toBe(true);
    expect(await coveredUnder('9mm', 'glock')).toBe(false);
    // A one-word keyword that is not a kept lexeme runs the postings statement once, uncovered.
    for (const body of [{ keyword: 'zzyzx' }, { keyword: 'henry' }, { keyword: '-glock' }]) {
      expect(await postingsCover(body), JSON.stringify(body)).toBe(false);
      const first = await bothWays(body);
      expect(first.withPostings).toEqual(first.general);
      // The second search of it skips the postings statement; the answer is the same.
      const second = await bothWays(body);
      expect(second.withPostings).toEqual(first.general);
    }
  });

  it('read a word of few postings whole for newest first and ending soonest, and leave a word of many to the general walk', async () => {
    // The kept word among the most running auctions: ending soonest has auctions to put first.
    const [word] = await rows<{ lexeme: string; auctions: number; n: number }>(sql`select k.lexeme,
        count(a.listing_id)::int as auctions, count(*)::int as n
      from keyword_postings k
      left join auctions a on a.listing_id = k.listing_id and a.outcome is null and a.starts_at <= now() and a.ends_at > now()
      where k.lexeme ~ '^[a-z]+$'
      group by k.lexeme order by 2 desc, 1 limit 1`);
    expect(word!.auctions).toBeGreaterThan(4);
    for (const body of [
      { keyword: word!.lexeme, sort: 'newest' as const },
      { keyword: word!.lexeme, sort: 'ending-soonest' as const, page: 2, pageSize: 2 },
    ]) {
      const request = searchRequestSchema.parse(body);
      const plan = await planSearch(t.database.db, request);
      const general = await searchListings(t.database.db, request, { postings: false });
      for (const fewPostings of [word!.n, word!.n - 1]) {
        const statement = postingSearchStatement(plan, request, { fewPostings });
        const [row] = await queryRows<SearchRow>(t.database.db, statement!);
        // Covered up to the word's count of postings; one fewer and the general statement answers.
        expect(row?.covered, `${JSON.stringify(body)} ${fewPostings}`).toBe(fewPostings === word!.n);
        expect(await searchListings(t.database.db, request, { fewPostings })).toEqual(general);
      }
    }
    // The first page by ending soonest leads with the running auctions, soonest first.
    const page = await searchListings(
      t.database.db,
      searchRequestSchema.parse({ keyword: word!.lexeme, sort: 'ending-soonest' }),
    );
    expect(page.results[0]?.listingType).toBe(ListingType.Auction);
  });

  it.each([
    ['by relevance', {}],
    ['by price', { sort: 'price-desc' as const, minPrice: 100 }],
    ['by distance', { zipCode: '75207', distance: 250, sort: 'distance' as const }],
    ['newest first within a radius', { zipCode: '75207', distance: 250, sort: 'newest' as const }],
    ['newest first', { sort: 'newest' as const }],
    ['ending soonest', { sort: 'ending-soonest' as const, conditions: [Condition.Used] }],
  ])('read %s from the postings indexes alone, no table scanned', async (_name, filters) => {
    // As after every refresh of the kept words: vacuumed, the postings' indexes answer alone.
    await t.database.db.execute(sql`vacuum analyze keyword_postings`);
    for (const keyword of ['9mm', 'glock']) {
      const request = searchRequestSchema.parse({ keyword, ...filters });
      const statement = postingSearchStatement(await planSearch(t.database.db, request), request);
      // Scans are priced out as at catalogue scale (a few hundred rows are cheaper to scan).
      const plan = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        return (await queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${statement!}`))
          .map((row) => row['QUERY PLAN'])
          .join('\n');
      });
      expect(plan, keyword).toMatch(/Index Only Scan using keyword_postings_(order|place|price)_idx/);
      // (The kept words, a few hundred rows at most, are read whole.)
      expect(plan, keyword).not.toMatch(/Seq Scan on (keyword_postings|listing_search|listings|auctions) /);
      // The facet sample stops at the count limit.
      expect(plan.match(/ {2}CTE m\n(?: {4,}.*\n)+/)?.[0] ?? '', keyword).toMatch(
        /^ {2}CTE m\n\s+->\s+(Limit|Append)/,
      );
    }
  });

  it("estimate a condition or a listing type within a word's postings from their statistics", async () => {
    await t.database.db.execute(sql`analyze keyword_postings`);
    for (const filter of [
      sql`listing_facet_condition(k.facet_key) = ${Condition.Used}`,
      sql`listing_facet_listing_type(k.facet_key) = ${ListingType.National}`,
    ]) {
      const postings = sql`keyword_postings k where k.lexeme = '9mm' and ${filter}`;
      const [actual] = await rows<{ n: number }>(sql`select count(*)::int as n from ${postings}`);
      const [plan] = await rows<{ 'QUERY PLAN': string }>(sql`explain select 1 from ${postings}`);
      const estimate = Number(/rows=(\d+)/.exec(plan!['QUERY PLAN'])?.[1]);
      // Without the statistics (migration 0054) the planner takes a fixed share: a few rows.
      expect(actual!.n).toBeGreaterThan(20);
      expect(estimate / actual!.n).toBeGreaterThan(1 / 3);
      expect(estimate / actual!.n).toBeLessThan(3);
    }
  });

  it('put exact UPC and SKU matches first and count them once', async () => {
    // One listing whose title has the word and one without it get the word as their code.
    const [withWord] = await rows<{ id: string }>(
      sql`select s.listing_id as id from listing_search s where s.search_vector @@ 'glock'::tsquery
        and s.offered_until > now() order by s.listing_id desc limit 1`,
    );
    const [withoutWord] = await rows<{ id: string }>(
      sql`select s.listing_id as id from listing_search s where not s.search_vector @@ 'glock'::tsquery
        and s.offered_until > now() and s.family_id <> 18 order by s.listing_id limit 1`,
    );
    const plain = await bothWays({ keyword: 'glock' });
    await t.database.db.execute(sql`update listings set sku = 'GLOCK' where id = ${withWord!.id}`);
    await t.database.db.execute(sql`update listings set upc = 'glock' where id = ${withoutWord!.id}`);
    try {
      expect(await postingsCover({ keyword: 'glock' })).toBe(true);
      const coded = await bothWays({ keyword: 'glock' });
      expect(coded.withPostings).toEqual(coded.general);
      expect(coded.withPostings.total).toBe(plain.general.total + 1);
      expect(
        coded.withPostings.results
          .slice(0, 2)
          .map((card) => card.id)
          .sort(),
      ).toEqual([withWord!.id, withoutWord!.id].sort());
      const family = await bothWays({ keyword: 'glock', familyIds: [18], page: 1, pageSize: 5 });
      expect(family.withPostings).toEqual(family.general);
      // The code matches pass the postings' filters as the words' matches do.
      for (const body of [
        { keyword: 'glock', minPrice: 1 },
        { keyword: 'glock', maxPrice: 1 },
        { keyword: 'glock', zipCode: '75207', distance: 500, sort: 'distance' as const },
        { keyword: 'glock', sort: 'price-desc' as const },
        { keyword: 'glock', sort: 'price-asc' as const },
      ]) {
        expect(await postingsCover(body), JSON.stringify(body)).toBe(true);
        const filtered = await bothWays(body);
        expect(filtered.withPostings, JSON.stringify(body)).toEqual(filtered.general);
      }
    } finally {
      await t.database.db.execute(sql`update listings set sku = null where id = ${withWord!.id}`);
      await t.database.db.execute(sql`update listings set upc = null where id = ${withoutWord!.id}`);
    }
  });

  it('follow listing writes: new words, sales, start dates, new and deleted listings', async () => {
    const [listing] = await rows<{ id: string; title: string; user_id: string }>(
      sql`select l.id, l.title, l.user_id from listings l join listing_search s on s.listing_id = l.id
        where not s.search_vector @@ '9mm'::tsquery and l.is_active and not l.is_sold order by l.id limit 1`,
    );
    const postingsOf = async (id: string) =>
      (
        await rows<{ lexeme: string }>(
          sql`select lexeme from keyword_postings where listing_id = ${id} order by lexeme`,
        )
      ).map((row) => row.lexeme);
    expect(await postingsOf(listing!.id)).not.toContain('9mm');
    const before = (await bothWays({ keyword: '9mm' })).withPostings.total;

    await t.database.db.execute(sql`update listings set title = title || ' 9mm' where id = ${listing!.id}`);
    expect(await postingsOf(listing!.id)).toContain('9mm');
    expect((await bothWays({ keyword: '9mm' })).withPostings.total).toBe(before + 1);

    await t.database.db.execute(sql`update listings set is_sold = true where id = ${listing!.id}`);
    expect((await bothWays({ keyword: '9mm' })).withPostings.total).toBe(before);
    await t.database.db.execute(
      sql`update listings set is_sold = false, listing_start_date = now() where id = ${listing!.id}`,
    );
    const newest = await bothWays({ keyword: '9mm' });
    expect(newest.withPostings).toEqual(newest.general);
    expect(newest.withPostings.total).toBe(before + 1);
    expect(await postingsOutOfStep()).toBe(0);

    await t.database.db.execute(sql`update listings set title = ${listing!.title} where id = ${listing!.id}`);
    expect(await postingsOf(listing!.id)).not.toContain('9mm');

    // A new listing (a copy of this one with the word) gets its postings; deleting it removes them.
    const [copy] = await rows<{ id: string }>(
      sql`insert into listings (user_id, title, description, manufacturer, model, caliber, condition,
          quantity, price, family_id, listing_type, listing_start_date, zip_code)
        select user_id, title || ' 9mm', description, manufacturer, model, caliber, condition, quantity,
          price, family_id, listing_type, now(), zip_code from listings where id = ${listing!.id}
        returning id`,
    );
    expect(await postingsOf(copy!.id)).toContain('9mm');
    expect((await bothWays({ keyword: '9mm' })).withPostings.total).toBe(before + 1);
    await t.database.db.execute(sql`delete from listings where id = ${copy!.id}`);
    expect(await postingsOf(copy!.id)).toEqual([]);
    expect((await bothWays({ keyword: '9mm' })).withPostings.total).toBe(before);
    expect(await postingsOutOfStep()).toBe(0);
  });

  it('vacuum the postings after adding a word, so its postings are read from the index alone', async () => {
    await t.database.db.execute(sql`vacuum analyze keyword_postings`);
    const fewer = await maintainKeywordIndexes(t.database.db, t.database.kind, { ...POLICY, maxLexemes: 40 });
    expect(fewer.removed.length).toBeGreaterThan(0);
    // One word back: a small share of the postings, too few for autovacuum or the upkeep's own check.
    const back = await maintainKeywordIndexes(t.database.db, t.database.kind, { ...POLICY, maxLexemes: 41 });
    expect(back.added).toHaveLength(1);
    const [share] = await rows<{ share: number }>(
      sql`select (count(*) filter (where lexeme = ${back.added[0]!}))::float8 / count(*) as share from keyword_postings`,
    );
    expect(share!.share).toBeLessThan(0.1);
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_bitmapscan = off`);
      return (
        await queryRows<{ 'QUERY PLAN': string }>(
          tx,
          sql`explain (analyze, costs off) select count(*) from keyword_postings where lexeme = ${back.added[0]!}`,
        )
      )
        .map((row) => row['QUERY PLAN'])
        .join('\n');
    });
    expect(plan).toMatch(/Index Only Scan/);
    expect(plan).toMatch(/Heap Fetches: 0\b/);
    await refreshKeywordPostings(t.database.db, POLICY);
  });

  it('drop and add lexemes as the policy or the statistics change, and survive a rewrite of the keyword copy', async () => {
    const kept = await keptLexemes();
    const stricter = await refreshKeywordPostings(t.database.db, { ...POLICY, minListings: 60 });
    expect(stricter.added).toEqual([]);
    expect(stricter.removed.length).toBeGreaterThan(0);
    const dropped = stricter.removed[0]!;
    const [left] = await rows<{ n: number }>(
      sql`select count(*)::int as n from keyword_postings where lexeme = ${dropped}`,
    );
    expect(left!.n).toBe(0);
    expect(await postingsCover({ keyword: dropped })).toBe(false);
    expect(await postingsOutOfStep()).toBe(0);

    // Two servers refreshing at once: one adds the lexemes back, the other then finds nothing to do.
    const [back, other] = await Promise.all([
      refreshKeywordPostings(t.database.db, POLICY),
      refreshKeywordPostings(t.database.db, POLICY),
    ]);
    expect([...back.added, ...other.added].sort()).toEqual(stricter.removed.sort());
    expect(await keptLexemes()).toEqual(kept);
    expect(await postingsOutOfStep()).toBe(0);

    const before = await bothWays({ keyword: '9mm', page: 2 });
    await rewriteKeywordCopy(t.database.db);
    expect(await keptLexemes()).toEqual(kept);
    expect(await postingsOutOfStep()).toBe(0);
    expect(await postingsCover({ keyword: '9mm', page: 2 })).toBe(true);
    const after = await bothWays({ keyword: '9mm', page: 2 });
    expect(after.withPostings).toEqual(before.withPostings);
    expect(after.withPostings).toEqual(after.general);
  });

  it('keep the names of three words or more that enough listings hold: a search for one and its suggestion count read them', async () => {
    expect(await keptNamesOfMoreWords()).toEqual([]);
    // The test catalogue's manufacturer-and-model terms hold up to 15 listings each.
    const policy = { ...POLICY, minListings: 6 };
    await refreshKeywordPostings(t.database.db, policy);
    // As the periodic refresh does: what the searches remembered of the kept keys is forgotten.
    forgetKeywordCoverage(t.database.db);
    const names = await keptNamesOfMoreWords();
    expect(names.length).toBeGreaterThan(0);
    expect(await postingsOutOfStep()).toBe(0);
    for (const keyword of names.slice(0, 4)) {
      for (const body of [
        { keyword },
        { keyword: keyword.toLowerCase(), page: 2, pageSize: 3 },
        { keyword, conditions: [Condition.Used], sort: 'price-asc' as const },
        { keyword, zipCode: '75207', distance: 500, sort: 'distance' as const },
      ]) {
        expect(await postingsCover(body), JSON.stringify(body)).toBe(true);
        const { withPostings, general } = await bothWays(body);
        expect(withPostings, JSON.stringify(body)).toEqual(general);
      }
    }
    const totals = await keywordSearchTotals(t.database.db, names);
    for (const keyword of names) {
      const search = await searchListings(t.database.db, searchRequestSchema.parse({ keyword }));
      expect(search.total, keyword).toBeGreaterThan(0);
      expect(totals.get(keyword), keyword).toBe(search.total);
    }
    await refreshKeywordPostings(t.database.db, POLICY);
    forgetKeywordCoverage(t.database.db);
    expect(await keptNamesOfMoreWords()).toEqual([]);
  });

  it('look a kept key up by the canonical form of the query: its words and phrases joined by & alone, sorted, each once', async () => {
    const canonical = async (keyword: string) => {
      const [row] = await rows<{ query: string; canonical: string }>(sql`select q::text as query,
        ${canonicalQuery(sql`q`)}::text as canonical from websearch_to_tsquery('english', ${keyword}) q`);
      return row!;
    };
    expect(await canonical('ruger .22 lr')).toEqual({
      query: "'ruger' & '22' & 'lr'",
      canonical: "'22' & 'lr' & 'ruger'",
    });
    expect((await canonical('lr ruger 22 lr')).canonical).toBe("'22' & 'lr' & 'ruger'");
    expect((await canonical('springfield .30-06 springfield')).canonical).toBe(
      "'30' <-> '-06' & 'springfield'",
    );
    expect((await canonical('"smith and wesson" 9mm')).canonical).toBe("'9mm' & 'smith' <2> 'wesson'");
    expect((await canonical('quoll quoll')).canonical).toBe("'quoll'");
    // An alternative, a negation and a group are their own canonical form.
    for (const keyword of ['9mm or 10mm', 'glock -19', 'glock (17 or 19)']) {
      const { query, canonical: form } = await canonical(keyword);
      expect(form, keyword).toBe(query);
    }
    // Every kept key carries its query's.
    const [wrong] = await rows<{ n: number }>(sql`select count(*)::int as n from keyword_posting_lexemes
      where canonical is distinct from ${canonicalQuery(sql`query`)}`);
    expect(wrong!.n).toBe(0);
  });

  it('keep the pairs and triples of kept words and hyphenated words that enough titles hold: a search for one in any order reads their postings', async () => {
    const policy = { ...POLICY, minSetListings: 12, maxSets: 200 };
    const change = await refreshKeywordPostings(t.database.db, policy);
    forgetKeywordCoverage(t.database.db);
    expect(change.removed).toEqual([]);
    const sets = change.added;
    expect(sets.length).toBeGreaterThan(0);
    expect(sets.length).toBeLessThanOrEqual(policy.maxSets);
    expect(await postingsOutOfStep()).toBe(0);
    const partsOf = (key: string) => key.split(' & ');
    const reversed = (key: string) => partsOf(key).reverse().join(' & ');
    for (const key of sets) {
      expect(key).toMatch(/^'[^']+'(?: <-> '[^']+')*(?: & '[^']+'(?: <-> '[^']+')*){1,2}$/);
      // Counted from every listing (the sample is the whole of a small catalogue).
      const [titled] = await rows<{ n: number }>(sql`select count(*)::int as n from listing_search
        where ts_filter(search_vector, '{a,b,c,d}') @@ ${key}::tsquery`);
      expect(titled!.n, key).toBeGreaterThanOrEqual(policy.minSetListings);
    }
    // A set kept already in any order (a suggestion term's name) is not kept again.
    const again = await frequentWordSets(t.database.db, sets.map(reversed), { ...policy, maxSets: 1000 });
    expect(again.filter((key) => sets.includes(key))).toEqual([]);
    // The sets whose parts, typed as words (a hyphenated word as it is written), build the key's
    // query, and typed in other orders (one part twice) other queries, which the key answers.
    const typedPart = (part: string) => {
      const lexemes = [...part.matchAll(/'([^']+)'/g)].map((m) => m[1]!);
      return lexemes.length > 2 ? lexemes[0]! : lexemes.join('');
    };
    const typed: { key: string; keyword: string; others: string[] }[] = [];
    for (const key of sets) {
      const words = partsOf(key).map(typedPart);
      const others = [[...words].reverse().join(' '), [...words.slice(1), words[0], words[1]].join(' ')];
      const [read] = await rows<{ queries: string[] }>(
        sql`select array[${sql.join(
          [words.join(' '), ...others].map((text) => sql`websearch_to_tsquery('english', ${text})::text`),
          sql`, `,
        )}] as queries`,
      );
      if (read!.queries[0] === key && read!.queries.slice(1).every((query) => query !== key)) {
        typed.push({ key, keyword: words.join(' '), others });
      }
    }
    const pairsTyped = typed.filter(({ key }) => partsOf(key).length === 2 && !key.includes('<->'));
    const triplesTyped = typed.filter(({ key }) => partsOf(key).length === 3 && !key.includes('<->'));
    const hyphenatedTyped = typed.filter(({ key }) => key.includes('<->'));
    expect(pairsTyped.length).toBeGreaterThan(0);
    expect(triplesTyped.length).toBeGreaterThan(0);
    expect(hyphenatedTyped.length).toBeGreaterThan(0);
    for (const { keyword, others } of [
      ...pairsTyped.slice(0, 2),
      ...triplesTyped.slice(0, 2),
      ...hyphenatedTyped.slice(0, 2),
    ]) {
      for (const words of [keyword, ...others]) {
        for (const body of [
          { keyword: words },
          { keyword: words, page: 2, pageSize: 3 },
          { keyword: words, conditions: [Condition.Used], sort: 'price-asc' as const },
          { keyword: words, zipCode: '75207', distance: 500, sort: 'distance' as const },
        ]) {
          expect(await postingsCover(body), JSON.stringify(body)).toBe(true);
          const { withPostings, general } = await bothWays(body);
          expect(withPostings, JSON.stringify(body)).toEqual(general);
          expect(withPostings.total, JSON.stringify(body)).toBeGreaterThan(0);
        }
      }
      const totals = await keywordSearchTotals(t.database.db, [keyword, ...others]);
      const search = await searchListings(t.database.db, searchRequestSchema.parse({ keyword: others[0] }));
      for (const words of [keyword, ...others]) expect(totals.get(words)).toBe(search.total);
    }
    await refreshKeywordPostings(t.database.db, POLICY);
    forgetKeywordCoverage(t.database.db);
    for (const key of sets) expect(await keptLexemes()).not.toContain(key);
  });
});

import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SEARCH_COUNT_LIMIT,
  type SearchRequest,
  type SearchResponse,
  searchRequestSchema,
} from '../../shared/contract/listing-search.ts';
import { CATEGORY_FAMILIES, CategoryFamilyId, FIREARMS_SECTIONS } from '../../shared/domain/category.ts';
import { Condition, ListingOption, ListingType } from '../../shared/domain/listing.ts';
import { type DatabaseHandle, queryRows } from '../../src-server/db/client.ts';
import { OFFERED } from '../../src-server/modules/listings/cards.ts';
import {
  AUCTION_WALK_COST,
  KEYWORD_WALK_COST,
  RADIUS_WALK_COST,
  searchStatement,
} from '../../src-server/modules/listings/search/general-statement.ts';
import { keywordSearchTotals } from '../../src-server/modules/listings/search/keyword-totals.ts';
import {
  distanceSql,
  evenCostRows,
  facetKeyOf,
  planSearch,
} from '../../src-server/modules/listings/search/plan.ts';
import { DESCRIPTION_WALK_COST } from '../../src-server/modules/listings/search/relevance-walk.ts';
import { searchListings } from '../../src-server/modules/listings/search/search-listings.ts';
import {
  type PostingPolicy,
  refreshKeywordPostings,
} from '../../src-server/modules/listings/search-indexes/keyword-postings.ts';
import { ensureZipCentroids } from '../../src-server/modules/location/zip-centroids.ts';
import { createCatalogSeedPart } from '../../src-server/seed/catalog.ts';
import { seedDemoData } from '../../src-server/seed/seed.ts';
import { openTestDatabase } from './support/test-database.ts';

/**
 * The search statements on a catalogue larger than the count limit: each shape reads its page from
 * an index and stops, counts at most SEARCH_COUNT_LIMIT + 1 rows, and answers the page a full sort
 * of every match would.
 */
const LISTINGS = 4000;

/** A policy that keeps no postings: every search runs the general statement. */
const NO_POSTINGS: PostingPolicy = {
  minListings: 1_000_000,
  maxShare: 0,
  maxLexemes: 0,
  maxPhrases: 0,
  maxTitleLexemes: 0,
  minSetListings: 1_000_000,
  maxSets: 0,
};

let database: DatabaseHandle;
let seller: string;
beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemoData(database.db, { seed: 11, listings: LISTINGS }, [
    createCatalogSeedPart({ now: () => new Date() }),
  ]);
  await ensureZipCentroids(database.db);
  // Auctions: half the auction-type listings run as auctions (the rest are from before auctions took
  // bids), and a third of the listings were sold by auction in the last month, ended and sold. The
  // catalogue runs all of them as auctions, ending over the coming days: those go first.
  await database.db.execute(sql`truncate auctions cascade`);
  await database.db.execute(
    sql`insert into auctions (listing_id, starting_bid, starts_at, ends_at, current_price, bid_count)
      select id, price, listing_start_date, listing_end_date, price, 1 from listings
      where listing_type = ${ListingType.Auction} and listing_end_date > now() and abs(hashtext(id::text)) % 2 = 0`,
  );
  await database.db.execute(
    sql`with sold as (
        insert into listings (user_id, title, description, manufacturer, model, caliber, condition, quantity,
          price, family_id, listing_type, zip_code, city, state, latitude, longitude, listing_start_date,
          listing_end_date, is_sold)
        select user_id, title, description, manufacturer, model, caliber, condition, 0, price, family_id,
          ${ListingType.Auction}, zip_code, city, state, latitude, longitude, now() - interval '40 days',
          now() - make_interval(mins => abs(hashtext(id::text)) % 40000), true
        from listings where abs(hashtext(id::text)) % 3 = 0
        returning id, price, listing_start_date, listing_end_date)
      insert into auctions (listing_id, starting_bid, starts_at, ends_at, current_price, bid_count, outcome, ended_at)
      select id, price, listing_start_date, listing_end_date, price, 4, 'sold', listing_end_date from sold`,
  );
  await database.db.execute(sql`vacuum analyze`);
  const [busiest] = await rows<{ id: string }>(
    sql`select user_id as id from listings group by user_id order by count(*) desc limit 1`,
  );
  seller = busiest!.id;
}, 180_000);
afterAll(() => database.close());

const rows = <T extends Record<string, unknown>>(query: SQL) => queryRows<T>(database.db, query);

async function generalStatement(body: SearchRequest): Promise<SQL> {
  const request = searchRequestSchema.parse(body);
  return searchStatement(await planSearch(database.db, request), request);
}

const explain = async (statement: SQL) =>
  (await rows<{ 'QUERY PLAN': string }>(sql`explain ${statement}`))
    .map((row) => row['QUERY PLAN'])
    .join('\n');

/**
 * The plan at catalogue scale. On a few thousand rows the planner rightly reads a whole table for
 * some shapes (it is a few pages); at 100,000 listings and up that costs it a hundred times more
 * than the index paths these tests check, so scans are priced out here as they are there.
 */
const explainAtScale = (statement: SQL) =>
  database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return (await queryRows<{ 'QUERY PLAN': string }>(tx, sql`explain ${statement}`))
      .map((row) => row['QUERY PLAN'])
      .join('\n');
  });

/** The plan as run, line by line, at catalogue scale as `explainAtScale`. */
const executedAtScale = (statement: SQL) =>
  database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    return (
      await queryRows<{ 'QUERY PLAN': string }>(
        tx,
        sql`explain (analyze, costs off, timing off) ${statement}`,
      )
    ).map((row) => row['QUERY PLAN']);
  });

/** The search shapes of the search page: a filter or two, each sort. */
const SHAPES: [string, SearchRequest][] = [
  ['everything, featured first', {}],
  ['everything by price', { sort: 'price-asc' }],
  ['everything by price, highest first', { sort: 'price-desc' }],
  ['everything, newest first', { sort: 'newest' }],
  ['a family', { familyIds: [CategoryFamilyId.SemiAutoPistols] }],
  [
    'a family and a condition by price',
    { familyIds: [CategoryFamilyId.BoltActionRifles], conditions: [Condition.Used], sort: 'price-asc' },
  ],
  ['local listings', { listingType: ListingType.Local }],
  ['a price range, newest first', { minPrice: 100, maxPrice: 600, sort: 'newest' }],
  ['new this week', { listingStartDate: 7 }],
  ['a seller', { uid: '00000000-0000-4000-8000-000000000000' }],
  ['a keyword', { keyword: 'glock' }],
  ['two keywords', { keyword: 'smith wesson' }],
  ['a keyword by price', { keyword: 'glock', sort: 'price-asc' }],
  ['a keyword, newest first', { keyword: 'ruger', sort: 'newest' }],
  ['a keyword and a family', { keyword: 'federal', familyIds: [CategoryFamilyId.Ammunition] }],
  ['a ZIP code by distance', { zipCode: '75207', distance: 100, sort: 'distance' }],
  ['a ZIP code by price', { zipCode: '75207', distance: 250, sort: 'price-asc' }],
  ['a ZIP code, newest first', { zipCode: '60601', distance: 50, sort: 'newest' }],
  ['everything, ending soonest', { sort: 'ending-soonest' }],
  ['a family, ending soonest', { familyIds: [CategoryFamilyId.Optics], sort: 'ending-soonest' }],
  ['a keyword, ending soonest', { keyword: 'ruger', sort: 'ending-soonest' }],
  ['completed auctions', { completed: true }],
  ['completed auctions by price', { completed: true, sort: 'price-asc' }],
  ['completed auctions of a keyword', { completed: true, keyword: 'glock' }],
];

const withSeller = (body: SearchRequest): SearchRequest => (body.uid ? { ...body, uid: seller } : body);

describe('search plans', () => {
  it.each(SHAPES)(
    '%s: no scan of a whole table, the facet sample stops at the count limit',
    async (_name, body) => {
      const request = searchRequestSchema.parse(withSeller(body));
      const plan = await planSearch(database.db, request);
      const text = await explainAtScale(searchStatement(plan, request));
      // The facet sample is a Limit over the matches (SEARCH_COUNT_LIMIT + 1 rows at most)...
      const cte = (name: string) => text.match(new RegExp(` {2}CTE ${name}\\n(?: {4,}.*\\n)+`))?.[0] ?? '';
      if (/\s/.test(body.keyword ?? '')) {
        // ...for a keyword of two words, that many of the listings with both words positioned
        // (`mt`), or when there are fewer, as many of every match.
        expect(cte('mt')).toMatch(/^ {2}CTE mt\n\s+->\s+Limit/);
        expect(cte('m')).toMatch(/^ {2}CTE m\n\s+->\s+Append/);
        expect(cte('m')).toMatch(/CTE Scan on mt/);
        expect(cte('m')).toMatch(/->\s+Limit/);
      } else {
        expect(cte('m')).toMatch(/^ {2}CTE m\n\s+->\s+Limit/);
      }
      // ...and nothing reads a whole table.
      expect(text).not.toMatch(/Seq Scan on (listings|listing_search)/);
    },
  );

  it.each([
    ['everything, featured first', {}, 'listings_search_featured_idx'],
    ['a keyword by price', { keyword: 'glock', sort: 'price-asc' }, 'listing_search_price_idx'],
    ['a keyword, newest first', { keyword: 'glock', sort: 'newest' }, 'listing_search_start_idx'],
    ['new this week, newest first', { listingStartDate: 7, sort: 'newest' }, 'listings_offered_start_idx'],
    // Many listings within the radius: the order's index walked (few: read place by place, below).
    [
      'a ZIP code by price, highest first',
      { zipCode: '75207', distance: 250, sort: 'price-desc' },
      'listings_offered_price_idx',
    ],
    ['a ZIP code, featured first', { zipCode: '75207', distance: 250 }, 'listings_search_featured_idx'],
    [
      'a seller, featured first',
      { uid: '00000000-0000-4000-8000-000000000000' },
      'listings_offered_seller_featured_idx',
    ],
  ] as const)('%s: the page is read from the index of its order', async (_name, body, index) => {
    const text = await explain(await generalStatement(withSeller(body)));
    expect(text).toContain(index);
  });

  it.each([
    ['everything, ending soonest', { sort: 'ending-soonest' }, 'auctions_open_end_idx'],
    ['completed auctions, latest sale first', { completed: true }, 'auctions_sold_end_idx'],
    [
      'a ZIP code, ending soonest',
      { zipCode: '75207', distance: 25, sort: 'ending-soonest' },
      'listings_offered_auction_location_idx',
    ],
  ] as const)('%s: the page is read from the auctions in its order', async (_name, body, index) => {
    // The sample catalogue runs a hundred auctions; scans are priced out as at catalogue scale.
    const text = await explainAtScale(await generalStatement(body));
    expect(text).toContain(index);
  });

  it('reads the matches of a family filter from the facet key index, by price a page per facet key', async () => {
    const family = { familyIds: [CategoryFamilyId.SemiAutoPistols], conditions: [Condition.Used] };
    const text = await explainAtScale(await generalStatement({ ...family, sort: 'price-asc' }));
    const matches = text.match(/ {2}CTE r\n(?: {4,}.*\n)+/)?.[0] ?? '';
    expect(matches).toMatch(/^ {2}CTE r\n\s+->\s+Limit/);
    expect(matches).toMatch(
      /Index Only Scan using listings_offered_facet_idx[^\n]*\n\s+Index Cond: \(facet_key = ANY/,
    );
    // The page of many matches: each key's range in price order, stopped at the page's end.
    expect(text).toMatch(
      /Function Scan on unnest fk[\s\S]*Limit[\s\S]*Index Only Scan using listings_offered_facet_idx[^\n]*\n\s+Index Cond: \(facet_key = fk\.key\)/,
    );
  });

  it('computes facet keys as the database does', async () => {
    const families = CATEGORY_FAMILIES.map((family) => family.id);
    const conditions = [...Object.values(Condition), 'Refurbished'];
    const types = Object.values(ListingType);
    const computed = await rows<{ f: number; c: string; t: number; key: number }>(
      sql`select f, c, t, listing_facet_key(f::smallint, c, t::smallint) as key
        from unnest(${`{${families.join(',')}}`}::int[]) f, unnest(${`{${conditions.join(',')}}`}::text[]) c,
          unnest(${`{${types.join(',')}}`}::int[]) t`,
    );
    expect(computed).toHaveLength(families.length * conditions.length * types.length);
    for (const { f, c, t, key } of computed) expect(facetKeyOf(f, c, t), `${f} ${c} ${t}`).toBe(key);
  });
});

describe('search counts', () => {
  /** The ids of every match in the page's order, sorted in full: what the page must start with. */
  /** Checks a page of 10 and the total against every match sorted in full; answers how many ids it compared. */
  const expectPageOf = (answer: SearchResponse, all: { id: string }[], page: number, label: string) => {
    const expected = all.slice((page - 1) * 10, page * 10).map((row) => row.id);
    expect(
      answer.results.map((card) => card.id),
      label,
    ).toEqual(expected);
    expect(answer.total, label).toBe(Math.min(all.length, SEARCH_COUNT_LIMIT));
    return expected.length;
  };

  const fullSort = (where: SQL, order: SQL) =>
    rows<{ id: string }>(sql`select l.id from listings l
      where l.is_active and not l.is_sold and (l.listing_options & 12288) = 0
        and (l.listing_end_date is null or l.listing_end_date > now()) and ${where}
      order by ${order}`);

  /**
   * The first `count` listings on sale (by id): `ids(from, to)` names a slice of them in a statement,
   * and `restore` puts back the titles and descriptions a test rewrote.
   */
  async function offeredListings(count: number) {
    const offered = await rows<{ id: string; title: string; description: string }>(
      sql`select id, title, description from listings l where ${OFFERED} order by id limit ${count}`,
    );
    expect(offered).toHaveLength(count);
    const ids = (from: number, to: number) =>
      sql`(select unnest(${`{${offered
        .slice(from, to)
        .map((row) => row.id)
        .join(',')}}`}::uuid[]))`;
    const restore = async () => {
      for (const row of offered) {
        await database.db.execute(
          sql`update listings set title = ${row.title}, description = ${row.description} where id = ${row.id}`,
        );
      }
    };
    return { offered, ids, restore };
  }

  it('stops counting at the limit: "1,000+", no facet counts, and the page a full sort answers', async () => {
    const answer = await searchListings(database.db, searchRequestSchema.parse({ sort: 'price-asc' }));
    const all = await fullSort(sql`true`, sql`l.price, l.listing_start_date desc, l.id`);
    expect(all.length).toBeGreaterThan(SEARCH_COUNT_LIMIT);
    expect(answer).toMatchObject({ total: SEARCH_COUNT_LIMIT, totalCapped: true, facets: null });
    expect(answer.results.map((card) => card.id)).toEqual(all.slice(0, 24).map((row) => row.id));
  });

  it('counts exactly under the limit, facets included', async () => {
    const answer = await searchListings(
      database.db,
      searchRequestSchema.parse({ uid: seller, sort: 'newest' }),
    );
    const all = await fullSort(sql`l.user_id = ${seller}`, sql`l.listing_start_date desc, l.id`);
    expect(all.length).toBeLessThanOrEqual(SEARCH_COUNT_LIMIT);
    expect(answer.totalCapped).toBe(false);
    expect(answer.total).toBe(all.length);
    expect(answer.facets!.family.reduce((sum, entry) => sum + entry.count, 0)).toBe(all.length);
    expect(answer.results.map((card) => card.id)).toEqual(all.slice(0, 24).map((row) => row.id));
  });

  it('recounts the total of a narrow facet filter when the other filters match too many to count', async () => {
    const [rare] = await rows<{ family: CategoryFamilyId; n: number }>(
      sql`select family_id as family, count(*)::int as n from listings l
        where l.is_active and not l.is_sold and (l.listing_end_date is null or l.listing_end_date > now())
          and (l.listing_options & 12288) = 0
        group by family_id order by count(*), family_id limit 1`,
    );
    expect(rare!.n).toBeLessThan(SEARCH_COUNT_LIMIT);
    const answer = await searchListings(
      database.db,
      searchRequestSchema.parse({ familyIds: [rare!.family] }),
    );
    expect(answer).toMatchObject({ total: rare!.n, totalCapped: false, facets: null });
  });

  it('counts a suggestion as far as its search counts: past the limit both say "1,000+"', async () => {
    // Nearly every description states its shipping terms.
    const [shipping] = await rows<{ n: number }>(
      sql`select count(*)::int as n from listing_search where search_vector @@ websearch_to_tsquery('english', 'ship')`,
    );
    expect(shipping!.n).toBeGreaterThan(SEARCH_COUNT_LIMIT);
    const totals = await keywordSearchTotals(database.db, ['ship', 'glock']);
    expect(totals.get('ship')).toBe(SEARCH_COUNT_LIMIT + 1);
    const search = await searchListings(database.db, searchRequestSchema.parse({ keyword: 'ship' }));
    expect(search).toMatchObject({ total: SEARCH_COUNT_LIMIT, totalCapped: true });
    const glock = await searchListings(database.db, searchRequestSchema.parse({ keyword: 'glock' }));
    expect(glock.totalCapped).toBe(false);
    expect(totals.get('glock')).toBe(glock.total);
  });

  it('pages a family filter exactly as a full sort of every match does, few matches or many', async () => {
    const many = Object.values(FIREARMS_SECTIONS)
      .flat()
      .map((family) => CategoryFamilyId[family]);
    let compared = 0;
    let pastTheLimit = 0;
    for (const [familyIds, extra] of [
      [[CategoryFamilyId.SemiAutoPistols], {}],
      [[CategoryFamilyId.SemiAutoPistols], { conditions: [Condition.Used] }],
      [many, {}],
      [many, { minPrice: 300, maxPrice: 900 }],
      [many, { conditions: [Condition.NewInBox], listingType: ListingType.National }],
    ] as const) {
      const filters = sql.join(
        [
          sql`l.family_id in (${sql.join(
            familyIds.map((id) => sql`${id}`),
            sql`, `,
          )})`,
          'minPrice' in extra ? sql`l.price between ${extra.minPrice} and ${extra.maxPrice}` : sql`true`,
          'conditions' in extra
            ? sql`l.condition = ${extra.conditions[0]}${'listingType' in extra ? sql` and l.listing_type = ${extra.listingType}` : sql``}`
            : sql`true`,
        ],
        sql` and `,
      );
      for (const [sort, order] of [
        ['price-asc', sql`l.price, l.listing_start_date desc, l.id`],
        ['price-desc', sql`l.price desc, l.listing_start_date desc, l.id`],
        ['newest', sql`l.listing_start_date desc, l.id`],
        ['featured', sql`(l.listing_options & 258) <> 0 desc, l.listing_start_date desc, l.id`],
      ] as const) {
        const all = await fullSort(filters, order);
        if (all.length > SEARCH_COUNT_LIMIT) pastTheLimit++;
        for (const page of [1, 3]) {
          const answer = await searchListings(
            database.db,
            searchRequestSchema.parse({
              familyIds,
              ...extra,
              ...(sort === 'featured' ? {} : { sort }),
              page,
              pageSize: 10,
            }),
          );
          const label = `${familyIds.length} families ${JSON.stringify(extra)} ${sort} ${page}`;
          compared += expectPageOf(answer, all, page, label);
        }
      }
    }
    expect(compared).toBeGreaterThan(300);
    // Pages read in order from an index, not only small match sets sorted.
    expect(pastTheLimit).toBeGreaterThanOrEqual(4);
  });

  it('pages a keyword of many matches in every order of the page exactly as a full sort does', async () => {
    const keyword = 'ship';
    const matches = sql`l.id in (select s.listing_id from listing_search s
      where s.search_vector @@ websearch_to_tsquery('english', ${keyword}))`;
    for (const [sort, order] of [
      ['price-asc', sql`l.price, l.listing_start_date desc, l.id`],
      ['price-desc', sql`l.price desc, l.listing_start_date desc, l.id`],
      ['newest', sql`l.listing_start_date desc, l.id`],
    ] as const) {
      const all = await fullSort(matches, order);
      expect(all.length).toBeGreaterThan(SEARCH_COUNT_LIMIT);
      for (const page of [1, 4]) {
        const answer = await searchListings(
          database.db,
          searchRequestSchema.parse({ keyword, sort, page, pageSize: 10 }),
        );
        const expected = all.slice((page - 1) * 10, page * 10).map((row) => row.id);
        expect(
          answer.results.map((card) => card.id),
          `${sort} ${page}`,
        ).toEqual(expected);
      }
    }
  });

  it('pages two kept words exactly as a full sort does, their matches read whole when few for the page, walked for when many', async () => {
    await refreshKeywordPostings(database.db, {
      minListings: 300,
      maxShare: 0.95,
      maxLexemes: 1024,
      maxPhrases: 0,
      maxTitleLexemes: 0,
      minSetListings: 1_000_000,
      maxSets: 0,
    });
    try {
      // Two kept words typed as they are, matching together more listings than the count limit.
      const [pair] = await rows<{ keyword: string }>(sql`select a.lexeme || ' ' || b.lexeme as keyword
        from keyword_postings a join keyword_postings b on b.listing_id = a.listing_id and b.lexeme > a.lexeme
        where a.lexeme ~ '^[a-z]{4,}$' and b.lexeme ~ '^[a-z]{4,}$' and a.offered_until > now()
          and websearch_to_tsquery('english', a.lexeme || ' ' || b.lexeme)::text = '''' || a.lexeme || ''' & ''' || b.lexeme || ''''
        group by a.lexeme, b.lexeme having count(*) between ${SEARCH_COUNT_LIMIT + 200} and 3000
        order by count(*), 1 limit 1`);
      const keyword = pair!.keyword;
      const matches = sql`l.id in (select s.listing_id from listing_search s
        where s.search_vector @@ websearch_to_tsquery('english', ${keyword}))`;
      const runningEnd = sql`(select a.ends_at from auctions a where a.listing_id = l.id and a.outcome is null
        and a.starts_at <= now() and a.ends_at > now())`;
      const [{ catalogue } = { catalogue: 0 }] = await rows<{ catalogue: number }>(
        sql`select reltuples::float8 as catalogue from pg_class where oid = 'listing_search'::regclass`,
      );
      const sides = new Set<boolean>();
      for (const [sort, order, cost] of [
        ['newest', sql`l.listing_start_date desc, l.id`, KEYWORD_WALK_COST.other],
        ['price-desc', sql`l.price desc, l.listing_start_date desc, l.id`, KEYWORD_WALK_COST.other],
        [
          'ending-soonest',
          sql`${runningEnd} asc nulls last, l.listing_start_date desc, l.id`,
          KEYWORD_WALK_COST['ending-soonest'],
        ],
      ] as const) {
        const all = await fullSort(matches, order);
        expect(all.length, keyword).toBeGreaterThan(SEARCH_COUNT_LIMIT);
        // The first page is walked for; a page far enough in is read from every match, sorted.
        const farPage = Math.ceil(all.length ** 2 / (cost * catalogue) / 10) + 1;
        for (const page of [1, farPage]) {
          const [gate] = await rows<{ few: boolean }>(
            sql`select ${all.length} <= ${evenCostRows('listing_search', cost * page * 10)} as few`,
          );
          sides.add(gate!.few);
          const answer = await searchListings(
            database.db,
            searchRequestSchema.parse({ keyword, sort, page, pageSize: 10 }),
            { postings: false },
          );
          const expected = all.slice((page - 1) * 10, page * 10).map((row) => row.id);
          expect(
            answer.results.map((card) => card.id),
            `${keyword} ${sort} ${page} ${answer.total} ${all.length} ${gate!.few}`,
          ).toEqual(expected);
        }
      }
      expect([...sides].sort()).toEqual([false, true]);
    } finally {
      await refreshKeywordPostings(database.db, NO_POSTINGS);
    }
  });

  it("pages a word past the postings' share by relevance as ranking every match does: its title postings, then the description's matches newest first", async () => {
    const none = NO_POSTINGS;
    const titles = { ...none, minListings: 300, maxShare: 0.35, maxTitleLexemes: 64 };
    const change = await refreshKeywordPostings(database.db, titles);
    // As after every refresh of the kept words (`maintainKeywordIndexes`).
    await database.db.execute(sql`vacuum analyze keyword_postings`);
    try {
      // The words past the share that titles hold too ('complete', of "16\" Complete Rifle").
      const titled = await rows<{ lexeme: string; postings: number; matches: number }>(sql`select f.lexeme,
          (select count(*)::int from keyword_postings k where k.lexeme = f.lexeme) as postings,
          (select count(*)::int from listing_search s where s.search_vector @@ f.query) as matches
        from keyword_posting_lexemes f where f.titles_only order by 2 desc, 1`);
      // Typed as it is, it is a code-shaped keyword (a UPC or SKU may match it too).
      const word = titled.find(
        (row) => row.postings > 0 && /^[a-z]{4,}$/.test(row.lexeme) && row.lexeme !== 'ship',
      );
      expect(change.removed).toEqual([]);
      expect(titled.map((word) => word.lexeme)).toContain('ship');
      expect(word!.matches).toBeGreaterThan(SEARCH_COUNT_LIMIT + word!.postings);
      // Its postings are its title matches alone, each ranked as the search ranks it.
      const [outOfStep] = await rows<{ n: number }>(sql`select count(*)::int as n from (
          (select s.listing_id, ts_rank(s.search_vector, f.query) from keyword_posting_lexemes f
            join listing_search s on s.search_vector @@ f.query
            where f.titles_only and ts_rank(s.search_vector, f.query) >= keyword_title_rank()
           except all select k.listing_id, k.rank from keyword_postings k)
          union all
          (select k.listing_id, k.rank from keyword_postings k
           except all select s.listing_id, ts_rank(s.search_vector, f.query) from keyword_posting_lexemes f
            join listing_search s on s.search_vector @@ f.query
            where f.titles_only and ts_rank(s.search_vector, f.query) >= keyword_title_rank())) d`);
      expect(outOfStep!.n).toBe(0);
      const keyword = word!.lexeme;
      // A listing write keeps them in step: the word put in a title is posted, in a description alone it is not.
      const [plain] = await rows<{ id: string; title: string; description: string }>(sql`select l.id, l.title,
          l.description from listings l join listing_search s on s.listing_id = l.id
        where not s.search_vector @@ to_tsquery('english', ${keyword}) order by l.id limit 1`);
      const postedFor = async () =>
        (
          await rows<{ n: number }>(sql`select count(*)::int as n from keyword_postings
          where lexeme = ${keyword} and listing_id = ${plain!.id}`)
        )[0]!.n;
      await database.db.execute(
        sql`update listings set description = description || ' ' || ${keyword} where id = ${plain!.id}`,
      );
      expect(await postedFor()).toBe(0);
      await database.db.execute(
        sql`update listings set title = title || ' ' || ${keyword} where id = ${plain!.id}`,
      );
      expect(await postedFor()).toBe(1);
      await database.db.execute(
        sql`update listings set title = ${plain!.title}, description = ${plain!.description} where id = ${plain!.id}`,
      );
      expect(await postedFor()).toBe(0);
      const [code] = await rows<{ id: string }>(
        sql`select id from listings l where ${OFFERED} and upc is null order by listing_start_date limit 1`,
      );
      const bodies: SearchRequest[] = [
        { keyword },
        { keyword, page: 2 },
        { keyword, page: 5, pageSize: 10 },
        { keyword: keyword.toUpperCase(), conditions: [Condition.Used] },
        { keyword, familyIds: [CategoryFamilyId.SemiAutoRifles, CategoryFamilyId.BoltActionRifles] },
        { keyword, listingType: ListingType.National, minPrice: 300 },
        { keyword, zipCode: '75207', distance: 250 },
        { keyword, uid: seller },
        { keyword: 'ship' },
        { keyword: 'ship', page: 3, listingStartDate: 30 },
      ];
      const answers = async () => {
        const all = [];
        for (const body of bodies) {
          all.push(await searchListings(database.db, searchRequestSchema.parse(body), { postings: false }));
        }
        return all;
      };
      // A listing whose UPC is the word leads the page, as any code match does.
      await database.db.execute(sql`update listings set upc = ${keyword} where id = ${code!.id}`);
      try {
        const tiered = await answers();
        expect(tiered[0]!.results[0]!.id).toBe(code!.id);
        // The page by relevance reads the title postings in rank order and the description's
        // matches in order of start, each up to the page's end.
        const request = searchRequestSchema.parse({ keyword });
        const plan = await explainAtScale(searchStatement(await planSearch(database.db, request), request));
        expect(plan).toContain('keyword_postings_order_idx');
        expect(plan).toContain('listing_search_start_idx');
        expect(plan).not.toMatch(/Seq Scan on (listings|listing_search)/);
        // Every match ranked, as without the title postings.
        await refreshKeywordPostings(database.db, none);
        const ranked = await answers();
        for (const [index, body] of bodies.entries()) {
          expect(tiered[index], JSON.stringify(body)).toEqual(ranked[index]);
          expect(tiered[index]!.results.length, JSON.stringify(body)).toBeGreaterThan(0);
        }
      } finally {
        await database.db.execute(sql`update listings set upc = null where id = ${code!.id}`);
      }
    } finally {
      await refreshKeywordPostings(database.db, none);
    }
  });

  it('pages ending soonest exactly as a full sort does: running auctions by end, then the rest newest first', async () => {
    const runningEnd = sql`(select a.ends_at from auctions a where a.listing_id = l.id and a.outcome is null
      and a.starts_at <= now() and a.ends_at > now())`;
    const order = sql`${runningEnd} asc nulls last, l.listing_start_date desc, l.id`;
    const keyword = sql`l.id in (select s.listing_id from listing_search s
      where s.search_vector @@ websearch_to_tsquery('english', 'ship'))`;
    const sides = new Set<boolean>();
    for (const [filter, body] of [
      [sql`true`, {}],
      [keyword, { keyword: 'ship' }],
      [sql`l.family_id = ${CategoryFamilyId.Optics}`, { familyIds: [CategoryFamilyId.Optics] }],
      [
        sql`l.family_id in (${CategoryFamilyId.Optics}, ${CategoryFamilyId.SemiAutoPistols}) and l.condition = ${Condition.Used}`,
        {
          familyIds: [CategoryFamilyId.Optics, CategoryFamilyId.SemiAutoPistols],
          conditions: [Condition.Used],
        },
      ],
      [sql`l.user_id = ${seller}`, { uid: seller }],
      [sql`l.listing_start_date >= now() - interval '7 days'`, { listingStartDate: 7 }],
      [sql`l.listing_type = ${ListingType.National}`, { listingType: ListingType.National }],
      [
        sql`l.family_id = ${CategoryFamilyId.Optics} and l.listing_type = ${ListingType.Auction}`,
        { familyIds: [CategoryFamilyId.Optics], listingType: ListingType.Auction },
      ],
      [sql`true`, { familyIds: CATEGORY_FAMILIES.map((family) => family.id) }],
    ] as const) {
      if ('familyIds' in body) {
        // Chosen families with few auction listings are read whole, with many walked by end: both happen here.
        const [side] = await rows<{
          few: boolean;
        }>(sql`select count(*) <= ${evenCostRows('auctions', AUCTION_WALK_COST * 10)} as few
          from listings l where ${OFFERED} and l.listing_type = ${ListingType.Auction}
            and l.family_id in (${sql.join(
              body.familyIds.map((id) => sql`${id}`),
              sql`, `,
            )})`);
        sides.add(side!.few);
      }
      const all = await fullSort(filter, order);
      const running = await rows<{ n: number }>(
        sql`select count(*)::int as n from listings l where ${filter} and ${runningEnd} is not null`,
      );
      if (!('listingType' in body)) expect(running[0]!.n, JSON.stringify(body)).toBeGreaterThan(0);
      // The first pages, and the page where the running auctions end and the other matches begin:
      // read only when the running auctions leave room in the page.
      for (const page of new Set([1, 4, Math.floor(running[0]!.n / 10) + 1])) {
        const answer = await searchListings(
          database.db,
          searchRequestSchema.parse({ ...body, sort: 'ending-soonest', page, pageSize: 10 }),
        );
        const expected = all.slice((page - 1) * 10, page * 10).map((row) => row.id);
        expect(
          answer.results.map((card) => card.id),
          `${JSON.stringify(body)} ${page}`,
        ).toEqual(expected);
      }
    }
    expect([...sides].sort()).toEqual([false, true]);
  });

  it('pages completed auctions exactly as a full sort of the sold auctions does, past the count limit', async () => {
    const sold = (order: SQL) =>
      rows<{ id: string }>(sql`select l.id from listings l join auctions a on a.listing_id = l.id
        where a.outcome = 'sold' and (l.listing_options & 12288) = 0 order by ${order}`);
    for (const [sort, order] of [
      [undefined, sql`a.ends_at desc, l.listing_start_date desc, l.id`],
      ['price-asc', sql`l.price, l.listing_start_date desc, l.id`],
    ] as const) {
      const all = await sold(order);
      expect(all.length).toBeGreaterThan(SEARCH_COUNT_LIMIT);
      for (const page of [1, 3]) {
        const answer = await searchListings(
          database.db,
          searchRequestSchema.parse({ completed: true, ...(sort ? { sort } : {}), page, pageSize: 10 }),
        );
        expect(answer).toMatchObject({ total: SEARCH_COUNT_LIMIT, totalCapped: true });
        expect(
          answer.results.map((card) => card.id),
          `${sort} ${page}`,
        ).toEqual(all.slice((page - 1) * 10, page * 10).map((row) => row.id));
        expect(answer.results.every((card) => card.auction?.sold)).toBe(true);
      }
    }
  });

  it('pages a search within a radius exactly as a full sort of every match does, in every sort, with its total', async () => {
    let compared = 0;
    const runningEnd = sql`(select a.ends_at from auctions a where a.listing_id = l.id and a.outcome is null
      and a.starts_at <= now() and a.ends_at > now())`;
    for (const zipCode of ['75207', '60601', '98101', '33101']) {
      const plan = await planSearch(database.db, searchRequestSchema.parse({ zipCode }));
      const distance = distanceSql(plan.origin!);
      for (const [miles, extra] of [
        [25, {}],
        [250, {}],
        [500, { familyIds: [CategoryFamilyId.SemiAutoPistols] }],
        [100, { conditions: [Condition.Used], listingType: ListingType.Local }],
      ] as const) {
        const filters = sql.join(
          [
            sql`${distance} <= ${miles}::float8`,
            'familyIds' in extra ? sql`l.family_id = ${extra.familyIds[0]}` : sql`true`,
            'conditions' in extra
              ? sql`l.condition = ${extra.conditions[0]} and l.listing_type = ${extra.listingType}`
              : sql`true`,
          ],
          sql` and `,
        );
        for (const [sort, order] of [
          ['distance', sql`${distance}, l.listing_start_date desc, l.id`],
          ['newest', sql`l.listing_start_date desc, l.id`],
          ['price-asc', sql`l.price, l.listing_start_date desc, l.id`],
          ['ending-soonest', sql`${runningEnd} asc nulls last, l.listing_start_date desc, l.id`],
        ] as const) {
          const all = await fullSort(filters, order);
          for (const page of [1, 2, 5]) {
            const answer = await searchListings(
              database.db,
              searchRequestSchema.parse({ zipCode, distance: miles, sort, page, pageSize: 10, ...extra }),
            );
            compared += expectPageOf(answer, all, page, `${zipCode} ${miles} ${sort} ${page}`);
          }
        }
      }
    }
    expect(compared).toBeGreaterThan(100);
  });

  it('pages ending soonest within a radius as a full sort does: its auction listings read whole when few, the running auctions walked by end when many', async () => {
    const zipCode = '75207';
    const distance = distanceSql(
      (await planSearch(database.db, searchRequestSchema.parse({ zipCode }))).origin!,
    );
    const runningEnd = sql`(select a.ends_at from auctions a where a.listing_id = l.id and a.outcome is null
      and a.starts_at <= now() and a.ends_at > now())`;
    const sides = new Set<boolean>();
    const check = async (miles: number) => {
      const within = sql`${distance} <= ${miles}::float8`;
      const all = await fullSort(within, sql`${runningEnd} asc nulls last, l.listing_start_date desc, l.id`);
      const [{ running } = { running: 0 }] = await rows<{ running: number }>(
        sql`select count(*)::int as running from listings l where ${OFFERED} and ${within} and ${runningEnd} is not null`,
      );
      // The first pages, and the page where the running auctions end and the other matches begin.
      for (const page of [1, 2, Math.floor(running / 5) + 1]) {
        const [gate] = await rows<{
          few: boolean;
          running: number;
        }>(sql`select (select count(*) from listings l
            where ${OFFERED} and l.listing_type = ${ListingType.Auction} and ${within})
          <= ${evenCostRows('auctions', AUCTION_WALK_COST * page * 5)} as few,
          (select count(*)::int from listings l where ${OFFERED} and ${within} and ${runningEnd} is not null) as running`);
        // More matches than the count limit, and more running auctions than the page's end: their
        // order decides the page.
        expect(all.length).toBeGreaterThan(SEARCH_COUNT_LIMIT);
        if (page <= 2) expect(gate!.running).toBeGreaterThan(page * 5);
        sides.add(gate!.few);
        const answer = await searchListings(
          database.db,
          searchRequestSchema.parse({ zipCode, distance: miles, sort: 'ending-soonest', page, pageSize: 5 }),
        );
        expect(
          answer.results.map((card) => card.id),
          `${miles} ${page} ${gate!.few}`,
        ).toEqual(all.slice((page - 1) * 5, page * 5).map((row) => row.id));
      }
    };
    // More listings within 100 miles than the count limit (copies of those there, shipped
    // nationwide), so the page is read by its order, not sorted from the facet sample.
    const copies = await rows<{
      id: string;
    }>(sql`insert into listings (user_id, title, description, manufacturer,
        model, caliber, condition, quantity, price, family_id, listing_type, zip_code, city, state, latitude,
        longitude, listing_start_date, listing_end_date)
      select l.user_id, l.title, l.description, l.manufacturer, l.model, l.caliber, l.condition, l.quantity,
        l.price + n, l.family_id, ${ListingType.National}, l.zip_code, l.city, l.state, l.latitude, l.longitude,
        l.listing_start_date - make_interval(mins => n), l.listing_end_date
      from listings l cross join generate_series(1, 4) n where ${OFFERED} and ${distance} <= 100::float8
      returning id`);
    // Every auction listing within 100 miles runs an auction, ending over the next days.
    const started = await rows<{
      id: string;
    }>(sql`insert into auctions (listing_id, starting_bid, starts_at, ends_at, current_price, bid_count)
      select l.id, l.price, l.listing_start_date, now() + make_interval(mins => 60 + abs(hashtext(l.id::text)) % 10000), l.price, 1
      from listings l where ${OFFERED} and l.listing_type = ${ListingType.Auction} and ${distance} <= 100::float8
        and not exists (select 1 from auctions a where a.listing_id = l.id)
      returning listing_id as id`);
    // Then many auction listings in a larger radius: its listings shipped nationwide become auction
    // listings (none of them running).
    let turned: { id: string }[] = [];
    const ids = (list: { id: string }[]) => `{${list.map((row) => row.id).join(',')}}`;
    try {
      await check(100);
      turned = await rows<{ id: string }>(sql`update listings l set listing_type = ${ListingType.Auction}
        where ${OFFERED} and l.listing_type = ${ListingType.National} and ${distance} <= 500::float8
        returning l.id`);
      await check(250);
    } finally {
      await database.db.execute(sql`update listings set listing_type = ${ListingType.National}
        where id in (select unnest(${ids(turned)}::uuid[]))`);
      await database.db.execute(
        sql`delete from auctions where listing_id in (select unnest(${ids(started)}::uuid[]))`,
      );
      await database.db.execute(
        sql`delete from listings where id in (select unnest(${ids(copies)}::uuid[]))`,
      );
    }
    expect([...sides].sort()).toEqual([false, true]);
  });

  it("pages by price or featured first within a radius as a full sort does: the listings of its places read whole when few, the order's index walked when many", async () => {
    const zipCode = '75207';
    const miles = 100;
    const within = sql`${distanceSql(
      (await planSearch(database.db, searchRequestSchema.parse({ zipCode }))).origin!,
    )} <= ${miles}::float8`;
    // More listings within the radius than the count limit (copies of those there), so the page is
    // read by its order, not sorted from the facet sample.
    const copies = await rows<{ id: string }>(sql`insert into listings (user_id, title, description,
        manufacturer, model, caliber, condition, quantity, price, family_id, listing_type, zip_code, city,
        state, latitude, longitude, listing_start_date, listing_end_date)
      select l.user_id, l.title, l.description, l.manufacturer, l.model, l.caliber, l.condition, l.quantity,
        l.price + n, l.family_id, ${ListingType.National}, l.zip_code, l.city, l.state, l.latitude, l.longitude,
        l.listing_start_date - make_interval(mins => n), l.listing_end_date
      from listings l cross join generate_series(1, 4) n where ${OFFERED} and ${within}
      returning id`);
    const sides = new Set<boolean>();
    try {
      await database.db.execute(sql`analyze listings`);
      const [radius] = await rows<{ n: number }>(
        sql`select count(*)::int as n from listings l where ${OFFERED} and ${within}`,
      );
      expect(radius!.n).toBeGreaterThan(SEARCH_COUNT_LIMIT);
      const pageSize = 24;
      const few = async (page: number) =>
        (
          await rows<{ few: boolean }>(
            sql`select ${radius!.n} <= ${evenCostRows('listings', RADIUS_WALK_COST * page * pageSize)} as few`,
          )
        )[0]!.few;
      // The first pages walk the price index; a page far enough in reads the radius's listings whole.
      let far = 2;
      while (!(await few(far)) && far * pageSize < radius!.n) far++;
      const featured = sql.raw(String(ListingOption.Featured | ListingOption.Homepage));
      const orders = [
        ['price-asc', sql`l.price, l.listing_start_date desc, l.id`, /using listings_(offered_)?price_idx/],
        [
          'price-desc',
          sql`l.price desc, l.listing_start_date desc, l.id`,
          /using listings_(offered_)?price_idx/,
        ],
        [
          undefined,
          sql`(l.listing_options & ${featured}) <> 0 desc, l.listing_start_date desc, l.id`,
          /using listings_search_featured_idx/,
        ],
      ] as const;
      for (const [sort, order, index] of orders) {
        const all = await fullSort(within, order);
        for (const page of [1, 2, far]) {
          const readWhole = await few(page);
          sides.add(readWhole);
          const request = searchRequestSchema.parse({
            zipCode,
            distance: miles,
            ...(sort ? { sort } : {}),
            page,
            pageSize,
          });
          // The statement's own count takes the same side: the order's index is walked only when many.
          const walked = (
            await rows<{ 'QUERY PLAN': string }>(
              sql`explain (analyze, costs off, timing off) ${searchStatement(await planSearch(database.db, request), request)}`,
            )
          ).some((row) => index.test(row['QUERY PLAN']) && !row['QUERY PLAN'].includes('never executed'));
          expect(walked, `${sort} ${page}`).toBe(!readWhole);
          const answer = await searchListings(database.db, request);
          expect(
            answer.results.map((card) => card.id),
            `${sort} ${page}`,
          ).toEqual(all.slice((page - 1) * pageSize, page * pageSize).map((row) => row.id));
        }
      }
    } finally {
      await database.db.execute(
        sql`delete from listings where id in (select unnest(${`{${copies.map((row) => row.id).join(',')}}`}::uuid[]))`,
      );
    }
    expect([...sides].sort()).toEqual([false, true]);
  });

  it('pages a keyword of many matches and few with two words positioned by relevance: those listings, then every other match newest first, walked to the page end', async () => {
    // Two words in the title of 20 listings, one of them in the title and the others in the
    // description of 10, every word in the description alone of 1,500: far more matches than
    // ranking them all is worth for a page.
    const { ids, restore } = await offeredListings(1530);
    await database.db.execute(
      sql`update listings set title = left(title, 60) || ' Zephyrine Quoll', description = description || ' numbat' where id in ${ids(0, 20)}`,
    );
    await database.db.execute(
      sql`update listings set title = left(title, 60) || ' Quoll', description = description || ' zephyrine numbat' where id in ${ids(20, 30)}`,
    );
    await database.db.execute(
      sql`update listings set description = description || ' a zephyrine and a quoll numbat' where id in ${ids(30, 1530)}`,
    );
    try {
      await database.db.execute(sql`analyze listing_search`);
      // Two words, and three (a listing with two of them positioned ranks above the bound).
      for (const keyword of ['zephyrine quoll', 'zephyrine quoll numbat']) {
        const query = sql`websearch_to_tsquery('english', ${keyword})`;
        const titled = await fullSort(
          sql`l.id in ${ids(0, 20)}`,
          sql`(select ts_rank(s.search_vector, ${query}) from listing_search s where s.listing_id = l.id) desc,
            l.listing_start_date desc, l.id`,
        );
        const [bound] = await rows<{
          least: number;
        }>(sql`select min(ts_rank(s.search_vector, ${query})) as least
          from listing_search s where s.listing_id in ${ids(0, 20)}`);
        expect(bound!.least).toBeGreaterThan(1e-9);
        // The one with a word in the title ranks alike with the description's matches (under the bound).
        const rest = await fullSort(sql`l.id in ${ids(20, 1530)}`, sql`l.listing_start_date desc, l.id`);
        const all = [...titled, ...rest];
        const pageSize = 24;
        for (const page of [1, 3]) {
          const request = searchRequestSchema.parse({ keyword, page, pageSize });
          const statement = searchStatement(await planSearch(database.db, request), request);
          const plan = await executedAtScale(statement);
          // The page's other matches come from the keyword copy's date index, a few rows past the
          // page's end: never all 1,530 matches ranked.
          const walks = plan.filter(
            (line) => line.includes('listing_search_start_idx') && !line.includes('never executed'),
          );
          expect(walks.length, plan.join('\n')).toBeGreaterThan(0);
          // Through the newest listings up to where ranking every match and walking cost the same
          // (and those of the same start date; an index also holds the entries of the rows this test
          // updated, once each version).
          const [most] = await rows<{ n: number }>(sql`select count(*)::int as n from listing_search
            where listing_start_date >= (select s.listing_start_date from listing_search s
              order by s.listing_start_date desc, s.listing_id
              offset ${evenCostRows('listing_search', DESCRIPTION_WALK_COST * page * pageSize)} limit 1)`);
          expect(most!.n).toBeLessThan(1530);
          for (const walk of walks)
            expect(Number(/actual rows=(\d+)/.exec(walk)?.[1]), walks.join('\n')).toBeLessThanOrEqual(
              2 * (most!.n + 1),
            );
          // (The facet sample's bitmap holds every match; it reads a thousand and one of them.)
          expect(
            plan.filter((line) => /actual rows=1530 /.test(line) && !line.includes('Bitmap Index Scan')),
          ).toEqual([]);
          const answer = await searchListings(database.db, request, { postings: false });
          expect(
            answer.results.map((card) => card.id),
            `${keyword}, page ${page}`,
          ).toEqual(all.slice((page - 1) * pageSize, page * pageSize).map((row) => row.id));
          expect(answer).toMatchObject({ total: SEARCH_COUNT_LIMIT, totalCapped: true, facets: null });
        }
      }
    } finally {
      await restore();
    }
  });

  it('pages a keyword of two words by relevance as ranking every match does: the listings with both words positioned when they fill the page, every match ranked otherwise', async () => {
    const keyword = 'zephyrine quoll';
    const query = sql`websearch_to_tsquery('english', ${keyword})`;
    // What the query's pair is: itself for two words joined by & alone, null for anything else.
    const [pairs] = await rows<Record<string, string | null>>(sql`select
        keyword_title_pair(websearch_to_tsquery('english', 'zephyrine quoll'))::text as two,
        keyword_title_pair(websearch_to_tsquery('english', 'quoll zephyrine quoll'))::text as repeated,
        keyword_title_pair(websearch_to_tsquery('english', 'zephyrine quoll numbat'))::text as three,
        keyword_title_pair(websearch_to_tsquery('english', 'zephyrine or quoll'))::text as alternative,
        keyword_title_pair(websearch_to_tsquery('english', 'zephyrine -quoll'))::text as negation,
        keyword_title_pair(websearch_to_tsquery('english', '"zephyrine quoll"'))::text as phrase,
        keyword_title_pair(websearch_to_tsquery('english', 'zephyrine'))::text as one`);
    // Of a query that is not a pair itself: each pair of its distinct words and phrases' words, up
    // to eight words.
    const [more] = await rows<Record<string, string | null>>(sql`select
        keyword_title_pairs(websearch_to_tsquery('english', 'zephyrine quoll'))::text as two,
        keyword_title_pairs(websearch_to_tsquery('english', 'zephyrine quoll numbat'))::text as three,
        keyword_title_pairs(websearch_to_tsquery('english', 'zephyrine or quoll numbat'))::text as alternative,
        keyword_title_pairs(websearch_to_tsquery('english', 'zephyrine quoll -numbat'))::text as negation,
        keyword_title_pairs(websearch_to_tsquery('english', '"zephyrine quoll"'))::text as phrase,
        keyword_title_pairs(websearch_to_tsquery('english', 'zephyrine'))::text as one,
        keyword_title_pairs(websearch_to_tsquery('english', 'alpha bravo charlie delta echo foxtrot golf hotel india'))::text as nine`);
    expect(more).toEqual({
      two: null,
      three: "'numbat' & 'quoll' | 'numbat' & 'zephyrin' | 'quoll' & 'zephyrin'",
      alternative: null,
      negation: null,
      phrase: "'quoll' & 'zephyrin'",
      one: null,
      nine: null,
    });
    expect(pairs).toEqual({
      two: "'zephyrin' & 'quoll'",
      repeated: "'quoll' & 'zephyrin' & 'quoll'",
      three: null,
      alternative: null,
      negation: null,
      phrase: null,
      one: null,
    });
    // Both words in the title of 1,050 listings, one of them there and the other in the description
    // of 30, both in the description alone of 1,000: more matches, and more listings with both words
    // positioned, than the count limit.
    const { offered, ids, restore } = await offeredListings(2080);
    await database.db.execute(
      sql`update listings set title = left(title, 60) || ' Zephyrine Quoll' where id in ${ids(0, 1050)}`,
    );
    await database.db.execute(
      sql`update listings set title = left(title, 60) || ' Zephyrine', description = description || ' quoll' where id in ${ids(1050, 1080)}`,
    );
    await database.db.execute(
      sql`update listings set description = description || ' zephyrine and a quoll' where id in ${ids(1080, 2080)}`,
    );
    try {
      await database.db.execute(sql`analyze listing_search`);
      // Both words positioned rank above the bound; one of them positioned, or none, below it.
      const [ranks] = await rows<{ strong: number; weak: number; bound: number }>(sql`select
          min(ts_rank(s.search_vector, ${query})) filter (where s.listing_id in ${ids(0, 1050)}) as strong,
          max(ts_rank(s.search_vector, ${query})) filter (where s.listing_id not in ${ids(0, 1050)}) as weak,
          keyword_pairless_rank() as bound
        from listing_search s where s.search_vector @@ ${query}`);
      expect(ranks!.strong).toBeGreaterThan(ranks!.bound);
      expect(ranks!.weak).toBeGreaterThan(0);
      expect(ranks!.weak).toBeLessThan(ranks!.bound);
      // Every rank under the bound counts as 0: those matches come newest first.
      const byRank = sql`keyword_rank((select ts_rank(s.search_vector, ${query}) from listing_search s where s.listing_id = l.id)) desc,
          l.listing_start_date desc, l.id`;
      const all = await fullSort(
        sql`l.id in (select s.listing_id from listing_search s where s.search_vector @@ ${query})`,
        byRank,
      );
      expect(all).toHaveLength(2080);
      expect(new Set(all.slice(0, 1050).map((row) => row.id))).toEqual(
        new Set(offered.slice(0, 1050).map((row) => row.id)),
      );
      const rest = await fullSort(sql`l.id in ${ids(1050, 2080)}`, sql`l.listing_start_date desc, l.id`);
      expect(all.slice(1050)).toEqual(rest);
      const pageSize = 24;
      // Page 43 ends at 1,032, inside the listings with both words positioned; page 44 ends past them.
      for (const [page, fromTitles] of [
        [1, true],
        [43, true],
        [44, false],
        [46, false],
      ] as const) {
        const request = searchRequestSchema.parse({ keyword, page, pageSize });
        const statement = searchStatement(await planSearch(database.db, request), request);
        const plan = await executedAtScale(statement);
        // Answered from the listings with both words positioned, the keyword's own index is not read
        // at all (the facet sample is a thousand and one of them too); otherwise every match is.
        const readEveryMatch = plan.some(
          (line) => line.includes('listing_search_vector_idx') && !line.includes('never executed'),
        );
        expect(readEveryMatch, `page ${page}`).toBe(!fromTitles);
        expect(plan.some((line) => line.includes('listing_search_title_pairs_idx'))).toBe(true);
        const answer = await searchListings(database.db, request, { postings: false });
        expect(
          answer.results.map((card) => card.id),
          `page ${page}`,
        ).toEqual(all.slice((page - 1) * pageSize, page * pageSize).map((row) => row.id));
        expect(answer).toMatchObject({ total: SEARCH_COUNT_LIMIT, totalCapped: true, facets: null });
      }
      // A family where fewer than a page hold both words positioned: every match ranked, with its
      // facet sample and count.
      const [family] = await rows<{ familyId: number; n: number }>(sql`select l.family_id as "familyId",
          count(*)::int as n from listings l where l.id in ${ids(0, 1050)} group by 1 order by 2 limit 1`);
      expect(family!.n).toBeLessThan(pageSize);
      const inFamily = await fullSort(
        sql`l.family_id = ${family!.familyId} and l.id in (select s.listing_id from listing_search s where s.search_vector @@ ${query})`,
        byRank,
      );
      const answer = await searchListings(
        database.db,
        searchRequestSchema.parse({ keyword, familyIds: [family!.familyId], pageSize }),
        { postings: false },
      );
      expect(answer.results.map((card) => card.id)).toEqual(inFamily.slice(0, pageSize).map((row) => row.id));
      expect(answer.total).toBe(Math.min(inFamily.length, SEARCH_COUNT_LIMIT));
    } finally {
      await restore();
    }
  });
});

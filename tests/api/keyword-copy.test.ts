import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SearchRequest, SearchResponse } from '../../shared/contract/listing-search.ts';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { queryRows } from '../../src-server/db/client.ts';
import {
  keepKeywordCopyInOrder,
  keywordCopyOrderCorrelation,
  MIN_ORDER_CORRELATION,
} from '../../src-server/modules/listings/search-indexes/keyword-copy.ts';
import { seedCatalog } from './support/catalog.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db);
});
afterAll(() => t.close());

const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  queryRows<T>(t.database.db, query);

async function search(body: SearchRequest): Promise<SearchResponse> {
  const res = await t.app.inject({ method: 'POST', url: '/api/listings/search', payload: body });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

/**
 * Share of keyword rows that sit physically after a row that comes later in catalogue order. A
 * rewrite leaves a few out of place: a short row may fill the room left at the end of an earlier page.
 */
async function outOfOrderShare(): Promise<number> {
  const ranks = (
    await rows<{ rank: number }>(
      sql`select o.rank::int as rank from listing_search s join (
          select l.id, row_number() over (order by l.family_id, l.manufacturer, l.caliber, l.model, l.id) as rank
          from listings l) o on o.id = s.listing_id
        order by s.ctid`,
    )
  ).map((row) => row.rank);
  const descents = ranks.filter((rank, index) => index > 0 && rank < ranks[index - 1]!).length;
  return descents / ranks.length;
}

const fileOf = async () =>
  (
    await rows<{ file: number }>(
      sql`select relfilenode::int as file from pg_class where relname = 'listing_search'`,
    )
  )[0]!.file;

const SEARCHES: SearchRequest[] = [
  { keyword: '9mm' },
  { keyword: 'glock', sort: 'newest' },
  { keyword: 'ruger', familyIds: [CategoryFamilyId.SemiAutoPistols, CategoryFamilyId.Revolvers] },
  { keyword: 'federal', page: 2, pageSize: 12 },
];
const answers = () => Promise.all(SEARCHES.map((body) => search(body)));

/** Keyword rows that differ from what `listing_search_row` (the sync trigger's function) makes of their listing. */
const rowsOutOfStep = async () =>
  (
    await rows<{ n: number }>(
      sql`select count(*)::int as n from listings l full join listing_search s on s.listing_id = l.id
        where s.listing_id is null or l.id is null or s is distinct from listing_search_row(l)`,
    )
  )[0]!.n;

describe('keyword copy in catalogue order', () => {
  it('holds, after the seeder wrote it, exactly the row the sync trigger makes of each listing', async () => {
    expect((await rows<{ n: number }>(sql`select count(*)::int as n from listing_search`))[0]!.n).toBe(600);
    expect(await rowsOutOfStep()).toBe(0);
  });

  it('is written in catalogue order by the seeder, and left alone while it stays in order', async () => {
    expect(await outOfOrderShare()).toBeLessThan(0.02);
    expect(await keywordCopyOrderCorrelation(t.database.db)).toBeGreaterThan(0.99);
    const file = await fileOf();
    expect(await keepKeywordCopyInOrder(t.database.db)).toBe(false);
    expect(await fileOf()).toBe(file);
  });

  it('skips the keyword row of a listing write that does not change it, and moves it when it does', async () => {
    const [listing] = await rows<{ id: string }>(sql`select id from listings order by id limit 1`);
    const version = async () =>
      (
        await rows<{ at: string }>(
          sql`select ctid::text || xmin::text as at from listing_search where listing_id = ${listing!.id}`,
        )
      )[0]!.at;
    const before = await version();
    await t.database.db.execute(
      sql`update listings set quantity = quantity + 1, shipping_cost = shipping_cost where id = ${listing!.id}`,
    );
    expect(await version()).toBe(before);
    await t.database.db.execute(sql`update listings set price = price + 1 where id = ${listing!.id}`);
    expect(await version()).not.toBe(before);
    await t.database.db.execute(sql`update listings set price = price - 1 where id = ${listing!.id}`);
  });

  it('is rewritten in catalogue order once writes have moved its rows, with every answer unchanged', async () => {
    // A third of the listings change price (and back): each keyword row is written again, wherever there is room.
    for (const step of [1, -1]) {
      await t.database.db.execute(
        sql`update listings set price = price + ${step} where id in (
          select id from listings order by md5(id::text) limit (select count(*) / 3 from listings))`,
      );
    }
    await t.database.db.execute(sql`analyze listing_search`);
    const moved = await keywordCopyOrderCorrelation(t.database.db);
    expect(moved).not.toBeNull();
    expect(moved!).toBeLessThan(MIN_ORDER_CORRELATION);
    expect(await outOfOrderShare()).toBeGreaterThan(0.1);
    const before = await answers();
    const file = await fileOf();

    expect(await keepKeywordCopyInOrder(t.database.db)).toBe(true);

    expect(await fileOf()).not.toBe(file);
    expect(await outOfOrderShare()).toBeLessThan(0.02);
    expect(await keywordCopyOrderCorrelation(t.database.db)).toBeGreaterThan(0.99);
    expect(await rowsOutOfStep()).toBe(0);
    const after = await answers();
    expect(after).toEqual(before);
    expect(after[0]!.total).toBeGreaterThan(0);
    // The copy still follows listing writes after the rewrite.
    const [listing] = await rows<{ id: string }>(
      sql`select s.listing_id as id from listing_search s where s.search_vector @@ 'glock'::tsquery
        and s.offered_until > now() limit 1`,
    );
    await t.database.db.execute(sql`update listings set is_active = false where id = ${listing!.id}`);
    expect((await search({ keyword: 'glock', sort: 'newest' })).total).toBe(after[1]!.total - 1);
    await t.database.db.execute(sql`update listings set is_active = true where id = ${listing!.id}`);
  });
});

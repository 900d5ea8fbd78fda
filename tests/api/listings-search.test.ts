import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_GUID } from '../../shared/contract/common.ts';
import type { SearchFacets, SearchRequest, SearchResponse } from '../../shared/contract/listing-search.ts';
import type { ListingCard } from '../../shared/contract/listing-shapes.ts';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { Condition, ListingOption, ListingType } from '../../shared/domain/listing.ts';
import { queryRows } from '../../src-server/db/client.ts';
import { distanceSql, type Origin } from '../../src-server/modules/listings/search/plan.ts';
import { seedCatalog, sellersByListings } from './support/catalog.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db);
});
afterAll(() => t.close());

/** An answer whose matches were all counted: the test catalogue is under SEARCH_COUNT_LIMIT. */
type CountedAnswer = SearchResponse & { facets: SearchFacets };

async function search(body: SearchRequest, url = '/api/listings/search'): Promise<CountedAnswer> {
  const res = await t.app.inject({ method: 'POST', url, payload: body });
  expect(res.statusCode, res.body).toBe(200);
  const answer: SearchResponse = res.json();
  expect(answer.totalCapped).toBe(false);
  expect(answer.facets).not.toBeNull();
  return answer as CountedAnswer;
}

const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  queryRows<T>(t.database.db, query);

const idList = (cards: readonly ListingCard[]) => cards.map((card) => card.id);

async function column<T>(ids: readonly string[], name: string): Promise<Map<string, T>> {
  if (ids.length === 0) return new Map();
  const found = await rows<{ id: string; value: T }>(
    sql`select id, ${sql.raw(name)} as value from listings where id in (${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`,
  );
  return new Map(found.map((row) => [row.id, row.value]));
}

describe('POST /listings/search', () => {
  it('answers only active, unsold, unexpired listings, with the total and facets that add up', async () => {
    const [offered] = await rows<{ n: number }>(
      sql`select count(*)::int as n from listings where is_active and not is_sold and (listing_end_date is null or listing_end_date > now())`,
    );
    const [all] = await rows<{ n: number }>(sql`select count(*)::int as n from listings`);
    const result = await search({ pageSize: 100 });
    expect(result.total).toBe(offered!.n);
    expect(result.total).toBeLessThan(all!.n);
    const sum = (facet: { count: number }[]) => facet.reduce((total, entry) => total + entry.count, 0);
    expect(sum(result.facets.family)).toBe(result.total);
    expect(sum(result.facets.condition)).toBe(result.total);
    expect(sum(result.facets.listingType)).toBe(result.total);
    expect(result.facets.family).toHaveLength(25);
    expect(result.results).toHaveLength(100);
  });

  it('finds a keyword across title, manufacturer, model and caliber, ranked', async () => {
    const result = await search({ keyword: 'glock', pageSize: 100 });
    expect(result.total).toBeGreaterThan(5);
    for (const card of result.results)
      expect(`${card.title} ${card.description}`.toLowerCase()).toContain('glock');
    const caliber = await search({ keyword: '.45-70 Government', pageSize: 50 });
    expect(caliber.total).toBeGreaterThan(0);
    for (const card of caliber.results) expect(card.title).toContain('45-70');
    // Title and make weigh more than the description: a Glock pistol outranks a holster "for Glock 19".
    const glock19 = await search({ keyword: 'glock 19', pageSize: 5 });
    expect(glock19.results[0]!.title).toMatch(/^Glock 19/);
  });

  it('puts an exact UPC or SKU match first', async () => {
    const [listing] = await rows<{ upc: string; sku: string }>(
      sql`select upc, sku from listings where sku is not null and upc is not null and is_active and not is_sold and listing_end_date > now() limit 1`,
    );
    const byUpc = await search({ keyword: listing!.upc });
    expect(byUpc.total).toBeGreaterThan(0);
    expect(byUpc.results.every((card) => card.upc === listing!.upc)).toBe(true);
    const bySku = await search({ keyword: listing!.sku.toLowerCase() });
    expect(bySku.results[0]!.sku).toBe(listing!.sku);
  });

  it('filters by family ids; each facet counts with every filter but its own', async () => {
    const ids = [CategoryFamilyId.Revolvers, CategoryFamilyId.Optics];
    const result = await search({ familyIds: ids, pageSize: 100 });
    expect(result.total).toBeGreaterThan(0);
    expect(result.results.every((card) => ids.includes(card.familyId as 17 | 10))).toBe(true);
    // The family facet ignores the family filter: every family stays visible with its own count,
    // so a shopper can add a second family.
    const unfiltered = await search({ pageSize: 1 });
    expect(result.facets.family).toEqual(unfiltered.facets.family);
    expect(result.facets.family).toHaveLength(25);
    const selected = result.facets.family.filter((entry) => ids.includes(entry.id as 17 | 10));
    expect(selected.reduce((sum, entry) => sum + entry.count, 0)).toBe(result.total);
    // The other facets do apply the family filter.
    const sum = (facet: { count: number }[]) => facet.reduce((total, entry) => total + entry.count, 0);
    expect(sum(result.facets.condition)).toBe(result.total);
    expect(sum(result.facets.listingType)).toBe(result.total);

    const keywordAndFamily = await search({
      keyword: 'smith wesson',
      familyIds: [CategoryFamilyId.Revolvers],
    });
    expect(keywordAndFamily.total).toBeGreaterThan(0);
    expect(keywordAndFamily.results.every((card) => card.family === 'Revolvers')).toBe(true);
    const keywordOnly = await search({ keyword: 'smith wesson' });
    expect(keywordAndFamily.facets.family).toEqual(keywordOnly.facets.family);
  });

  it('counts each facet with the other facets applied, the total with all of them', async () => {
    const [offered] = await rows<{ n: number }>(
      sql`select count(*)::int as n from listings where is_active and not is_sold and listing_end_date > now()
          and family_id = ${CategoryFamilyId.SemiAutoPistols} and condition = ${Condition.Used}
          and listing_type = ${ListingType.National}`,
    );
    const result = await search({
      familyIds: [CategoryFamilyId.SemiAutoPistols],
      conditions: [Condition.Used],
      listingType: ListingType.National,
      pageSize: 100,
    });
    expect(result.total).toBe(offered!.n);
    const expectedCounts = async (column: string, where: ReturnType<typeof sql>) =>
      rows<{ key: string | number; n: number }>(
        sql`select ${sql.raw(column)} as key, count(*)::int as n from listings
            where is_active and not is_sold and listing_end_date > now() and ${where}
            group by 1 order by 1`,
      );
    const byKey = (entries: { key: string | number; n: number }[]) =>
      Object.fromEntries(entries.map((entry) => [String(entry.key), entry.n]));
    const families = await expectedCounts(
      'family_id',
      sql`condition = ${Condition.Used} and listing_type = ${ListingType.National}`,
    );
    expect(Object.fromEntries(result.facets.family.map((entry) => [String(entry.id), entry.count]))).toEqual(
      byKey(families),
    );
    const conditions = await expectedCounts(
      'condition',
      sql`family_id = ${CategoryFamilyId.SemiAutoPistols} and listing_type = ${ListingType.National}`,
    );
    expect(Object.fromEntries(result.facets.condition.map((entry) => [entry.value, entry.count]))).toEqual(
      byKey(conditions),
    );
    expect(result.facets.condition.length).toBeGreaterThan(1);
    const types = await expectedCounts(
      'listing_type',
      sql`family_id = ${CategoryFamilyId.SemiAutoPistols} and condition = ${Condition.Used}`,
    );
    expect(
      Object.fromEntries(result.facets.listingType.map((entry) => [String(entry.value), entry.count])),
    ).toEqual(byKey(types));
    expect(result.facets.listingType.length).toBeGreaterThan(1);
  });

  it('filters by listing type, seller, upsells and conditions', async () => {
    const local = await search({ listingType: ListingType.Local, pageSize: 100 });
    expect(local.total).toBeGreaterThan(0);
    expect(local.results.every((card) => card.listingType === ListingType.Local)).toBe(true);
    // The listing-type facet ignores its own filter: the other types stay offered.
    expect(local.facets.listingType.find((entry) => entry.value === ListingType.Local)?.count).toBe(
      local.total,
    );
    expect(local.facets.listingType.length).toBeGreaterThan(1);

    const [seller] = await sellersByListings(t.database.db);
    const bySeller = await search({ uid: seller!.id, pageSize: 100 });
    expect(bySeller.total).toBeGreaterThan(0);
    expect(bySeller.results.every((card) => card.userId === seller!.id)).toBe(true);

    const featured = await search({ upsells: ListingOption.Featured, pageSize: 100 });
    expect(featured.total).toBeGreaterThan(0);
    expect(featured.results.every((card) => (card.listingOptions & ListingOption.Featured) !== 0)).toBe(true);

    const used = await search({ conditions: [Condition.Used, Condition.NeverFired], pageSize: 100 });
    expect(used.results.every((card) => card.condition !== Condition.NewInBox)).toBe(true);
    expect(used.facets.condition.map((entry) => entry.value).sort()).toEqual([
      'NeverFired',
      'NewInBox',
      'Used',
    ]);
    const usedCount = used.facets.condition
      .filter((entry) => entry.value !== Condition.NewInBox)
      .reduce((sum, entry) => sum + entry.count, 0);
    expect(usedCount).toBe(used.total);
  });

  it('filters by listing start date (days)', async () => {
    const result = await search({ listingStartDate: 7, pageSize: 100 });
    expect(result.total).toBeGreaterThan(0);
    const starts = await column<string>(idList(result.results), 'listing_start_date');
    const weekAgo = Date.now() - 7 * 24 * 60 * 60 * 1000;
    for (const start of starts.values())
      expect(new Date(start).getTime()).toBeGreaterThanOrEqual(weekAgo - 1000);
    const all = await search({});
    expect(result.total).toBeLessThan(all.total);
  });

  it('filters by distributor; the empty GUID means listings of no distributor', async () => {
    const none = await search({ distributorId: EMPTY_GUID, pageSize: 100 });
    const distributorOf = await column<string | null>(idList(none.results), 'distributor_id');
    expect([...distributorOf.values()].every((value) => value === null)).toBe(true);
    const [distributor] = await rows<{ id: string }>(
      sql`select distributor_id as id from listings where distributor_id is not null group by 1 order by count(*) desc limit 1`,
    );
    const one = await search({ distributorId: distributor!.id, pageSize: 100 });
    expect(one.total).toBeGreaterThan(0);
    const ofOne = await column<string>(idList(one.results), 'distributor_id');
    expect([...ofOne.values()].every((value) => value === distributor!.id)).toBe(true);
    const all = await search({});
    expect(none.total + one.total).toBeLessThanOrEqual(all.total);
  });

  it('filters by zip code and distance, and sorts by distance', async () => {
    const near = await search({ zipCode: '75207', distance: 50, sort: 'distance', pageSize: 100 });
    expect(near.total).toBeGreaterThan(0);
    const miles = near.results.map((card) => card.distanceMiles!);
    expect(miles.every((value) => value <= 50)).toBe(true);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    const cities = await column<string>(idList(near.results), 'city');
    // Dallas, Plano and Fort Worth are within 50 miles of 75207; Houston is not.
    expect(new Set(cities.values()).has('Houston')).toBe(false);
    const wide = await search({ zipCode: '75207', distance: 500 });
    expect(wide.total).toBeGreaterThan(near.total);
    const zipPlusFour = await search({ zipCode: '75207-1234', distance: 50 });
    expect(zipPlusFour.total).toBe(near.total);
  });

  it('without a zip code, sorts by distance as by default and ignores a radius', async () => {
    const ids = (answer: SearchResponse) => answer.results.map((card) => card.id);
    expect(ids(await search({ sort: 'distance', pageSize: 50 }))).toEqual(
      ids(await search({ pageSize: 50 })),
    );
    expect(ids(await search({ keyword: 'ruger', sort: 'distance' }))).toEqual(
      ids(await search({ keyword: 'ruger' })),
    );
    const radiusOnly = await search({ distance: 10, pageSize: 50 });
    expect(radiusOnly.total).toBe((await search({})).total);
    expect(radiusOnly.results.every((card) => card.distanceMiles === undefined)).toBe(true);
  });

  it('measures great-circle miles (haversine) from the zip centroid', async () => {
    const haversine = (a: Origin, b: Origin) => {
      const rad = Math.PI / 180;
      const h =
        Math.sin(((b.latitude - a.latitude) * rad) / 2) ** 2 +
        Math.cos(a.latitude * rad) *
          Math.cos(b.latitude * rad) *
          Math.sin(((b.longitude - a.longitude) * rad) / 2) ** 2;
      return 2 * 3958.8 * Math.asin(Math.min(1, Math.sqrt(h)));
    };
    const dallas = { latitude: 32.7939, longitude: -96.8319 };
    const points = [
      dallas,
      { latitude: 32.7555, longitude: -97.3308 }, // Fort Worth
      { latitude: 29.7604, longitude: -95.3698 }, // Houston
      { latitude: 47.6062, longitude: -122.3321 }, // Seattle
    ];
    for (const point of points) {
      const [row] = await rows<{ miles: number }>(
        sql`select ${distanceSql(dallas)} as miles from (select ${point.latitude}::float8 as latitude, ${point.longitude}::float8 as longitude) l`,
      );
      expect(row!.miles).toBeCloseTo(haversine(dallas, point), 6);
    }
    // Dallas to Fort Worth is about 29 miles, to Seattle about 1,680.
    expect(Math.round(haversine(dallas, points[1]!))).toBe(29);
    expect(Math.round(haversine(dallas, points[3]!) / 10)).toBe(168);
  });

  it('refuses an unknown zip code and an inverted price range', async () => {
    const zip = await t.app.inject({
      method: 'POST',
      url: '/api/listings/search',
      payload: { zipCode: '00000', distance: 10 },
    });
    expect(zip.statusCode).toBe(400);
    expect(zip.json().error.fields).toEqual({ zipCode: 'Unknown zip code.' });
    const price = await t.app.inject({
      method: 'POST',
      url: '/api/listings/search',
      payload: { minPrice: 50, maxPrice: 10 },
    });
    expect(price.statusCode).toBe(400);
    expect(price.json().error.fields.maxPrice).toBeDefined();
  });

  it('filters by price range and sorts by price both ways and by newest', async () => {
    const ranged = await search({ minPrice: 100, maxPrice: 500, sort: 'price-asc', pageSize: 100 });
    const prices = ranged.results.map((card) => card.price);
    expect(prices.every((price) => price >= 100 && price <= 500)).toBe(true);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    const desc = await search({ sort: 'price-desc', pageSize: 50 });
    const descPrices = desc.results.map((card) => card.price);
    expect(descPrices).toEqual([...descPrices].sort((a, b) => b - a));
    const newest = await search({ sort: 'newest', pageSize: 50 });
    const starts = await column<string>(idList(newest.results), 'listing_start_date');
    const times = idList(newest.results).map((id) => new Date(starts.get(id)!).getTime());
    expect(times).toEqual([...times].sort((a, b) => b - a));
  });

  it('puts featured listings first when sorting by relevance without a keyword', async () => {
    const result = await search({ pageSize: 5 });
    expect(result.results[0]!.listingOptions & (ListingOption.Featured | ListingOption.Homepage)).not.toBe(0);
  });

  it('pages through results without overlap', async () => {
    const first = await search({ keyword: 'rifle', pageSize: 10, page: 1, sort: 'newest' });
    const second = await search({ keyword: 'rifle', pageSize: 10, page: 2, sort: 'newest' });
    expect(first.total).toBe(second.total);
    expect(first.total).toBeGreaterThan(20);
    expect(second.page).toBe(2);
    expect(new Set([...idList(first.results), ...idList(second.results)]).size).toBe(20);
    const beyond = await search({ keyword: 'rifle', pageSize: 10, page: 1000 });
    expect(beyond.results).toEqual([]);
    expect(beyond.total).toBe(first.total);
  });

  it('keeps keyword search in step with listing changes', async () => {
    const before = await search({ keyword: 'henry', pageSize: 100, sort: 'newest' });
    const sold = before.results[0]!;
    await t.database.db.execute(sql`update listings set is_sold = true where id = ${sold.id}`);
    const after = await search({ keyword: 'henry', pageSize: 100, sort: 'newest' });
    expect(after.total).toBe(before.total - 1);
    expect(idList(after.results)).not.toContain(sold.id);
    await t.database.db.execute(
      sql`update listings set is_sold = false, title = 'Henry Big Boy Steel Carbine' where id = ${sold.id}`,
    );
    expect(idList((await search({ keyword: 'steel carbine' })).results)).toContain(sold.id);

    // Deactivated, past its end date, and back: each change reaches the keyword search at once.
    const count = async () => (await search({ keyword: 'steel carbine' })).total;
    const offeredCount = await count();
    await t.database.db.execute(sql`update listings set is_active = false where id = ${sold.id}`);
    expect(await count()).toBe(offeredCount - 1);
    await t.database.db.execute(
      sql`update listings set is_active = true, listing_end_date = now() - interval '1 minute' where id = ${sold.id}`,
    );
    expect(await count()).toBe(offeredCount - 1);
    await t.database.db.execute(
      sql`update listings set listing_end_date = now() + interval '3 days' where id = ${sold.id}`,
    );
    expect(await count()).toBe(offeredCount);

    // A new condition moves the listing between facet counts.
    const facetOf = async (condition: Condition) =>
      (await search({ keyword: 'steel carbine' })).facets.condition.find((entry) => entry.value === condition)
        ?.count ?? 0;
    const [{ condition: was } = { condition: Condition.Used }] = await rows<{ condition: Condition }>(
      sql`select condition from listings where id = ${sold.id}`,
    );
    const now = was === Condition.NeverFired ? Condition.Used : Condition.NeverFired;
    const [wasBefore, nowBefore] = [await facetOf(was), await facetOf(now)];
    await t.database.db.execute(sql`update listings set condition = ${now} where id = ${sold.id}`);
    expect([await facetOf(was), await facetOf(now)]).toEqual([wasBefore - 1, nowBefore + 1]);
  });

  it('accepts cmc in the query and the body and passes it through', async () => {
    const plain = await search({ keyword: 'ruger' });
    const withCmc = await search(
      { keyword: 'ruger', cmc: 'spring-sale' },
      '/api/listings/search?cmc=spring-sale',
    );
    expect(withCmc.total).toBe(plain.total);
  });

  it('answers cards with the fields the product card reads', async () => {
    const [card] = (await search({ keyword: 'sig sauer p365', pageSize: 1 })).results;
    expect(card).toMatchObject({
      listingURL: expect.stringMatching(/^\/[0-9a-f-]{36}\/sig-sauer-p365/),
      displayName: expect.any(String),
      family: 'SemiAutoPistols',
      fav: false,
    });
    expect(card!.displayPrice).toBe(card!.price);
    expect(card!.quantity).toBeGreaterThan(0);
  });

  it('keeps out-of-stock listings in results, with quantity 0 on the card', async () => {
    const [listing] = await rows<{ id: string; sku: string }>(
      sql`select id, sku from listings where is_active and not is_sold and listing_end_date > now()
          and quantity > 0 and sku is not null order by legacy_id limit 1`,
    );
    await t.database.db.execute(sql`update listings set quantity = 0 where id = ${listing!.id}`);
    try {
      const bySku = await search({ keyword: listing!.sku });
      expect(bySku.results[0]!.id).toBe(listing!.id);
      expect(bySku.results[0]!.quantity).toBe(0);
    } finally {
      await t.database.db.execute(sql`update listings set quantity = 1 where id = ${listing!.id}`);
    }
  });

  it('corrects a misspelt keyword that finds nothing and says what it searched for', async () => {
    for (const [typed, meant] of [
      ['glcok', 'glock'],
      ['GLCOK', 'glock'],
      ['smith wesen', 'smith wesson'],
      ['remingtn', 'remington'],
    ] as const) {
      const answer = await search({ keyword: typed });
      const expected = await search({ keyword: meant });
      expect(expected.total, meant).toBeGreaterThan(0);
      expect(answer.correctedKeyword, typed).toBe(meant);
      expect(answer.total).toBe(expected.total);
      expect(idList(answer.results)).toEqual(idList(expected.results));
    }
    // A keyword spelt right is never corrected, and nothing close to a word shoppers use finds nothing.
    expect((await search({ keyword: 'glock' })).correctedKeyword).toBeUndefined();
    const nothing = await search({ keyword: 'zzqxv' });
    expect(nothing).toMatchObject({ total: 0, results: [] });
    expect(nothing.correctedKeyword).toBeUndefined();
  });

  it('finds a changed listing by its new words as soon as the write commits', async () => {
    const [listing] = await rows<{ id: string }>(
      sql`select id from listings where is_active and not is_sold and quantity > 0 order by id limit 1`,
    );
    const before = await search({ keyword: 'quillfeather' });
    expect(before.total).toBe(0);
    await t.database.db.execute(
      sql`update listings set title = title || ' quillfeather edition' where id = ${listing!.id}`,
    );
    // The first search after the commit finds it, though the same search was just answered (and kept).
    const after = await search({ keyword: 'quillfeather' });
    expect(idList(after.results)).toEqual([listing!.id]);
  });
});

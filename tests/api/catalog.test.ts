import { createHash } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Brand } from '../../shared/contract/brands.ts';
import { CATEGORY_FAMILIES } from '../../shared/domain/category.ts';
import { brandPageMeta } from '../../shared/page-meta-builders.ts';
import { CITY_SLUG_LIST, CITY_SLUGS } from '../../shared/routes/paths.ts';
import { buildApp } from '../../src-server/app.ts';
import { type Database, queryRows } from '../../src-server/db/client.ts';
import { upcCheckDigit } from '../../src-server/seed/catalog-listings.ts';
import { accountWithRoles, CATALOG_SEED, seedCatalog } from './support/catalog.ts';
import { createTestApp, type TestApp, testConfig } from './support/test-app.ts';
import { openTestDatabase } from './support/test-database.ts';

let t: TestApp;
const SEEDED_AT = new Date('2026-11-20T00:00:00.000Z');
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db, SEEDED_AT);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const rows = <T extends Record<string, unknown>>(db: Database, query: ReturnType<typeof sql>) =>
  queryRows<T>(db, query);

async function catalogFingerprint(db: Database): Promise<string> {
  const tables = [
    sql`select * from listings order by id`,
    sql`select * from listing_images order by id`,
    sql`select * from listing_search order by listing_id`,
    sql`select id, legacy_lister_id, email, roles, seller_display_name, zip, rating from users order by id`,
    sql`select * from brands order by id`,
    sql`select * from distributors order by id`,
    sql`select * from suggestion_terms order by term, kind`,
  ];
  const hash = createHash('sha256');
  for (const query of tables) hash.update(JSON.stringify(await rows(db, query)));
  return hash.digest('hex');
}

describe('demo catalogue seeder', () => {
  it('gives the same rows for the same seed', async () => {
    const other = await openTestDatabase();
    try {
      await seedCatalog(other.db, SEEDED_AT);
      expect(await catalogFingerprint(other.db)).toBe(await catalogFingerprint(t.database.db));
    } finally {
      await other.close();
    }
  });

  it('covers all 25 families, the 20 cities, sellers and dealers, valid UPC-A codes', async () => {
    const families = await rows<{ family_id: number }>(
      t.database.db,
      sql`select distinct family_id from listings`,
    );
    expect(families.map((row) => row.family_id).sort((a, b) => a - b)).toEqual(
      CATEGORY_FAMILIES.map((family) => family.id),
    );
    const [count] = await rows<{ n: number }>(t.database.db, sql`select count(*)::int as n from listings`);
    expect(count!.n).toBe(CATALOG_SEED.listings);
    const cities = await rows<{ city: string; state: string }>(
      t.database.db,
      sql`select distinct city, state from users where legacy_lister_id is not null`,
    );
    const expected = CITY_SLUG_LIST.map((slug) => `${CITY_SLUGS[slug].name}/${CITY_SLUGS[slug].state}`);
    for (const row of cities) expect(expected).toContain(`${row.city}/${row.state}`);
    const kinds = await rows<{ is_dealer: boolean; no_password: boolean }>(
      t.database.db,
      sql`select distinct is_dealer, password_hash is null as no_password from users where legacy_lister_id is not null`,
    );
    expect(kinds).toHaveLength(2);
    expect(kinds.every((row) => row.no_password)).toBe(true);
    const upcs = await rows<{ upc: string }>(
      t.database.db,
      sql`select distinct upc from listings where upc is not null`,
    );
    for (const { upc } of upcs) {
      expect(upc).toMatch(/^\d{12}$/);
      expect(Number(upc[11])).toBe(upcCheckDigit(upc.slice(0, 11)));
    }
    const [stock] = await rows<{ out: number; week: number }>(
      t.database.db,
      sql`select count(*) filter (where quantity <= 0)::int as out,
        count(*) filter (where listing_start_date >= ${SEEDED_AT.toISOString()}::timestamptz - interval '7 days')::int as week from listings`,
    );
    expect(stock!.out).toBeGreaterThan(0);
    expect(stock!.week).toBeGreaterThan(0);
  });
});

describe('brands', () => {
  it('GET /brands and /brands/nc list every brand page, sorted by name', async () => {
    for (const url of ['/api/brands', '/api/brands/nc']) {
      const res = await get(url);
      expect(res.statusCode).toBe(200);
      const brands: Brand[] = res.json().results;
      const names = brands.map((brand) => brand.name.toLowerCase());
      expect(names).toEqual([...names].sort());
      const slugs = brands.map((brand) => brand.slug);
      for (const slug of [
        'best-selling-guns',
        'ar15',
        'used-guns',
        'glock',
        'sig-sauer',
        'smith-and-wesson',
      ]) {
        expect(slugs).toContain(slug);
      }
    }
  });

  it('GET /brands/{slug} and /brands/nc/{slug} answer the brand with its focus block; 404 when unknown', async () => {
    const brand: Brand = (await get('/api/brands/ar15')).json();
    expect(brand.name).toBe('AR-15 Rifles');
    expect(brand.focus?.products).toHaveLength(3);
    expect(brand.shopUrl).toMatch(/^\/search\?/);
    expect((await get('/api/brands/nc/sig-sauer')).json().slug).toBe('sig-sauer');
    expect((await get('/api/brands/no-such-brand')).statusCode).toBe(404);
    expect((await get('/api/brands/nc/no-such-brand')).statusCode).toBe(404);
  });

  it('POST /brands/kw maps a keyword, in any case, to its brand slug', async () => {
    const kw = async (keyword: string) =>
      (await t.app.inject({ method: 'POST', url: '/api/brands/kw', payload: { keyword } })).json().slug;
    expect(await kw('Glock')).toBe('glock');
    expect(await kw('SMITH & WESSON')).toBe('smith-and-wesson');
    expect(await kw('AR-15')).toBe('ar15');
    expect(await kw('Sig Sauer')).toBe('sig-sauer');
    expect(await kw('banana')).toBeNull();
  });

  it('writes the brand page metadata on first load, 404 for an unknown brand', async () => {
    const res = await get('/brand/glock');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>Glock for Sale | Ironsight</title>');
    expect(res.body).toContain('<link rel="canonical" href="http://ironsight.test/brand/glock">');
    // The same metadata the client's brand page keeps (one shared builder).
    const brand: Brand = (await get('/api/brands/glock')).json();
    const meta = brandPageMeta(brand, 'http://ironsight.test');
    const escapeAttribute = (text: string) => text.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
    expect(res.body).toContain(`<meta name="description" content="${escapeAttribute(meta.description!)}">`);
    expect(res.body).toContain(`<meta name="keywords" content="${escapeAttribute(meta.keywords!)}">`);
    expect(res.body).toContain('<meta property="og:site_name" content="Ironsight">');
    expect((await get('/brand/no-such-brand')).statusCode).toBe(404);
  });
});

describe('GET /location/geo', () => {
  it('places a visitor at the Shop Local default and a signed-in caller at their own ZIP', async () => {
    expect((await get('/api/location/geo')).json()).toEqual({
      zipCode: '75207',
      cityName: 'Dallas',
      state: 'TX',
    });
    const buyer = await accountWithRoles(t.database.db, ['Buyer'], '98101');
    const res = await get('/api/location/geo', { authorization: buyer.authorization });
    expect(res.json()).toEqual({ zipCode: '98101', cityName: 'Seattle', state: 'WA' });
  });

  it('loads every US ZIP centroid at boot', async () => {
    // The test databases start with them: a database without any has them once a server starts.
    const database = await openTestDatabase();
    try {
      await database.db.execute(sql`delete from zip_centroids`);
      const app = await buildApp(testConfig(), { database, ownsDatabase: false });
      await app.ready();
      await app.close();
      const [count] = await rows<{ n: number }>(
        database.db,
        sql`select count(*)::int as n from zip_centroids`,
      );
      expect(count!.n).toBeGreaterThan(40_000);
    } finally {
      await database.close();
    }
  });
});

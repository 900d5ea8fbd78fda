import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMPTY_GUID, ErrorMessage } from '../../shared/contract/common.ts';
import type { ListingCard, ListingDetail } from '../../shared/contract/listing-shapes.ts';
import { ListingOption, ListingType } from '../../shared/domain/listing.ts';
import { queryRows } from '../../src-server/db/client.ts';
import { accountWithRoles, seedCatalog, sellersByListings, tokenFor } from './support/catalog.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const post = (url: string, payload: unknown, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload: payload as object, headers });
const rows = <T extends Record<string, unknown>>(query: ReturnType<typeof sql>) =>
  queryRows<T>(t.database.db, query);

const OFFERED = sql`is_active and not is_sold and listing_end_date > now()`;

describe('home lists', () => {
  it('GET /listings/featured answers national Featured/Homepage listings in stock', async () => {
    // An out-of-stock featured listing that would otherwise lead the list (Homepage, newest).
    const [soldOut] = await rows<{ id: string }>(
      sql`select id from listings where ${OFFERED} and listing_type = ${ListingType.National}
          and (listing_options & ${ListingOption.Homepage}) <> 0 order by listing_start_date desc limit 1`,
    );
    await t.database.db.execute(
      sql`update listings set quantity = 0, listing_start_date = now() where id = ${soldOut!.id}`,
    );
    const res = await get('/api/listings/featured?limit=20');
    expect(res.statusCode).toBe(200);
    const results: ListingCard[] = res.json().results;
    expect(results.length).toBeGreaterThan(0);
    expect(results.length).toBeLessThanOrEqual(20);
    for (const card of results) {
      expect(card.listingOptions & (ListingOption.Featured | ListingOption.Homepage)).not.toBe(0);
      expect(card.listingType).toBe(ListingType.National);
      expect(card.quantity).toBeGreaterThan(0);
    }
    expect(results.map((card) => card.id)).not.toContain(soldOut!.id);
    const quantities = await rows<{ quantity: number }>(
      sql`select quantity from listings where id in (${sql.join(
        results.map((card) => sql`${card.id}::uuid`),
        sql`, `,
      )})`,
    );
    expect(quantities.every((row) => row.quantity > 0)).toBe(true);
  });

  it('GET /listings/newthisweek answers listings started in the last 7 days, newest first', async () => {
    const results: ListingCard[] = (await get('/api/listings/newthisweek?cmc=abc')).json().results;
    expect(results).toHaveLength(12);
    const ids = results.map((card) => sql`${card.id}::uuid`);
    const starts = await rows<{ id: string; start: string }>(
      sql`select id, listing_start_date as start from listings where id in (${sql.join(ids, sql`, `)})`,
    );
    const startOf = new Map(starts.map((row) => [row.id, new Date(row.start).getTime()]));
    // In the order answered: each started within the week, none before the next one.
    const times = results.map((card) => startOf.get(card.id)!);
    for (const time of times) expect(Date.now() - time).toBeLessThan(7 * 86_400_000);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // And they are the newest: nothing offered in stock started after the last one answered.
    const [newer] = await rows<{ n: number }>(
      sql`select count(*)::int as n from listings where ${OFFERED} and quantity > 0 and distributor_id is null
          and listing_start_date > (select listing_start_date from listings where id = ${results.at(-1)!.id})`,
    );
    expect(newer!.n).toBeLessThanOrEqual(results.length - 1);
    // None is a distributor's: each card is also in the section's "View all" search.
    const [fromDistributors] = await rows<{ n: number }>(
      sql`select count(*)::int as n from listings where id in (${sql.join(ids, sql`, `)}) and distributor_id is not null`,
    );
    expect(fromDistributors!.n).toBe(0);
    const viewAll = await t.app.inject({
      method: 'POST',
      url: '/api/listings/search',
      payload: { listingStartDate: 7, distributorId: EMPTY_GUID, sort: 'newest', pageSize: 100 },
    });
    const viewAllIds = new Set(viewAll.json().results.map((card: ListingCard) => card.id));
    for (const card of results) expect(viewAllIds.has(card.id)).toBe(true);
  });

  it('GET /listings/local answers local listings near the zip code, nearest first', async () => {
    const res = await get('/api/listings/local?zipCode=77002&distance=60&limit=10');
    const results: ListingCard[] = res.json().results;
    expect(results.length).toBeGreaterThan(0);
    expect(results.every((card) => card.listingType === ListingType.Local)).toBe(true);
    const miles = results.map((card) => card.distanceMiles!);
    expect(miles.every((value) => value <= 60)).toBe(true);
    expect(miles).toEqual([...miles].sort((a, b) => a - b));
    // Without a zip code the caller is placed at the Shop Local default (75207, Dallas).
    const visitor: ListingCard[] = (await get('/api/listings/local')).json().results;
    expect(visitor.length).toBeGreaterThan(0);
    expect(visitor[0]!.distanceMiles).toBeLessThanOrEqual(50);
  });
});

describe('POST /listings/get and /listings/get-basic', () => {
  it('answers the missing-id errors when no id is given', async () => {
    for (const body of [{ filters: {} }, {}, { filters: { listingIds: [], legacyIds: [] } }]) {
      const res = await post('/api/listings/get', body);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe(ErrorMessage.NoIdOrLegacyId);
    }
    const basic = await post('/api/listings/get-basic', { filters: { listingIds: [] } });
    expect(basic.statusCode).toBe(400);
    expect(basic.json().error.message).toBe(ErrorMessage.NoIds);
  });

  it('answers details by ids and legacy ids in the order asked; unknown ids are left out', async () => {
    const picked = await rows<{ id: string; legacy_id: number }>(
      sql`select id, legacy_id::int as legacy_id from listings order by legacy_id limit 3`,
    );
    const res = await post('/api/listings/get', {
      filters: {
        listingIds: [picked[2]!.id, '6f1c1e4e-0000-4000-8000-000000000000'],
        legacyIds: [picked[0]!.legacy_id, picked[2]!.legacy_id],
      },
    });
    expect(res.statusCode).toBe(200);
    const results: ListingDetail[] = res.json().results;
    expect(results.map((listing) => listing.id)).toEqual([picked[2]!.id, picked[0]!.id]);
    const detail = results[0]!;
    expect(detail.images.length).toBeGreaterThan(0);
    expect(detail.images[0]!.src).toMatch(/^\/media\/family\/[a-z-]+-\d\.svg$/);
    expect(detail.seller.displayName).toEqual(expect.any(String));
    expect(detail.listingUrl).toMatch(new RegExp(`^/${detail.id}/`));
  });

  it('answers cards by ids', async () => {
    const picked = await rows<{ id: string }>(sql`select id from listings order by legacy_id limit 2`);
    const res = await post('/api/listings/get-basic', {
      filters: { listingIds: picked.map((row) => row.id) },
    });
    expect(res.json().results.map((card: ListingCard) => card.id)).toEqual(picked.map((row) => row.id));
  });
});

describe('POST /listings/getall (the seller dashboard)', () => {
  it('needs a signed-in seller', async () => {
    expect((await post('/api/listings/getall', {})).statusCode).toBe(401);
    const buyer = await accountWithRoles(t.database.db, ['Buyer']);
    expect((await post('/api/listings/getall', {}, { authorization: buyer.authorization })).statusCode).toBe(
      403,
    );
  });

  it("answers only the caller's own listings, by status", async () => {
    const [seller, other] = await sellersByListings(t.database.db);
    const authorization = `Bearer ${await tokenFor(seller!.id, ['BasicSeller'])}`;
    const res = await post(
      '/api/listings/getall',
      { filters: { status: 'all' }, pageSize: 100 },
      { authorization },
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.total).toBe(seller!.listings);
    expect(body.results.every((listing: ListingCard) => listing.userId === seller!.id)).toBe(true);
    const active = await post(
      '/api/listings/getall',
      { filters: { status: 'active' }, pageSize: 100 },
      { authorization },
    );
    // Active: offered with units left and not frozen; out of stock and frozen listings have tabs of their own.
    const [offered] = await rows<{ n: number }>(
      sql`select count(*)::int as n from listings l where l.user_id = ${seller!.id} and ${OFFERED}
        and l.quantity > 0 and (l.listing_options & 12288) = 0`,
    );
    expect(active.json().total).toBe(offered!.n);
    const counts = active.json().counts;
    expect(counts.active).toBe(offered!.n);
    expect(counts.all).toBe(seller!.listings);
    expect(counts.active + counts.sold + counts.closed + counts.frozen + counts.outOfStock).toBe(counts.all);

    const [sample] = body.results as ListingCard[];
    const word = sample!.title.split(' ')[0]!;
    const byKeyword = await post(
      '/api/listings/getall',
      { filters: { status: 'all', keyword: word }, pageSize: 100 },
      {
        authorization,
      },
    );
    expect(byKeyword.json().results.map((listing: ListingCard) => listing.id)).toContain(sample!.id);
    expect(byKeyword.json().results.every((listing: ListingCard) => listing.userId === seller!.id)).toBe(
      true,
    );

    const foreign = await post('/api/listings/getall', { filters: { userId: other!.id } }, { authorization });
    expect(foreign.statusCode).toBe(403);
    const admin = await accountWithRoles(t.database.db, ['Admin']);
    const byAdmin = await post(
      '/api/listings/getall',
      { filters: { userId: other!.id, status: 'all' } },
      {
        authorization: admin.authorization,
      },
    );
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json().total).toBe(other!.listings);
  });
});

describe('permission matrix of the public listing endpoints', () => {
  it('answers visitors, buyers, sellers, other sellers and admins alike (200)', async () => {
    const [seller, otherSeller] = await sellersByListings(t.database.db);
    const buyer = await accountWithRoles(t.database.db, ['Buyer']);
    const admin = await accountWithRoles(t.database.db, ['Admin']);
    const callers: Record<string, Record<string, string>> = {
      visitor: {},
      buyer: { authorization: buyer.authorization },
      seller: { authorization: `Bearer ${await tokenFor(seller!.id, ['BasicSeller'])}` },
      'another seller': { authorization: `Bearer ${await tokenFor(otherSeller!.id, ['TrustedSeller'])}` },
      admin: { authorization: admin.authorization },
    };
    const [listing] = await rows<{ id: string; legacy_id: number }>(
      sql`select id, legacy_id::int as legacy_id from listings where user_id = ${seller!.id} order by legacy_id limit 1`,
    );
    const [lister] = await rows<{ legacy_lister_id: number }>(
      sql`select legacy_lister_id::int as legacy_lister_id from users where id = ${seller!.id}`,
    );
    const calls: [string, (headers: Record<string, string>) => ReturnType<typeof get>][] = [
      ['GET /listings/featured', (headers) => get('/api/listings/featured', headers)],
      ['GET /listings/newthisweek', (headers) => get('/api/listings/newthisweek', headers)],
      ['GET /listings/local', (headers) => get('/api/listings/local?zipCode=75207', headers)],
      ['POST /listings/search', (headers) => post('/api/listings/search', { keyword: 'glock' }, headers)],
      [
        'POST /listings/get',
        (headers) => post('/api/listings/get', { filters: { listingIds: [listing!.id] } }, headers),
      ],
      [
        'POST /listings/get-basic',
        (headers) => post('/api/listings/get-basic', { filters: { listingIds: [listing!.id] } }, headers),
      ],
      ['GET /listings/suggestions', (headers) => get('/api/listings/suggestions?query=glo', headers)],
      [
        'GET /users/getUserIdFromLegacyListerID',
        (headers) =>
          get(`/api/users/getUserIdFromLegacyListerID?legacyListerID=${lister!.legacy_lister_id}`, headers),
      ],
    ];
    const statuses: Record<string, Record<string, number>> = {};
    for (const [name, call] of calls) {
      statuses[name] = {};
      for (const [caller, headers] of Object.entries(callers))
        statuses[name]![caller] = (await call(headers)).statusCode;
    }
    const allOk = Object.fromEntries(Object.keys(callers).map((caller) => [caller, 200]));
    expect(statuses).toEqual(Object.fromEntries(calls.map(([name]) => [name, allOk])));
  });
});

describe('GET /listings/suggestions', () => {
  it('answers suggestion texts with listing counts, prefix matches first, and the top family', async () => {
    const res = await get('/api/listings/suggestions?query=glo&cmc=x');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const texts = Object.keys(body.querySummary);
    expect(texts[0]).toBe('Glock');
    expect(texts.every((text) => text.toLowerCase().startsWith('glo'))).toBe(true);
    expect(body.querySummary.Glock).toBeGreaterThan(0);
    expect(body.topFamily).toEqual({
      id: 18,
      key: 'SemiAutoPistols',
      name: 'Other/Semi Auto/Single Shot Pistols',
    });
  });

  it('forgives a misspelling and finds words inside a term', async () => {
    const typo = Object.keys((await get('/api/listings/suggestions?query=remingtn')).json().querySummary);
    expect(typo[0]).toBe('Remington');
    const inner = Object.keys((await get('/api/listings/suggestions?query=p365')).json().querySummary);
    expect(inner).toContain('Sig Sauer P365');
    const none = (await get('/api/listings/suggestions?query=zzzzqqq')).json();
    expect(none).toEqual({ querySummary: {}, topFamily: null });
  });
});

describe('legacy lister ids', () => {
  it('GET /users/getUserIdFromLegacyListerID answers the user id, 404 when unknown', async () => {
    const [seller] = await sellersByListings(t.database.db);
    const res = await get(
      `/api/users/getUserIdFromLegacyListerID?legacyListerID=${seller!.legacy_lister_id}`,
    );
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ userId: seller!.id });
    expect((await get('/api/users/getUserIdFromLegacyListerID?legacyListerID=999999999')).statusCode).toBe(
      404,
    );
    expect((await get('/api/users/getUserIdFromLegacyListerID?legacyListerID=abc')).statusCode).toBe(400);
  });

  it('/Search/Lister/{id} answers a 301 to the search by seller; an unknown id is a 404 page', async () => {
    const [seller] = await sellersByListings(t.database.db);
    const res = await get(`/Search/Lister/${seller!.legacy_lister_id}`);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(`/search?uid=${seller!.id}`);
    const aspx = await get(`/Search.aspx?lid=${seller!.legacy_lister_id}`);
    expect(aspx.statusCode).toBe(301);
    expect(aspx.headers.location).toBe(`/search?uid=${seller!.id}`);
    expect((await get('/Search/Lister/999999999')).statusCode).toBe(404);
  });
});

describe('listing page first load', () => {
  const jsonLdOf = (html: string) => {
    const match = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html);
    return match ? JSON.parse(match[1]!) : null;
  };

  it('writes the product title, canonical, keywords, Open Graph and JSON-LD Product', async () => {
    const [listing] = await rows<{ id: string; title: string; price: string }>(
      sql`select id, title, price::text as price from listings where quantity > 0 and ${OFFERED} and upc is not null order by legacy_id limit 1`,
    );
    const res = await get(`/${listing!.id}/whatever-title`);
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain(`| Ironsight</title>`);
    expect(html).toMatch(
      new RegExp(`<link rel="canonical" href="http://ironsight.test/${listing!.id}/[a-z0-9-]+">`),
    );
    expect(html).toContain('<meta property="og:type" content="product">');
    expect(html).toMatch(/<meta property="og:image" content="http:\/\/ironsight\.test\/media\/family\//);
    expect(html).toMatch(/<meta name="keywords" content="[a-z0-9 ,.&"';-]+">/);
    expect(html).toContain('<meta name="robots" content="index,follow">');
    const product = jsonLdOf(html);
    expect(product['@type']).toBe('Product');
    expect(product.name.length).toBeLessThanOrEqual(35);
    expect(product.description.length).toBeLessThanOrEqual(150);
    expect(product.offers).toMatchObject({
      '@type': 'Offer',
      price: Number(listing!.price).toFixed(2),
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      priceValidUntil: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
    });
    const [detail] = await rows<{ shipping_cost: string; delivery_days: number }>(
      sql`select shipping_cost::text, delivery_days from listings where id = ${listing!.id}`,
    );
    expect(product.offers.shippingDetails).toMatchObject({
      shippingRate: { value: Number(detail!.shipping_cost).toFixed(2), currency: 'USD' },
      deliveryTime: {
        transitTime: { minValue: 3, maxValue: Math.max(3, detail!.delivery_days), unitCode: 'DAY' },
      },
    });
  });

  it('marks an out-of-stock listing noindex and OutOfStock', async () => {
    const [listing] = await rows<{ id: string }>(sql`select id from listings where quantity <= 0 limit 1`);
    const res = await get(`/${listing!.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<meta name="robots" content="noindex,nofollow">');
    expect(jsonLdOf(res.body).offers.availability).toBe('https://schema.org/OutOfStock');
  });

  it('serves /listing?p={legacy id}, and 404 for unknown listings', async () => {
    const [listing] = await rows<{ id: string; legacy_id: number }>(
      sql`select id, legacy_id::int as legacy_id from listings order by legacy_id limit 1`,
    );
    const res = await get(`/listing?p=${listing!.legacy_id}`);
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`http://ironsight.test/${listing!.id}/`);
    expect((await get('/listing?p=1')).statusCode).toBe(404);
    const unknown = await get('/6f1c1e4e-0000-4000-8000-000000000000/some-title');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.body).toContain('noindex,nofollow');
    const legacy = await get(`/classifieds/view${listing!.legacy_id}.aspx`);
    expect(legacy.statusCode).toBe(301);
    expect(legacy.headers.location).toBe(`/listing?p=${listing!.legacy_id}`);
  });

  it('writes home, search and city metadata', async () => {
    const home = await get('/');
    expect(home.body).toContain('"@type":"WebSite"');
    const searchPage = await get('/search?keyword=glock&listingType=local');
    expect(searchPage.body).toContain('<title>glock for Sale – Search Results | Ironsight</title>');
    expect(searchPage.body).toContain(
      '<link rel="canonical" href="http://ironsight.test/search?keyword=glock&amp;listingType=local">',
    );
    expect(searchPage.body).toContain('<meta property="og:type" content="website">');
    const city = await get('/guns-dallas');
    expect(city.body).toContain('<title>Guns for Sale in Dallas, TX | Ironsight</title>');
  });
});

describe('stock images and family artwork', () => {
  it('GET /stock-images/{upc} answers an image for a known UPC and 404 otherwise', async () => {
    const [listing] = await rows<{ upc: string }>(
      sql`select upc from listings where upc is not null limit 1`,
    );
    const res = await get(`/api/stock-images/${listing!.upc}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    expect(res.body).toMatch(/^<svg /);
    expect((await get('/api/stock-images/123456789012')).statusCode).toBe(404);
  });

  it('serves the artwork every seeded image points at', async () => {
    const images = await rows<{ src: string }>(sql`select distinct src from listing_images`);
    expect(images.length).toBeGreaterThanOrEqual(25);
    for (const { src } of images.slice(0, 30)) {
      const res = await get(src);
      expect(res.statusCode, src).toBe(200);
      expect(res.headers['content-type']).toMatch(/^image\/svg\+xml/);
    }
    expect((await get('/media/family/no-such-family-0.svg')).statusCode).toBe(404);
  });
});

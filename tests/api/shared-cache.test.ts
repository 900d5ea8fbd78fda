import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingCard } from '../../shared/contract/listing-shapes.ts';
import { ListingOption, ListingType } from '../../shared/domain/listing.ts';
import { queryRows } from '../../src-server/db/client.ts';
import { accountWithRoles, seedCatalog, sellersByListings } from './support/catalog.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
let sellerId: string;
beforeAll(async () => {
  t = await createTestApp();
  await seedCatalog(t.database.db);
  sellerId = (await sellersByListings(t.database.db))[0]!.id;
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });
const search = (payload: object) => t.app.inject({ method: 'POST', url: '/api/listings/search', payload });
const run = (query: SQL) => t.database.db.execute(query);
const ids = (res: { json(): { results: { id: string }[] } }) => res.json().results.map((card) => card.id);

/** A national Homepage listing started now, so it leads the featured list. */
async function addFeaturedListing(title: string): Promise<string> {
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`insert into listings (user_id, title, condition, price, family_id, listing_type, listing_options,
          listing_start_date, zip_code)
        values (${sellerId}, ${title}, 'Used', 500, 1, ${ListingType.National}, ${ListingOption.Homepage},
          now() + interval '1 second', '75207')
        returning id`,
  );
  return row!.id;
}

/** Runs a write the catalogue-version triggers do not see, to show what the cache still answers. */
async function unseen(write: SQL): Promise<void> {
  await run(sql`alter table listings disable trigger listings_bump_catalog_version`);
  try {
    await run(write);
  } finally {
    await run(sql`alter table listings enable trigger listings_bump_catalog_version`);
  }
}

describe('shared answers are invalidated by a catalogue write', () => {
  it('a new featured listing is on the very next featured request', async () => {
    const before = await get('/api/listings/featured');
    expect(before.statusCode).toBe(200);
    const id = await addFeaturedListing('Just featured Glock 19');
    const after = await get('/api/listings/featured');
    expect(ids(after)[0]).toBe(id);
    expect(after.headers.etag).not.toBe(before.headers.etag);
  });

  it('is kept until the catalogue version moves: a write behind the triggers stays unseen until then', async () => {
    const kept = await get('/api/listings/featured');
    await unseen(sql`update listings set title = 'Quietly renamed' where id = ${ids(kept)[0]!}`);
    const stillKept = await get('/api/listings/featured');
    expect(stillKept.headers.etag).toBe(kept.headers.etag);
    expect(stillKept.json().results[0].title).not.toBe('Quietly renamed');
    await run(sql`update catalog_version set version = version + 1`);
    expect((await get('/api/listings/featured')).json().results[0].title).toBe('Quietly renamed');
  });

  it('new this week and the local list follow a write too', async () => {
    await get('/api/listings/newthisweek');
    await get('/api/listings/local');
    const fresh = await addFeaturedListing('Brand new this week');
    expect(ids(await get('/api/listings/newthisweek'))).toContain(fresh);
    // Moved to the default place itself (75207), the newest of the nearest: first of the local list.
    await run(
      sql`update listings set listing_type = ${ListingType.Local}, zip_code = z.zip, latitude = z.latitude,
            longitude = z.longitude from zip_centroids z where z.zip = '75207' and listings.id = ${fresh}`,
    );
    const cards: ListingCard[] = (await get('/api/listings/local')).json().results;
    expect(cards[0]?.id).toBe(fresh);
  });

  it('a brand written with SQL is listed and served by slug on the next request', async () => {
    const listed = await get('/api/brands');
    expect(listed.statusCode).toBe(200);
    expect((await get('/api/brands/zz-test-brand')).statusCode).toBe(404);
    await run(sql`insert into brands (slug, name) values ('zz-test-brand', 'ZZ Test Brand')`);
    const slugs = (await get('/api/brands')).json().results.map((brand: { slug: string }) => brand.slug);
    expect(slugs).toContain('zz-test-brand');
    expect((await get('/api/brands/zz-test-brand')).json().name).toBe('ZZ Test Brand');
    expect((await get('/api/brands/nc/zz-test-brand')).json().name).toBe('ZZ Test Brand');
    await run(sql`update brands set name = 'ZZ Renamed' where slug = 'zz-test-brand'`);
    expect((await get('/api/brands/nc/zz-test-brand')).json().name).toBe('ZZ Renamed');
    expect((await get('/api/brands/zz-test-brand')).json().name).toBe('ZZ Renamed');
  });
});

describe('listing pages', () => {
  it('a listing page is shared until the listing is written, and then shows the change at once', async () => {
    const id = await addFeaturedListing('Page cached Glock 17');
    const page = () => get(`/${id}`);
    expect((await page()).body).toContain('<title>Page cached Glock 17');
    await unseen(sql`update listings set title = 'Quietly retitled' where id = ${id}`);
    expect((await page()).body).toContain('<title>Page cached Glock 17');
    await run(sql`update listings set title = 'Openly retitled Glock 17' where id = ${id}`);
    expect((await page()).body).toContain('<title>Openly retitled Glock 17');
  });
});

describe('popular searches', () => {
  const WORD = 'zzpopularword';

  it('a keyword-only first page is shared and follows a write; a search with a facet always reads the database', async () => {
    expect((await search({ keyword: WORD })).json().total).toBe(0);
    await unseen(
      sql`insert into listings (user_id, title, condition, price, family_id, listing_type, zip_code)
          values (${sellerId}, ${`Rifle ${WORD}`}, 'Used', 300, 1, ${ListingType.National}, '75207')`,
    );
    // The popular search answers what it kept; the same keyword with a facet, page or sort reads anew.
    expect((await search({ keyword: WORD })).json().total).toBe(0);
    expect((await search({ keyword: WORD, listingType: ListingType.National })).json().total).toBe(1);
    expect((await search({ keyword: WORD, sort: 'newest' })).json().total).toBe(1);
    expect((await search({ keyword: WORD, page: 1, pageSize: 10 })).json().total).toBe(1);
    await run(sql`update listings set price = 301 where title = ${`Rifle ${WORD}`}`);
    expect((await search({ keyword: WORD })).json().total).toBe(1);
  });

  it('a ZIP code and distance first page is shared per place and distance, and follows a write', async () => {
    const near = { zipCode: '75207', distance: 25 };
    const before = (await search(near)).json().total as number;
    await unseen(
      sql`insert into listings (user_id, title, condition, price, family_id, listing_type, zip_code,
            latitude, longitude)
          select ${sellerId}, 'Local shotgun zzplace', 'Used', 250, 3, ${ListingType.National}, z.zip,
            z.latitude, z.longitude
          from zip_centroids z where z.zip = '75207'`,
    );
    // Kept per ZIP code and distance: the same place answers what it kept, another distance reads anew.
    expect((await search(near)).json().total).toBe(before);
    expect((await search({ ...near, distance: 26 })).json().total).toBe(before + 1);
    expect((await search({ ...near, maxPrice: 100_000 })).json().total).toBe(before + 1);
    await run(sql`update listings set price = 251 where title = 'Local shotgun zzplace'`);
    expect((await search(near)).json().total).toBe(before + 1);
  });
});

describe('with the shared cache off (SHARED_CACHE=off)', () => {
  it('runs the statements of every request: a write the catalogue version misses shows at once', async () => {
    const { buildApp } = await import('../../src-server/app.ts');
    const { testConfig } = await import('./support/test-app.ts');
    const uncached = await buildApp(testConfig({ sharedCache: false }), {
      database: t.database,
      ownsDatabase: false,
    });
    try {
      const WORD = 'zzuncachedword';
      const searchUncached = () =>
        uncached.inject({ method: 'POST', url: '/api/listings/search', payload: { keyword: WORD } });
      const featured = () => uncached.inject({ method: 'GET', url: '/api/listings/featured' });
      // The same popular search and home list on the server that keeps answers, for contrast.
      expect((await search({ keyword: WORD })).json().total).toBe(0);
      expect((await searchUncached()).json().total).toBe(0);
      const keptFeatured = await get('/api/listings/featured');
      const firstFeatured = await featured();
      expect(firstFeatured.headers.etag).toBe(keptFeatured.headers.etag);

      await unseen(
        sql`insert into listings (user_id, title, condition, price, family_id, listing_type, zip_code)
            values (${sellerId}, ${`Carbine ${WORD}`}, 'Used', 300, 1, ${ListingType.National}, '75207')`,
      );
      await unseen(
        sql`update listings set title = 'Retitled behind the cache' where id = ${ids(firstFeatured)[0]!}`,
      );

      expect((await searchUncached()).json().total).toBe(1);
      expect((await featured()).json().results[0].title).toBe('Retitled behind the cache');
      // The server that keeps answers still serves what it kept: the write changed no version.
      expect((await search({ keyword: WORD })).json().total).toBe(0);
      expect((await get('/api/listings/featured')).json().results[0].title).not.toBe(
        'Retitled behind the cache',
      );
    } finally {
      await uncached.close();
      await run(sql`update catalog_version set version = version + 1`);
    }
  });
});

describe('ETag and 304', () => {
  for (const url of [
    '/api/listings/featured',
    '/api/listings/newthisweek',
    '/api/brands',
    '/api/brands/glock',
  ]) {
    it(`${url}: a matching If-None-Match answers 304 without a body`, async () => {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      const etag = first.headers.etag as string;
      expect(etag).toMatch(/^"[\w-]+"$/);
      expect(first.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
      const again = await get(url, { 'if-none-match': etag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers.etag).toBe(etag);
      expect((await get(url, { 'if-none-match': '"something-else"' })).statusCode).toBe(200);
    });
  }

  it('a write changes the ETag, so the old one gets the new answer', async () => {
    const first = await get('/api/listings/featured');
    const etag = first.headers.etag as string;
    const id = await addFeaturedListing('Featured after the tag');
    const after = await get('/api/listings/featured', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).not.toBe(etag);
    expect(ids(after)[0]).toBe(id);
  });

  it('the same content gives the same ETag on another server instance of the database', async () => {
    const { buildApp } = await import('../../src-server/app.ts');
    const { testConfig } = await import('./support/test-app.ts');
    const other = await buildApp(testConfig(), { database: t.database, ownsDatabase: false });
    try {
      const mine = await get('/api/listings/featured');
      const theirs = await other.inject({ method: 'GET', url: '/api/listings/featured' });
      expect(theirs.headers.etag).toBe(mine.headers.etag);
      await addFeaturedListing('Seen by both instances');
      const mineAfter = await get('/api/listings/featured');
      const theirsAfter = await other.inject({ method: 'GET', url: '/api/listings/featured' });
      expect(theirsAfter.headers.etag).not.toBe(theirs.headers.etag);
      expect(theirsAfter.headers.etag).toBe(mineAfter.headers.etag);
    } finally {
      await other.close();
    }
  });
});

describe('signed-in callers', () => {
  it('get the shared home lists and brands: nothing in them is personal', async () => {
    const buyer = await accountWithRoles(t.database.db, ['Buyer'], '77002');
    for (const url of ['/api/listings/featured', '/api/brands']) {
      const anonymous = await get(url);
      const signedIn = await get(url, { authorization: buyer.authorization });
      expect(signedIn.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
      expect(signedIn.headers.etag).toBe(anonymous.headers.etag);
    }
  });

  it('get the local list of their own address, which no CDN may keep, and never another caller’s', async () => {
    const anonymous = await get('/api/listings/local');
    expect(anonymous.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
    expect(anonymous.headers.vary).toMatch(/authorization/i);
    const houston = await accountWithRoles(t.database.db, ['Buyer'], '77002');
    const theirs = await get('/api/listings/local', { authorization: houston.authorization });
    expect(theirs.headers['cache-control']).toBe('private, no-cache');
    expect(theirs.headers.vary).toMatch(/authorization/i);
    // Placed at their own ZIP, the same answer as asking for it, and not the default place's.
    const asked = await get('/api/listings/local?zipCode=77002');
    expect(ids(theirs)).toEqual(ids(asked));
    expect(ids(theirs)).not.toEqual(ids(anonymous));
    expect(asked.headers['cache-control']).toBe('public, max-age=0, s-maxage=30');
    // The default place's answer is still the anonymous one after a Houston caller filled the cache.
    expect(ids(await get('/api/listings/local'))).toEqual(ids(anonymous));
    const again = await get('/api/listings/local', {
      authorization: houston.authorization,
      'if-none-match': theirs.headers.etag as string,
    });
    expect(again.statusCode).toBe(304);
  });

  it('keep no-store on their own answers and on the uncached brand calls', async () => {
    const buyer = await accountWithRoles(t.database.db, ['Buyer']);
    const profile = await t.app.inject({
      method: 'POST',
      url: '/api/users/get',
      payload: { filters: {} },
      headers: { authorization: buyer.authorization },
    });
    expect(profile.statusCode).toBe(200);
    expect(profile.headers['cache-control']).toBe('no-store');
    expect(profile.headers.etag).toBeUndefined();
    for (const url of ['/api/brands/nc', '/api/brands/nc/glock']) {
      const res = await get(url, { authorization: buyer.authorization });
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      expect(res.headers.etag).toBeUndefined();
    }
  });
});

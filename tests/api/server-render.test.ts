import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toSearchCall } from '../../shared/contract/search-call.ts';
import { formatPrice } from '../../shared/domain/listing-card.ts';
import { parseSearchParams } from '../../shared/search/search-url.ts';
import { PAGE_DATA_ELEMENT_ID } from '../../shared/server-render.ts';
import * as serverEntry from '../../src-renderer/entry-server.tsx';
import { listings } from '../../src-server/db/schema.ts';
import { preferredEncoding } from '../../src-server/web/web-host.ts';
import { seedCatalog } from './support/catalog.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const HOSTILE = '</script><script>alert(1)</script><!-- x';
const HOSTILE_IN_HTML = '&lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!-- x';
/** A description stored without passing the listing form's save (an import, an older row). */
const HOSTILE_DESCRIPTION =
  '<p>Clean <b>bore</b>.</p><img src=x onerror="alert(2)"><script>alert(3)</script>' +
  '<a href="javascript:alert(4)" onclick="alert(5)">terms</a><p style="color:red">Two mags.</p></div><div>';

let t: TestApp;
let listing: { id: string; legacyId: number; title: string; price: number };
let hostileId: string;

beforeAll(async () => {
  t = await createTestApp({}, { serverRenderer: serverEntry });
  await seedCatalog(t.database.db);
  const rows = await t.database.db
    .select({ id: listings.id, legacyId: listings.legacyId, title: listings.title, price: listings.price })
    .from(listings)
    .where(isNotNull(listings.legacyId))
    .limit(2);
  const [first, second] = rows;
  if (!first?.legacyId || !second) throw new Error('The catalogue has no listings with legacy ids.');
  listing = { ...first, legacyId: first.legacyId };
  hostileId = second.id;
  await t.database.db
    .update(listings)
    .set({ title: HOSTILE, description: HOSTILE_DESCRIPTION })
    .where(eq(listings.id, hostileId));
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The page's rendered markup (what `#root` holds) and its data block's text. */
function parts(html: string) {
  const root =
    /<div id="root">([\s\S]*?)<\/div><script type="application\/json" id="([^"]+)">([\s\S]*?)<\/script>/.exec(
      html,
    );
  if (!root) return { markup: html.slice(html.indexOf('<div id="root">')), dataId: null, data: null };
  return { markup: root[1] ?? '', dataId: root[2], data: root[3] ?? '' };
}

/** Every script element of the page is data (JSON or JSON-LD): nothing inline runs. */
function expectNoExecutableScript(html: string) {
  const types = [...html.matchAll(/<script\b([^>]*)>/g)].map(
    (match) => /type="([^"]+)"/.exec(match[1] ?? '')?.[1],
  );
  for (const type of types) expect(['application/json', 'application/ld+json']).toContain(type);
}

describe('server rendering of the public pages', () => {
  it('renders a listing with its title and price, and embeds its data once', async () => {
    const res = await get(`/${listing.id}`);
    expect(res.statusCode).toBe(200);
    const { markup, dataId, data } = parts(res.body);
    expect(dataId).toBe(PAGE_DATA_ELEMENT_ID);
    expect(markup).toContain(escapeHtml(listing.title));
    expect(markup).toContain(formatPrice(listing.price));
    expect(res.body.split(`id="${PAGE_DATA_ELEMENT_ID}"`)).toHaveLength(2);
    const state = JSON.parse(data ?? '') as { queries: { queries: { queryKey: unknown[] }[] } };
    expect(state.queries.queries.map((query) => query.queryKey)).toContainEqual([
      'listings',
      'get',
      listing.id,
    ]);
  });

  it('renders the listing at its two other addresses', async () => {
    const slugged = await get(`/${listing.id}/any-title`);
    expect(slugged.statusCode).toBe(200);
    expect(parts(slugged.body).markup).toContain(escapeHtml(listing.title));
    const legacy = await get(`/listing?p=${listing.legacyId}`);
    expect(legacy.statusCode).toBe(200);
    expect(parts(legacy.body).markup).toContain(escapeHtml(listing.title));
  });

  it('renders the home page blocks with their first listings', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    const { markup } = parts(res.body);
    // Every part of the page is in place in the HTML: none is sent apart to be completed by a
    // script (a CSP without inline scripts would block it) or left for the browser to render.
    expect(markup).not.toMatch(/<!--\$[?!]-->|<template/);
    expectNoExecutableScript(res.body);
    for (const heading of ['Online Listings', 'Local Listings', 'New This Week', 'Find Guns Near You']) {
      expect(markup).toContain(heading);
    }
    const featured = (await t.app.inject({ method: 'GET', url: '/api/listings/featured' })).json<{
      results: { title: string }[];
    }>();
    expect(featured.results.length).toBeGreaterThan(0);
    expect(markup).toContain(escapeHtml(featured.results[0]?.title ?? ''));
  });

  it("renders a search's first results", async () => {
    const url = '/search?keyword=rifle';
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const { markup } = parts(res.body);
    expect(markup).toContain('Results for &quot;rifle&quot;');
    const call = toSearchCall(parseSearchParams('?keyword=rifle'));
    const answer = (
      await t.app.inject({ method: 'POST', url: '/api/listings/search', payload: call.body })
    ).json<{ results: { title: string }[] }>();
    expect(answer.results.length).toBeGreaterThan(0);
    for (const result of answer.results.slice(0, 3)) expect(markup).toContain(escapeHtml(result.title));
  });

  it.each([
    ['/about-us', 'About Us'],
    ['/firearms/handguns', 'Handguns'],
    ['/newthisweek', 'New This Week'],
    ['/login', 'Log'],
  ])('renders %s', async (url, text) => {
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    const { markup, dataId } = parts(res.body);
    expect(dataId).toBe(PAGE_DATA_ELEMENT_ID);
    expect(markup).toMatch(/<main /);
    expect(markup).toContain(text);
  });

  it('renders the not-found page with a real 404', async () => {
    const res = await get('/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(parts(res.body).dataId).toBe(PAGE_DATA_ELEMENT_ID);
  });

  it('leaves the pages behind login to the browser', async () => {
    const res = await get('/dashboard');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root"></div>');
    expect(res.body).not.toContain(PAGE_DATA_ELEMENT_ID);
  });

  it('escapes a hostile listing title in the markup and in the data block', async () => {
    const res = await get(`/${hostileId}`);
    expect(res.statusCode).toBe(200);
    const { markup, data } = parts(res.body);
    expect(markup).toContain(HOSTILE_IN_HTML);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(data).not.toMatch(/<\/script|<!--/i);
    expect(JSON.stringify(JSON.parse(data ?? ''))).toContain(JSON.stringify(HOSTILE).slice(1, -1));
    expectNoExecutableScript(res.body);
  });

  it('serves a hostile description as sanitized HTML: its formatting kept, no script, handler or unsafe link', async () => {
    const res = await get(`/${hostileId}`);
    expect(res.statusCode).toBe(200);
    const { markup, data } = parts(res.body);
    expect(markup).toContain('<p>Clean <strong>bore</strong>.</p>');
    expect(markup).toContain('<a>terms</a><p>Two mags.</p>');
    for (const text of [res.body, JSON.stringify(JSON.parse(data ?? ''))]) {
      expect(text).not.toMatch(/onerror|onclick|javascript:|alert\([2-5]\)|src=\\?"?x\b|color:red/);
    }
    expectNoExecutableScript(res.body);

    const api = await t.app.inject({
      method: 'POST',
      url: '/api/listings/get',
      payload: { filters: { listingIds: [hostileId] } },
    });
    expect(api.json().results[0].description).toBe(
      '<p>Clean <strong>bore</strong>.</p><a>terms</a><p>Two mags.</p>',
    );
  });

  it('escapes a hostile search keyword in the markup and in the data block', async () => {
    const res = await get(`/search?keyword=${encodeURIComponent(HOSTILE)}`);
    expect(res.statusCode).toBe(200);
    const { markup, data } = parts(res.body);
    expect(markup).toContain(HOSTILE_IN_HTML);
    expect(res.body).not.toContain('<script>alert(1)');
    expect(res.body).not.toContain('<!-- x');
    expect(data).not.toMatch(/<\/script|<!--/i);
    expect(data).toContain('\\u003c/script\\u003e');
    expectNoExecutableScript(res.body);
  });

  it('gives every visitor the same page: a bearer token changes nothing', async () => {
    const anonymous = await get(`/${listing.id}`);
    const withHeader = await t.app.inject({
      method: 'GET',
      url: `/${listing.id}`,
      headers: { authorization: 'Bearer not-a-session', cookie: 'gatoken=not-a-session' },
    });
    const strip = (html: string) => html.replace(/"(dataUpdatedAt|dehydratedAt)":\d+/g, '');
    expect(strip(withHeader.body)).toBe(strip(anonymous.body));
  });
});

describe('server rendering that fails', () => {
  it('sends the client-rendered shell with the page status and head', async () => {
    const failing = await createTestApp(
      {},
      {
        serverRenderer: {
          render: async () => {
            throw new Error('The server build is broken.');
          },
        },
      },
    );
    try {
      const res = await failing.app.inject({ method: 'GET', url: '/about-us' });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<title>About Us | Ironsight</title>');
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain(PAGE_DATA_ELEMENT_ID);
    } finally {
      await failing.close();
    }
  });
});

describe('rendered pages are kept', () => {
  it('renders a page once for many visits, and a listing write shows on the very next request', async () => {
    const calls = { n: 0 };
    const counting = await createTestApp(
      {},
      {
        serverRenderer: {
          render: (request) => {
            calls.n += 1;
            return serverEntry.render(request);
          },
        },
      },
    );
    try {
      await seedCatalog(counting.database.db);
      const [row] = await counting.database.db.select({ id: listings.id }).from(listings).limit(1);
      const page = () => counting.app.inject({ method: 'GET', url: `/${row!.id}` });
      const first = await page();
      expect((await page()).body).toBe(first.body);
      expect(calls.n).toBe(1);
      await counting.database.db
        .update(listings)
        .set({ title: 'Freshly retitled Glock 19' })
        .where(eq(listings.id, row!.id));
      const after = await page();
      expect(parts(after.body).markup).toContain('Freshly retitled Glock 19');
      expect(calls.n).toBe(2);
    } finally {
      await counting.close();
    }
  });

  it('does not keep a page rendered while one of its answers could not be read', async () => {
    const calls = { n: 0 };
    let busy = true;
    const flaky = await createTestApp(
      {},
      {
        serverRenderer: {
          render: (request) => {
            calls.n += 1;
            return serverEntry.render({
              ...request,
              // The database too busy for the site's figures on the first render only.
              call: (name, input) =>
                busy && name === 'contentSiteStats'
                  ? Promise.reject(new Error('the statements ahead would take too long'))
                  : request.call(name, input),
            });
          },
        },
      },
    );
    try {
      await seedCatalog(flaky.database.db);
      const home = () => flaky.app.inject({ method: 'GET', url: '/' });
      const first = await home();
      expect(first.statusCode).toBe(200);
      expect(parts(first.body).data).not.toContain('site-stats');
      busy = false;
      const second = await home();
      expect(calls.n).toBe(2);
      expect(parts(second.body).data).toContain('site-stats');
      // The complete page is kept.
      expect((await home()).body).toBe(second.body);
      expect(calls.n).toBe(2);
    } finally {
      await flaky.close();
    }
  });

  it('carries an ETag and answers 304 to a browser that holds the page', async () => {
    const first = await get('/');
    const etag = first.headers.etag;
    expect(etag).toMatch(/^W\/"/);
    const again = await t.app.inject({ method: 'GET', url: '/', headers: { 'if-none-match': String(etag) } });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
  });
});

describe('kept pages are compressed once per encoding', () => {
  it('answers Brotli, gzip or plain as the browser asks, each the same page', async () => {
    const plain = await get('/');
    const ask = (encoding: string) =>
      t.app.inject({ method: 'GET', url: '/', headers: { 'accept-encoding': encoding } });
    const br = await ask('gzip, deflate, br');
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString('utf8')).toBe(plain.body);
    const gzip = await ask('gzip, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString('utf8')).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(br.headers.etag).toBe(plain.headers.etag);
  });

  it('reads Accept-Encoding with its weights', () => {
    expect(preferredEncoding('br')).toBe('br');
    expect(preferredEncoding('gzip;q=1.0, br;q=0')).toBe('gzip');
    expect(preferredEncoding('identity')).toBeNull();
    expect(preferredEncoding(undefined)).toBeNull();
    expect(preferredEncoding('GZIP')).toBe('gzip');
  });
});

describe('server-rendered forms before hydration', () => {
  it.each([
    ['/login', 'Log in'],
    ['/register', 'Create an account'],
  ])(
    '%s cannot be sent by the browser itself: a POST form whose button waits for the app',
    async (url, label) => {
      const { markup } = parts((await get(url)).body);
      const form = new RegExp(`(<form[^>]*aria-label="${label}"[^>]*>)([\\s\\S]*?)</form>`).exec(markup);
      expect(form?.[1]).toContain('method="post"');
      expect(form?.[2]).toMatch(/<button type="submit"[^>]*disabled=""/);
    },
  );
});

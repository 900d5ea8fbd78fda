import { copyFile, mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../src-server/db/client.ts';
import { listings } from '../../src-server/db/schema.ts';
import { COMPRESSION_THRESHOLD_BYTES } from '../../src-server/http/compression.ts';
import { precompressFolder } from '../../vite.precompress.ts';
import { seedCatalog } from './support/catalog.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

const ASSET = '/assets/app-3f9a1c.js';
const SMALL_FILE = '/humans.txt';
const FIXTURE_INDEX = path.join(import.meta.dirname, 'fixtures', 'web', 'index.html');

/** A built web app in miniature: the fixture page, a hashed script, a tiny text file, precompressed like the build. */
async function builtWebRoot(): Promise<{ root: string; script: Buffer }> {
  const root = await mkdtemp(path.join(tmpdir(), 'ironsight-web-'));
  await mkdir(path.join(root, 'assets'));
  await copyFile(FIXTURE_INDEX, path.join(root, 'index.html'));
  const lines = Array.from(
    { length: 400 },
    (_, i) => `export const listing${i} = { id: ${i}, title: "Listing ${i}" };`,
  );
  const script = Buffer.from(lines.join('\n'));
  await writeFile(path.join(root, ASSET), script);
  await writeFile(path.join(root, SMALL_FILE), 'User-agent: *\nAllow: /\n');
  await precompressFolder(root);
  return { root, script };
}

let t: TestApp;
let webRoot: string;
let script: Buffer;
let listingId: string;

const HOSTILE_TITLE = 'Glock 19 </script><script>alert(1)</script><!-- "quoted" & \'single\'';

beforeAll(async () => {
  ({ root: webRoot, script } = await builtWebRoot());
  t = await createTestApp({ webRoot });
  await seedCatalog(t.database.db);
  const [row] = await queryRows<{ id: string }>(
    t.database.db,
    sql`select id from listings where not is_sold order by id limit 1`,
  );
  listingId = row!.id;
  await t.database.db.update(listings).set({ title: HOSTILE_TITLE }).where(eq(listings.id, listingId));
}, 120_000);
afterAll(async () => {
  await t.close();
  await rm(webRoot, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, headers });

describe('built assets are sent precompressed, chosen by Accept-Encoding', () => {
  it('the build step writes a Brotli and a gzip copy beside a script, and none beside a tiny file', async () => {
    expect(brotliDecompressSync(await readFile(path.join(webRoot, `${ASSET}.br`)))).toEqual(script);
    expect(gunzipSync(await readFile(path.join(webRoot, `${ASSET}.gz`)))).toEqual(script);
    await expect(readFile(path.join(webRoot, `${SMALL_FILE}.br`))).rejects.toThrow();
  });

  it('sends Brotli to a browser that accepts it, with Vary and the immutable caching of hashed assets', async () => {
    const res = await get(ASSET, { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(brotliDecompressSync(res.rawPayload)).toEqual(script);
    expect(res.rawPayload.length).toBeLessThan(script.length / 3);
  });

  it('sends gzip to a client without Brotli', async () => {
    const res = await get(ASSET, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(res.rawPayload)).toEqual(script);
  });

  it('sends the file as it is to a client that asks for no encoding', async () => {
    for (const headers of [{}, { 'accept-encoding': 'identity' }] as Record<string, string>[]) {
      const res = await get(ASSET, headers);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.rawPayload).toEqual(script);
    }
  });

  it('does not serve the compressed copies under addresses of their own', async () => {
    for (const suffix of ['.br', '.gz']) {
      const res = await get(`${ASSET}${suffix}`, { 'accept-encoding': 'br, gzip' });
      expect(res.statusCode).toBe(404);
    }
  });

  it('answers HEAD on an asset with the headers of the variant and no body', async () => {
    const res = await t.app.inject({ method: 'HEAD', url: ASSET, headers: { 'accept-encoding': 'br' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.body).toBe('');
  });

  it('serves a small text file as text', async () => {
    const res = await get(SMALL_FILE);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *');
  });

  it('serves a robots.txt generated from the route table, naming the XML sitemap', async () => {
    const res = await get('/robots.txt');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    expect(res.body).toContain('User-agent: *');
    expect(res.body).toContain('Disallow: /dashboard');
    // The sign-in and registration pages are public pages search engines may crawl.
    expect(res.body).not.toMatch(/^Disallow: \/(login|register)$/m);
    expect(res.body).toMatch(/Sitemap: http.+\/sitemap\.xml/);
  });
});

describe('dynamic answers are compressed above the threshold', () => {
  it('compresses a large API answer with Brotli and leaves a small one as it is', async () => {
    const large = await get('/api/listings/featured', { 'accept-encoding': 'br, gzip' });
    expect(large.statusCode).toBe(200);
    expect(large.headers['content-encoding']).toBe('br');
    expect(large.headers.vary).toMatch(/accept-encoding/i);
    const body = brotliDecompressSync(large.rawPayload);
    expect(body.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(JSON.parse(body.toString())).toEqual((await get('/api/listings/featured')).json());

    const small = await get('/api/health', { 'accept-encoding': 'br, gzip' });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);
    expect(small.headers['content-encoding']).toBeUndefined();
    expect(small.json()).toMatchObject({ status: expect.any(String) });
  });

  it('gzips for a client without Brotli, and sends identity to one without encodings', async () => {
    const gz = await get('/api/listings/featured', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await get('/api/listings/featured');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it('keeps the shared answer ETag and its bodiless 304 when the answer is compressed', async () => {
    const first = await get('/api/listings/featured', { 'accept-encoding': 'br' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"/);
    const again = await get('/api/listings/featured', { 'accept-encoding': 'br', 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
  });

  it('answers errors in the envelope whatever the client accepts', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/listings/search',
      headers: { 'content-type': 'application/json', 'accept-encoding': 'br' },
      payload: '{"keyword":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.json().error.code).toBe('bad_request');
  });

  it('compresses a page and still answers HEAD on it without a body', async () => {
    const plain = await get('/');
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    const page = await get('/', { 'accept-encoding': 'br' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers.etag).toBe(plain.headers.etag);
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(plain.body);
    const head = await t.app.inject({ method: 'HEAD', url: '/', headers: { 'accept-encoding': 'br' } });
    expect(head.statusCode).toBe(200);
    expect(head.body).toBe('');
  });
});

describe('pages carry a validator and revalidate to 304', () => {
  it('sends an ETag with no-cache, and a bodiless 304 when the browser holds the same page', async () => {
    const first = await get('/login');
    expect(first.statusCode).toBe(200);
    expect(first.headers['cache-control']).toBe('no-cache');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/"[\w-]+"$/);

    const again = await get('/login', { 'if-none-match': etag, 'accept-encoding': 'br' });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    expect(again.headers.etag).toBe(etag);
  });

  it('gives another page another tag and a full answer to a stale one', async () => {
    const login = (await get('/login')).headers.etag as string;
    const register = await get('/register', { 'if-none-match': login });
    expect(register.statusCode).toBe(200);
    expect(register.headers.etag).not.toBe(login);
    expect(register.body).toContain('<title>');
  });

  it('gives no ETag to a 404 page', async () => {
    const res = await get('/no-such-page');
    expect(res.statusCode).toBe(404);
    expect(res.headers.etag).toBeUndefined();
  });
});

const EXPECTED_SECURITY_HEADERS = {
  'content-security-policy': expect.stringContaining("frame-ancestors 'none'"),
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': expect.stringContaining('camera=()'),
  'cross-origin-opener-policy': 'same-origin',
};

describe('security headers on every answer', () => {
  it.each([
    ['an HTML page', 'GET', '/', 200],
    ['an API answer', 'GET', '/api/listings/featured', 200],
    ['a page that does not exist', 'GET', '/no-such-page', 404],
    ['an API path that does not exist', 'GET', '/api/no-such-call', 404],
    ['a legacy address', 'GET', '/pistols.htm', 301],
    ['a hashed asset', 'GET', ASSET, 200],
  ])('%s', async (_name, method, url, status) => {
    const res = await t.app.inject({ method: method as 'GET', url });
    expect(res.statusCode).toBe(status);
    expect(res.headers).toMatchObject(EXPECTED_SECURITY_HEADERS);
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('a body that is not valid JSON, refused before the route runs', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(res.statusCode).toBe(400);
    expect(res.headers).toMatchObject(EXPECTED_SECURITY_HEADERS);
  });

  it('a path that does not decode, refused by the router', async () => {
    const res = await get('/api/brands/%ff');
    expect(res.statusCode).toBe(400);
    expect(res.headers).toMatchObject(EXPECTED_SECURITY_HEADERS);
  });

  it('the policy allows no inline or evaluated script and no plugin content', async () => {
    const csp = (await get('/')).headers['content-security-policy'] as string;
    const scriptSources = csp.split(';').find((directive) => directive.trim().startsWith('script-src'));
    expect(scriptSources?.trim()).toBe("script-src 'self'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'self'");
  });

  it('adds HSTS on every answer only when the public origin is https', async () => {
    const secure = await createTestApp({ webRoot, publicOrigin: 'https://ironsight.example' });
    try {
      for (const url of ['/', '/api/health', '/no-such-page', '/pistols.htm', '/api/brands/%ff']) {
        const res = await secure.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security']).toBe('max-age=31536000');
        expect(res.headers).toMatchObject(EXPECTED_SECURITY_HEADERS);
      }
    } finally {
      await secure.close();
    }
  });
});

/** Every script element of the page is a data block, and none is left open or unbalanced. */
function expectNoBreakout(html: string) {
  const opened = html.match(/<script\b[^>]*>/gi) ?? [];
  for (const tag of opened) expect(tag).toBe('<script type="application/ld+json">');
  expect((html.match(/<\/script>/gi) ?? []).length).toBe(opened.length);
  expect(html).not.toContain('<!--');
  expect(html).not.toContain('alert(1)</');
}

describe('hostile values written into a page stay text', () => {
  it('a listing title with </script> and <!-- in the title, the description and the JSON-LD', async () => {
    const res = await get(`/${listingId}`);
    expect(res.statusCode).toBe(200);
    expectNoBreakout(res.body);
    expect(res.body).toContain('Glock 19 &lt;/script&gt;&lt;script&gt;alert(1)&lt;/script&gt;&lt;!--');
    expect(res.body).toContain('\\u003c/script\\u003e');
  });

  it('a search keyword with </script>, <!-- and quotes', async () => {
    const keyword = encodeURIComponent('</script><script>alert(1)</script><!-- "x" onload=');
    const res = await get(`/search?keyword=${keyword}`);
    expect(res.statusCode).toBe(200);
    expectNoBreakout(res.body);
    expect(res.body).not.toContain('"x" onload');
  });

  it('a hostile query string in the canonical URL', async () => {
    const res = await get('/firearms/handguns?x=%22%3E%3Cscript%3Ealert(1)%3C/script%3E%3C!--');
    expect(res.statusCode).toBe(200);
    expectNoBreakout(res.body);
  });
});

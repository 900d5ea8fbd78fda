import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { shortLinks } from '../../src-server/db/schema.ts';
import { createTestApp, type TestApp } from './support/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.database.db.insert(shortLinks).values([
    { shortCode: 'glock19', fullLink: '/search?keyword=glock%2019' },
    { shortCode: 'evil', fullLink: 'javascript:alert(1)' },
  ]);
});
afterAll(() => t.close());

const get = (url: string) => t.app.inject({ method: 'GET', url });

describe('web host: first loads are decided by the shared route table', () => {
  it('serves the home page with its title and canonical URL', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('<title>Buy Guns Online and Sell Guns Online | Ironsight</title>');
    expect(res.body).toContain('<link rel="canonical" href="http://ironsight.test/">');
    expect(res.body).not.toContain('noindex');
  });

  it('keeps control characters of a search URL out of the page head', async () => {
    const res = await get('/search?keyword=gl%00oc%1Bk');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<title>glock for Sale');
    expect(res.body.includes('\u0000') || res.body.includes('\u001b')).toBe(false);
  });

  it.each([
    ['/pistols.htm', '/firearms/handguns'],
    ['/rifles.htm', '/firearms/rifles'],
    ['/shotguns.htm', '/firearms/shotguns'],
    ['/Classifieds/View123.aspx', '/listing?p=123'],
    ['/classifieds/view123.aspx', '/listing?p=123'],
    ['/default.htm', '/'],
    ['/newtoday', '/newthisweek'],
    ['/register.htm', '/register'],
    ['/search.htm', '/search'],
    ['/news', '/'],
  ])('answers %s with a real 301 to %s', async (from, to) => {
    const res = await get(from);
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(to);
  });

  it.each(['/no-such-page', '/classifieds/viewabc.aspx', '/404', '/guns-atlantis'])(
    'answers %s with a real 404 and the noindex robots meta',
    async (url) => {
      const res = await get(url);
      expect(res.statusCode).toBe(404);
      expect(res.headers['content-type']).toMatch(/text\/html/);
      expect(res.body).toContain('<meta name="robots" content="noindex,nofollow">');
    },
  );

  it('serves the digest as a page of its own; /blog leads there with the query kept', async () => {
    expect((await get('/digest?s=glock')).statusCode).toBe(200);
    const res = await get('/blog?s=glock');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/digest?s=glock');
  });

  it('resolves a stored short link with a 301 and refuses an unsafe target', async () => {
    const ok = await get('/l/glock19');
    expect(ok.statusCode).toBe(301);
    expect(ok.headers.location).toBe('/search?keyword=glock%2019');
    expect((await get('/l/evil')).statusCode).toBe(404);
    expect((await get('/l/unknown')).statusCode).toBe(404);
  });

  it('answers an unknown API path with the JSON error envelope, not the app shell', async () => {
    const res = await get('/api/no-such-call');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ error: { code: 'not_found', message: expect.any(String) } });
    const post = await t.app.inject({ method: 'POST', url: '/api/no-such-call', payload: {} });
    expect(post.statusCode).toBe(404);
    expect(post.json().error.code).toBe('not_found');
  });

  it('sets protective headers on every answer', async () => {
    const res = await get('/');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['x-frame-options']).toBe('DENY');
  });
});

describe('web host: the cookie domain for the web app', () => {
  it('writes no cookie-domain meta by default, so the session cookie stays host-only', async () => {
    const res = await get('/');
    expect(res.body).not.toContain('ironsight:cookie-domain');
  });

  it('writes COOKIE_DOMAIN into the head of every page, the 404 page included', async () => {
    const configured = await createTestApp({ cookieDomain: 'ironsight.co.uk' });
    try {
      for (const url of ['/', '/login', '/no-such-page']) {
        const res = await configured.app.inject({ method: 'GET', url });
        expect(res.body).toContain('<meta name="ironsight:cookie-domain" content="ironsight.co.uk">');
      }
    } finally {
      await configured.close();
    }
  });
});

describe('web host: the optional third-party scripts', () => {
  it('names none and allows no other script origin by default', async () => {
    const res = await get('/');
    expect(res.body).not.toContain('ironsight:ad-script');
    expect(res.body).not.toContain('ironsight:marketing-script');
    expect(res.headers['content-security-policy']).toContain("script-src 'self';");
  });

  it('names the configured scripts in every page head and allows their origins in the CSP of every answer', async () => {
    const configured = await createTestApp({
      thirdPartyScripts: {
        adScriptUrl: 'https://ads.example.net/serve.js',
        marketingScriptUrl: 'https://mail.example.org/onsite.js?id=abc"<',
      },
    });
    try {
      for (const url of ['/', '/login', '/no-such-page']) {
        const res = await configured.app.inject({ method: 'GET', url });
        expect(res.body).toContain(
          '<meta name="ironsight:ad-script" content="https://ads.example.net/serve.js">',
        );
        // Written escaped: a configured value cannot break out of its attribute.
        expect(res.body).toContain(
          '<meta name="ironsight:marketing-script" content="https://mail.example.org/onsite.js?id=abc&quot;&lt;">',
        );
      }
      for (const url of ['/', '/api/health', '/api/no-such-endpoint']) {
        const csp = (await configured.app.inject({ method: 'GET', url })).headers['content-security-policy'];
        expect(csp).toContain("script-src 'self' https://ads.example.net https://mail.example.org;");
        expect(csp).toContain("connect-src 'self' https://ads.example.net https://mail.example.org;");
      }
    } finally {
      await configured.close();
    }
  });
});

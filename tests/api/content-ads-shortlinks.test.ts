import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminArticleListResponseSchema, articleListResponseSchema } from '../../shared/contract/content.ts';
import { INVALID_AD_LOCATION } from '../../shared/domain/ads.ts';
import { queryRows } from '../../src-server/db/client.ts';
import { adCreatives, articles, shortLinks } from '../../src-server/db/schema.ts';
import { contentSeedPart, DEMO_SHORT_LINK, seedArticles } from '../../src-server/seed/content.ts';
import { DEFAULT_SEED_OPTIONS, seedDemoData } from '../../src-server/seed/seed.ts';
import { type AccountsTestApp, authed, createAccountsTestApp, tokenOf } from './support/accounts.ts';
import { multipartForm } from './support/uploads.ts';

type Caller = 'visitor' | 'buyer' | 'seller' | 'admin';
const CALLERS: Caller[] = ['visitor', 'buyer', 'seller', 'admin'];
/** What each caller gets from an admin-only call. */
const ADMIN_ONLY: Record<Caller, number> = { visitor: 401, buyer: 403, seller: 403, admin: 200 };

let t: AccountsTestApp;
const tokens: Record<Caller, string | undefined> = {
  visitor: undefined,
  buyer: undefined,
  seller: undefined,
  admin: undefined,
};

beforeAll(async () => {
  t = await createAccountsTestApp();
  await seedDemoData(t.database.db, DEFAULT_SEED_OPTIONS, [contentSeedPart]);
  tokens.buyer = await tokenOf(t.app, 'buyer');
  tokens.seller = await tokenOf(t.app, 'seller');
  tokens.admin = await tokenOf(t.app, 'admin');
});
afterAll(() => t.close());

function call(method: 'GET' | 'POST' | 'DELETE', url: string, who?: Caller, payload?: object) {
  return t.app.inject({
    method,
    url: `/api${url}`,
    headers: authed(who ? tokens[who] : undefined),
    ...(payload ? { payload } : {}),
  });
}

describe('GET /api/wp/get (the digest)', () => {
  it('answers the newest three published articles by default, with the total', async () => {
    const res = await call('GET', '/wp/get');
    expect(res.statusCode).toBe(200);
    const body = articleListResponseSchema.parse(res.json());
    expect(body.results).toHaveLength(3);
    expect(body.total).toBe(seedArticles().length);
    const dates = body.results.map((article) => Date.parse(article.date));
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(body.results[0]?.link).toBe(`/digest/${body.results[0]?.slug}`);
    expect(body.results[0]?.featuredImageSizes.map((size) => size.width)).toEqual([412, 768]);
  });

  it('pages through the articles without repeats', async () => {
    const first = (await call('GET', '/wp/get?perPage=5&page=1')).json();
    const second = (await call('GET', '/wp/get?perPage=5&page=2')).json();
    expect(second.results).toHaveLength(5);
    const slugs = [...first.results, ...second.results].map((article: { slug: string }) => article.slug);
    expect(new Set(slugs).size).toBe(10);
    const past = (await call('GET', '/wp/get?perPage=20&page=50')).json();
    expect(past).toEqual({ results: [], total: seedArticles().length });
  });

  it('searches by words of the title or description and by brand tag', async () => {
    const glock = (await call('GET', '/wp/get?keyword=glock&perPage=20')).json();
    expect(glock.results.length).toBeGreaterThan(0);
    for (const article of glock.results) {
      expect(
        `${article.title} ${article.description} ${article.brandTags.join(' ')}`.toLowerCase(),
      ).toContain('glock');
    }
    const transfers = (await call('GET', '/wp/get?keyword=ffl%20transfers&perPage=20')).json();
    expect(transfers.results.map((article: { slug: string }) => article.slug)).toContain(
      'how-ffl-transfers-work',
    );
    expect((await call('GET', '/wp/get?keyword=zzqqxx')).json()).toEqual({ results: [], total: 0 });
  });

  it('a failure of the articles store answers an empty list, not an error', async () => {
    await t.database.db.execute(sql`alter table articles rename to articles_away`);
    try {
      const res = await call('GET', '/wp/get?keyword=glock');
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ results: [], total: 0 });
    } finally {
      await t.database.db.execute(sql`alter table articles_away rename to articles`);
    }
  });

  it('refuses a malformed page number', async () => {
    expect((await call('GET', '/wp/get?page=0')).statusCode).toBe(400);
    expect((await call('GET', '/wp/get?perPage=500')).statusCode).toBe(400);
  });
});

describe('articles: one by slug, and admins write them', () => {
  it('GET /api/wp/article/{slug} answers the body; an unknown slug 404', async () => {
    const res = await call('GET', '/wp/article/how-ffl-transfers-work');
    expect(res.statusCode).toBe(200);
    expect(res.json().bodyHtml).toContain('<p>');
    expect((await call('GET', '/wp/article/no-such-article')).statusCode).toBe(404);
  });

  it.each(CALLERS)('POST /api/wp/addOrUpdate as %s', async (who) => {
    const res = await call('POST', '/wp/addOrUpdate', who, {
      slug: `written-by-${who}`,
      title: 'A new review',
      description: 'A short description.',
      bodyHtml: '<p>Good <b>value</b>.</p><script>alert(1)</script><img src=x onerror=alert(1)>',
      authorName: 'Staff Writer',
      brandTags: ['Glock'],
    });
    expect(res.statusCode).toBe(ADMIN_ONLY[who]);
    if (who !== 'admin') return;
    const article = res.json();
    // Stored sanitized: markup allowed in descriptions stays, scripts and handlers do not.
    expect(article.bodyHtml).toBe('<p>Good <strong>value</strong>.</p>');
    expect(article.brandTags).toEqual(['glock']);
    expect(article.readingTime).toBe(1);
    const changed = await call('POST', '/wp/addOrUpdate', 'admin', {
      id: article.id,
      slug: article.slug,
      title: 'A changed review',
      description: 'Changed.',
      bodyHtml: '<p>Changed.</p>',
      authorName: 'Staff Writer',
    });
    expect(changed.json().title).toBe('A changed review');
    expect((await call('GET', `/wp/article/${article.slug}`)).json().title).toBe('A changed review');
  });

  it('a second article cannot take a slug in use; a future date keeps it off the digest', async () => {
    const taken = await call('POST', '/wp/addOrUpdate', 'admin', {
      slug: 'how-ffl-transfers-work',
      title: 'Duplicate',
      description: 'x',
      bodyHtml: '<p>x</p>',
      authorName: 'x',
    });
    expect(taken.statusCode).toBe(409);
    const scheduled = await call('POST', '/wp/addOrUpdate', 'admin', {
      slug: 'next-month',
      title: 'Next month',
      description: 'x',
      bodyHtml: '<p>x</p>',
      authorName: 'x',
      publishedAt: new Date(Date.now() + 30 * 86_400_000).toISOString(),
    });
    expect(scheduled.statusCode).toBe(200);
    expect((await call('GET', '/wp/article/next-month')).statusCode).toBe(404);
  });

  it.each(CALLERS)('the console reads scheduled articles too, as %s', async (who) => {
    const date = new Date(Date.now() + 10 * 86_400_000).toISOString();
    const saved = await call('POST', '/wp/addOrUpdate', 'admin', {
      slug: `scheduled-for-${who}`,
      title: `Scheduled review for ${who}`,
      description: 'Coming soon.',
      bodyHtml: '<p>Soon.</p>',
      authorName: 'Dana Whitfield',
      brandTags: ['glock'],
      publishedAt: date,
    });
    expect(saved.statusCode).toBe(200);
    const list = await call(
      'GET',
      `/pprAdmin/articles?keyword=${encodeURIComponent(`review for ${who}`)}`,
      who,
    );
    const one = await call('GET', `/pprAdmin/articles/scheduled-for-${who}`, who);
    expect(list.statusCode).toBe(ADMIN_ONLY[who]);
    expect(one.statusCode).toBe(ADMIN_ONLY[who]);
    if (who !== 'admin') return;
    const listed = adminArticleListResponseSchema.parse(list.json());
    expect(listed.results.map(({ slug, scheduled, date: when }) => ({ slug, scheduled, when }))).toEqual([
      { slug: `scheduled-for-${who}`, scheduled: true, when: date },
    ]);
    expect(one.json()).toMatchObject({
      slug: `scheduled-for-${who}`,
      scheduled: true,
      bodyHtml: '<p>Soon.</p>',
    });
    // The digest still does not show it, by list or by address.
    const digest = (await call('GET', `/wp/get?keyword=${encodeURIComponent(`review for ${who}`)}`)).json();
    expect(digest).toEqual({ results: [], total: 0 });
    expect((await call('GET', `/wp/article/scheduled-for-${who}`, who)).statusCode).toBe(404);
    // Every article is listed, newest date first: scheduled ones marked, published ones not.
    const all = adminArticleListResponseSchema.parse(
      (await call('GET', '/pprAdmin/articles?perPage=20', who)).json(),
    );
    const dates = all.results.map((article) => Date.parse(article.date));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    const now = Date.now();
    for (const article of all.results) expect(article.scheduled).toBe(Date.parse(article.date) > now);
    expect(all.results.at(-1)?.scheduled).toBe(false);
    expect(all.total).toBeGreaterThan(all.results.length);
    expect((await call('GET', '/pprAdmin/articles/no-such-article', who)).statusCode).toBe(404);
    expect((await call('GET', '/pprAdmin/articles?perPage=500', who)).statusCode).toBe(400);
  });

  it.each(CALLERS)('DELETE /api/wp/delete/{id} as %s', async (who) => {
    const [row] = await t.database.db
      .insert(articles)
      .values({
        slug: `to-delete-${who}`,
        title: 'Gone soon',
        description: 'x',
        bodyHtml: '<p>x</p>',
        authorName: 'x',
        readingTime: 1,
        publishedAt: new Date(),
      })
      .returning({ id: articles.id });
    const res = await call('DELETE', `/wp/delete/${row!.id}`, who);
    expect(res.statusCode).toBe(ADMIN_ONLY[who]);
    const left = await t.database.db.select().from(articles).where(eq(articles.id, row!.id));
    expect(left).toHaveLength(who === 'admin' ? 0 : 1);
  });

  it('GET /api/content/site-stats counts users and articles from the database', async () => {
    const stats = (await call('GET', '/content/site-stats')).json();
    const [counts] = await queryRows<{ users: number; articles: number }>(
      t.database.db,
      sql`select (select count(*)::int from users) as users,
                 (select count(*)::int from articles where published_at <= now()) as articles`,
    );
    expect(stats).toEqual({
      foundedYear: 1997,
      yearsInBusiness: new Date().getUTCFullYear() - 1997,
      users: counts?.users,
      articles: counts?.articles,
    });
  });
});

describe('ads', () => {
  it('a known zone answers its live creatives at the zone size', async () => {
    const res = await call('GET', '/ads/zone?page=home&zone=rev_home_hero_1');
    expect(res.statusCode).toBe(200);
    expect(res.json().ads).toHaveLength(1);
    expect(res.json().ads[0]).toMatchObject({ width: 970, height: 250 });
  });

  it("an unknown location answers 404 'Invalid location'", async () => {
    for (const query of ['page=home&zone=rev_nowhere', 'page=nowhere&zone=rev_home_hero_1']) {
      const res = await call('GET', `/ads/zone?${query}`);
      expect(res.statusCode).toBe(404);
      expect(res.json().error.message).toBe(INVALID_AD_LOCATION);
    }
  });

  it('only creatives inside their schedule and switched on are shown', async () => {
    const zone = 'product_focus_2_mob';
    const before = (await call('GET', `/ads/zone?page=glock&zone=${zone}`)).json().ads.length;
    const day = 86_400_000;
    await t.database.db.insert(adCreatives).values([
      {
        page: 'glock',
        zone,
        name: 'future',
        imageUrl: '/a.png',
        linkUrl: '/',
        altText: 'a',
        startsAt: new Date(Date.now() + day),
      },
      {
        page: 'glock',
        zone,
        name: 'ended',
        imageUrl: '/a.png',
        linkUrl: '/',
        altText: 'a',
        endsAt: new Date(Date.now() - day),
      },
      { page: 'glock', zone, name: 'off', imageUrl: '/a.png', linkUrl: '/', altText: 'a', isActive: 0 },
      { page: 'glock', zone, name: 'first', imageUrl: '/b.png', linkUrl: '/', altText: 'b', priority: 5 },
    ]);
    const ads = (await call('GET', `/ads/zone?page=glock&zone=${zone}`)).json().ads;
    expect(ads).toHaveLength(before + 1);
    expect(ads[0].imageUrl).toBe('/b.png');
  });

  it('impressions and clicks are counted per creative and zone', async () => {
    const [ad] = (await call('GET', '/ads/zone?page=home&zone=product_focus_1')).json().ads;
    const event = (kind: string) =>
      call('POST', '/ads/event', undefined, {
        creativeId: ad.id,
        page: 'home',
        zone: 'product_focus_1',
        kind,
      });
    await Promise.all([event('impression'), event('impression'), event('impression'), event('click')]);
    const list = (await call('GET', '/ads/list', 'admin')).json().results;
    expect(list.find((creative: { id: string }) => creative.id === ad.id)).toMatchObject({
      impressions: 3,
      clicks: 1,
    });
    const elsewhere = await call('POST', '/ads/event', undefined, {
      creativeId: ad.id,
      page: 'home',
      zone: 'product_focus_2',
      kind: 'click',
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it.each(CALLERS)('admins manage creatives and schedules: %s', async (who) => {
    expect((await call('GET', '/ads/list', who)).statusCode).toBe(ADMIN_ONLY[who]);
    const created = await call('POST', '/ads/addOrUpdate', who, {
      page: 'brand',
      zone: 'product_focus_3',
      name: `by ${who}`,
      imageUrl: '/media/family/optics-0.svg',
      linkUrl: '/brand/vortex',
      altText: 'Vortex optics',
      startsAt: '2020-01-01T00:00:00Z',
      endsAt: '2099-01-01T00:00:00Z',
    });
    expect(created.statusCode).toBe(ADMIN_ONLY[who]);
    if (who !== 'admin') return;
    const id = created.json().id;
    const updated = await call('POST', '/ads/addOrUpdate', 'admin', {
      id,
      page: 'brand',
      zone: 'product_focus_3',
      name: 'renamed',
      imageUrl: '/media/family/optics-0.svg',
      linkUrl: '/brand/vortex',
      altText: 'Vortex optics',
      isActive: false,
    });
    expect(updated.json()).toMatchObject({ name: 'renamed', isActive: false, startsAt: null });
    expect((await call('DELETE', `/ads/delete/${id}`, 'buyer')).statusCode).toBe(403);
    expect((await call('DELETE', `/ads/delete/${id}`, 'admin')).statusCode).toBe(200);
    expect((await call('DELETE', `/ads/delete/${id}`, 'admin')).statusCode).toBe(404);
  });

  it('an admin cannot place a creative in an unknown zone or with a schedule that ends first', async () => {
    const base = { name: 'x', imageUrl: '/x.png', linkUrl: '/', altText: 'x' };
    const unknown = await call('POST', '/ads/addOrUpdate', 'admin', {
      ...base,
      page: 'home',
      zone: 'sidebar',
    });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe(INVALID_AD_LOCATION);
    const backwards = await call('POST', '/ads/addOrUpdate', 'admin', {
      ...base,
      page: 'home',
      zone: 'product_focus_1',
      startsAt: '2030-01-02T00:00:00Z',
      endsAt: '2030-01-01T00:00:00Z',
    });
    expect(backwards.statusCode).toBe(400);
  });
});

describe('short links', () => {
  it('/l/{code} answers 301 to the target and counts the click', async () => {
    const before = (await call('GET', `/shortlinks/getByShortCode/${DEMO_SHORT_LINK.shortCode}`)).json()
      .items[0];
    const res = await t.app.inject({ method: 'GET', url: `/l/${DEMO_SHORT_LINK.shortCode}` });
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe(DEMO_SHORT_LINK.fullLink);
    await t.app.inject({ method: 'GET', url: `/l/${DEMO_SHORT_LINK.shortCode}` });
    const after = (await call('GET', `/shortlinks/getByShortCode/${DEMO_SHORT_LINK.shortCode}`)).json()
      .items[0];
    expect(after.clicks).toBe(before.clicks + 2);
  });

  it('an unknown or malformed code is the not-found page', async () => {
    for (const url of ['/l/nosuchcode', '/l/bad%20code!', '/l/a/b']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { accept: 'text/html' } });
      expect(res.statusCode).toBe(404);
    }
  });

  it('POST /shortlinks/get finds for anyone and creates for an admin', async () => {
    const target = '/search?keyword=henry%20big%20boy';
    const visitor = await call('POST', '/shortlinks/get', undefined, { filters: { fullLink: target } });
    expect(visitor.json().items).toEqual([]);
    const buyer = await call('POST', '/shortlinks/get', 'buyer', { filters: { fullLink: target } });
    expect(buyer.json().items).toEqual([]);
    const admin = await call('POST', '/shortlinks/get', 'admin', { filters: { fullLink: target } });
    expect(admin.statusCode).toBe(200);
    const [link] = admin.json().items;
    expect(link).toMatchObject({ fullLink: target, clicks: 0 });
    const again = await call('POST', '/shortlinks/get', undefined, { filters: { fullLink: target } });
    expect(again.json().items.map((item: { id: string }) => item.id)).toEqual([link.id]);
    const redirect = await t.app.inject({ method: 'GET', url: `/l/${link.shortCode}` });
    expect(redirect.headers.location).toBe(target);
    const unsafe = await call('POST', '/shortlinks/get', 'admin', {
      filters: { fullLink: 'javascript:alert(1)' },
    });
    expect(unsafe.statusCode).toBe(400);
  });

  it.each(CALLERS)('admins create, change and delete links: %s', async (who) => {
    const created = await call('POST', '/shortlinks/addOrUpdate', who, {
      shortCode: `by-${who}`,
      fullLink: '/brand/ruger',
    });
    expect(created.statusCode).toBe(ADMIN_ONLY[who]);
    if (who !== 'admin') return;
    const [link] = created.json().items;
    const taken = await call('POST', '/shortlinks/addOrUpdate', 'admin', {
      shortCode: link.shortCode,
      fullLink: '/',
    });
    expect(taken.statusCode).toBe(409);
    const changed = await call('POST', '/shortlinks/addOrUpdate', 'admin', {
      id: link.id,
      fullLink: '/brand/colt',
    });
    expect(changed.json().items[0]).toMatchObject({ shortCode: link.shortCode, fullLink: '/brand/colt' });
    expect((await call('DELETE', `/shortlinks/delete/${link.id}`, 'seller')).statusCode).toBe(403);
    expect((await call('DELETE', `/shortlinks/delete/${link.id}`, 'admin')).statusCode).toBe(200);
    const rows = await t.database.db.select().from(shortLinks).where(eq(shortLinks.id, link.id));
    expect(rows).toHaveLength(0);
  });

  it('refuses a protocol-relative or script target', async () => {
    for (const fullLink of ['//evil.example/x', 'javascript:alert(1)']) {
      const res = await call('POST', '/shortlinks/addOrUpdate', 'admin', { fullLink });
      expect(res.statusCode).toBe(400);
    }
  });
});

describe('POST /api/brands/addOrUpdate', () => {
  const brand = (slug: string, extra: object = {}) => ({
    slug,
    name: 'Kimber',
    keywords: ['Kimber', 'kimber 1911'],
    shopUrl: '/search?keyword=kimber',
    focus: {
      name: 'Kimber',
      heroSubtext: 'Premium 1911 pistols.',
      products: [
        {
          name: 'Kimber Custom II',
          imageFile: 'tile.png',
          imageAlt: 'Kimber Custom II pistol',
          actionUrl: '/search?keyword=kimber',
        },
      ],
    },
    logoFile: 'logo.png',
    ...extra,
  });
  const png = () =>
    sharp({ create: { width: 40, height: 20, channels: 3, background: '#a8741a' } })
      .png()
      .toBuffer();
  const send = async (
    who: Caller | undefined,
    request: object,
    files?: { filename: string; data: Buffer; contentType?: string }[],
  ) => {
    const images = files ?? [
      { filename: 'logo.png', data: await png() },
      { filename: 'tile.png', data: await png() },
    ];
    const form = multipartForm(
      { request: JSON.stringify(request) },
      images.map((file) => ({
        field: 'files',
        filename: file.filename,
        contentType: file.contentType ?? 'image/png',
        data: file.data,
      })),
    );
    return t.app.inject({
      method: 'POST',
      url: '/api/brands/addOrUpdate',
      payload: form.payload,
      headers: { ...form.headers, ...authed(who ? tokens[who] : undefined) },
    });
  };

  it.each(CALLERS)('as %s', async (who) => {
    const res = await send(who, brand(`kimber-${who}`));
    expect(res.statusCode).toBe(ADMIN_ONLY[who]);
    const stored = await queryRows<{ count: number }>(
      t.database.db,
      sql`select count(*)::int as count from brands where slug = ${`kimber-${who}`}`,
    );
    expect(stored[0]?.count).toBe(who === 'admin' ? 1 : 0);
    if (who !== 'admin') return;
    const saved = res.json();
    expect(saved.keywords).toEqual(['kimber', 'kimber 1911']);
    expect(saved.logoUrl).toMatch(/^\/media\/listings\/[0-9a-f-]+\.png$/);
    const logo = await t.app.inject({ method: 'GET', url: saved.logoUrl });
    expect(logo.statusCode).toBe(200);
    expect((await call('GET', `/brands/kimber-${who}`)).json().focus.products[0].imageUrl).toMatch(
      /^\/media\/listings\//,
    );
    const updated = await send(
      'admin',
      { ...brand(`kimber-${who}`), id: saved.id, name: 'Kimber America', logoFile: undefined, focus: null },
      [],
    );
    expect(updated.statusCode).toBe(200);
    expect(updated.json()).toMatchObject({ name: 'Kimber America', logoUrl: null, focus: null });
  });

  it('checks images by their content, not their name or type', async () => {
    const fake = await send('admin', brand('kimber-fake'), [
      { filename: 'logo.png', data: Buffer.from('<svg onload="alert(1)"></svg>') },
      { filename: 'tile.png', data: await png() },
    ]);
    expect(fake.statusCode).toBe(415);
    const missing = await send('admin', brand('kimber-missing'), [
      { filename: 'logo.png', data: await png() },
    ]);
    expect(missing.statusCode).toBe(400);
  });

  it('refuses a slug another brand has', async () => {
    const res = await send('admin', { ...brand('glock'), logoFile: undefined, focus: null }, []);
    // The content seed has no brands, so glock is free here: made once, then taken.
    expect(res.statusCode).toBe(200);
    const again = await send('admin', { ...brand('glock'), logoFile: undefined, focus: null }, []);
    expect(again.statusCode).toBe(409);
  });
});

import { describe, expect, it } from 'vitest';
import {
  httpStatus,
  LEGACY_REDIRECTS,
  legacyListerTarget,
  matchAppRoute,
  type RouteResolution,
  resolveUrl,
} from './resolve.ts';

const LISTING_ID = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';
const USER_ID = '9c1d2e3f-4a5b-4c6d-8e7f-0a1b2c3d4e5f';

/** The resolution without its URLSearchParams, for comparing with plain objects. */
function plain(resolution: RouteResolution): unknown {
  if ('query' in resolution) return { ...resolution, query: resolution.query.toString() };
  return resolution;
}

describe('legacy redirects (special and legacy routes)', () => {
  it.each([
    ['/pistols.htm', '/firearms/handguns'],
    ['/rifles.htm', '/firearms/rifles'],
    ['/shotguns.htm', '/firearms/shotguns'],
    ['/Classifieds/View123.aspx', '/listing?p=123'],
    ['/classifieds/view123.aspx', '/listing?p=123'],
    ['/classifieds/view_123.aspx', '/listing?p=123'],
    ['/search.htm', '/search'],
    ['/advancedsearch.htm', '/search'],
    ['/search.aspx', '/search'],
    ['/default.htm', '/'],
    ['/newtoday', '/newthisweek'],
    ['/register.htm', '/register'],
    ['/guns-gear-reviews', '/'],
    ['/news', '/'],
    ['/browseallguns.aspx', '/firearms'],
    ['/browse-all-guns.htm', '/firearms'],
    [`/classifieds/listingdescription.aspx?ListingID=${LISTING_ID}`, `/${LISTING_ID}`],
    ['/classifieds/listingdescription.aspx?ListingID=4567', '/listing?p=4567'],
  ])('%s → 301 %s', (input, to) => {
    expect(resolveUrl(input)).toEqual({ kind: 'redirect', to, status: 301 });
  });

  it('every fixed legacy path is written in lower case', () => {
    for (const path of Object.keys(LEGACY_REDIRECTS)) expect(path).toBe(path.toLowerCase());
  });

  it.each([
    ['/PISTOLS.HTM', '/firearms/handguns'],
    ['/Pistols.Htm', '/firearms/handguns'],
    ['/CLASSIFIEDS/VIEW_123.ASPX', '/listing?p=123'],
    ['/Search.htm', '/search'],
    ['/AdvancedSearch.htm', '/search'],
    ['/Search.aspx', '/search'],
    ['/Default.htm', '/'],
    ['/NewToday', '/newthisweek'],
    ['/Register.htm', '/register'],
    ['/Guns-Gear-Reviews', '/'],
    ['/NEWS', '/'],
    ['/BrowseAllGuns.aspx', '/firearms'],
    [`/Classifieds/ListingDescription.aspx?listingid=${LISTING_ID.toUpperCase()}`, `/${LISTING_ID}`],
  ])('matches in any letter case: %s → %s', (input, to) => {
    expect(resolveUrl(input)).toEqual({ kind: 'redirect', to, status: 301 });
  });

  it.each([
    ['/search.htm?keyword=glock&cmc=ad1', '/search?keyword=glock&cmc=ad1'],
    ['/advancedsearch.htm?familyIDs=18,11', '/search?familyIDs=18,11'],
    ['/Search.aspx?keyword=ar15', '/search?keyword=ar15'],
    ['/pistols.htm?cmc=ad1', '/firearms/handguns?cmc=ad1'],
    ['/Classifieds/View123.aspx?x=1', '/listing?p=123&x=1'],
    ['/classifieds/view123.aspx?p=999&cmc=ad1', '/listing?p=123&cmc=ad1'],
    [`/classifieds/listingdescription.aspx?ListingID=${LISTING_ID}&cmc=ad1`, `/${LISTING_ID}?cmc=ad1`],
  ])('keeps the query string: %s → %s', (input, to) => {
    expect(resolveUrl(input)).toEqual({ kind: 'redirect', to, status: 301 });
  });

  it.each([
    ['/pistols.htm/', '/firearms/handguns'],
    ['/newtoday/', '/newthisweek'],
  ])('tolerates a trailing slash: %s → %s', (input, to) => {
    expect(resolveUrl(input)).toEqual({ kind: 'redirect', to, status: 301 });
  });
});

describe('external hand-offs', () => {
  it.each([
    ['/hunt365', 'https://hunt365.ironsight.example/'],
    ['/Hunt365/?cmc=x', 'https://hunt365.ironsight.example/?cmc=x'],
  ])('%s → %s', (input, to) => {
    expect(resolveUrl(input)).toEqual({ kind: 'external', to });
  });
});

describe('the digest (news and reviews) is a page of the app', () => {
  it.each([
    ['/digest', 'digest', {}],
    ['/Digest/?s=glock', 'digest', {}],
    ['/digest/glock-19-gen5-review', 'digestArticle', { slug: 'glock-19-gen5-review' }],
    ['/digest/Glock-19-Gen5-Review', 'digestArticle', { slug: 'glock-19-gen5-review' }],
  ])('%s is the %s route', (input, route, params) => {
    expect(resolveUrl(input)).toMatchObject({ kind: 'route', route, params });
  });

  it.each([
    ['/blog', '/digest'],
    ['/BLOG?cmc=old', '/digest?cmc=old'],
    ['/blog/', '/digest'],
    ['/blog/glock-19-gen5-review?utm=x', '/digest/glock-19-gen5-review?utm=x'],
  ])('%s → %s', (input, to) => {
    expect(resolveUrl(input)).toEqual({ kind: 'redirect', to, status: 301 });
  });

  it('an article address that is no slug, or a deeper path, is not found', () => {
    expect(resolveUrl('/digest/not_a_slug!')).toEqual({ kind: 'notFound' });
    expect(resolveUrl('/digest/reviews/glock')).toEqual({ kind: 'notFound' });
  });

  it('/digestive is not the digest', () => {
    expect(resolveUrl('/digestive')).toEqual({ kind: 'notFound' });
  });
});

describe('lookups the server completes', () => {
  it.each([
    ['/Search/Lister/42', '42', ''],
    ['/search/lister/42/', '42', ''],
    ['/SEARCH/LISTER/0042?cmc=x', '42', 'cmc=x'],
    ['/Search.aspx?lid=42', '42', ''],
    ['/search.aspx?LID=42&keyword=ar15', '42', 'keyword=ar15'],
  ])('%s → legacy lister %s', (input, legacyListerId, query) => {
    expect(plain(resolveUrl(input))).toEqual({
      kind: 'lookup',
      lookup: 'legacyLister',
      legacyListerId,
      query,
    });
  });

  it.each([
    ['/l/abc123', 'abc123'],
    ['/L/AbC123', 'AbC123'],
    ['/l/abc123/', 'abc123'],
    ['/l/abc123?ref=sms', 'abc123'],
  ])('%s → short link %s (code case kept)', (input, code) => {
    expect(resolveUrl(input)).toEqual({ kind: 'lookup', lookup: 'shortLink', code });
  });

  it('a resolved legacy lister goes to the search by seller, keeping other parameters', () => {
    expect(legacyListerTarget(USER_ID)).toBe(`/search?uid=${USER_ID}`);
    expect(legacyListerTarget(USER_ID, new URLSearchParams('cmc=x&uid=other'))).toBe(
      `/search?uid=${USER_ID}&cmc=x`,
    );
  });
});

describe('unresolved legacy links and unknown paths are not found', () => {
  it.each([
    ['/classifieds/viewabc.aspx'],
    ['/classifieds/view.aspx'],
    ['/classifieds/view12a.aspx'],
    ['/classifieds/view__123.aspx'],
    ['/classifieds/view123'],
    ['/classifieds/view0.aspx'],
    ['/classifieds/view123.aspx/extra'],
    ['/classifieds/other.aspx'],
    ['/classifieds'],
    ['/classifieds/listingdescription.aspx'],
    ['/classifieds/listingdescription.aspx?ListingID='],
    ['/classifieds/listingdescription.aspx?ListingID=abc'],
    ['/classifieds/listingdescription.aspx?ListingID=00000000-0000-0000-0000-000000000000'],
    ['/Search/Lister/abc'],
    ['/Search/Lister/'],
    ['/Search/Lister/12.5'],
    ['/Search/Lister/42/more'],
    ['/Search.aspx?lid=abc'],
    ['/Search.aspx?lid='],
    ['/l/'],
    ['/l'],
    ['/l/a/b'],
    ['/l/bad%20code'],
    ['/listing'],
    ['/listing?p='],
    ['/listing?p=abc'],
    ['/listing?p=0'],
    ['/guns-miami'],
    ['/guns-'],
    ['/brand/'],
    ['/brand/glock_19'],
    ['/brand/glock/extra'],
    ['/no-such-page'],
    ['/dashboard/unknown'],
    ['/cart/view/extra'],
    ['/dashboard/billing/invoices/not-an-id'],
    ['/12345'],
    ['/not-a-uuid/some-title'],
    [`/${LISTING_ID}/title/extra`],
    ['/00000000-0000-0000-0000-000000000000'],
    ['/%E0%A4%A'],
    ['search'],
    [''],
    ['javascript:alert(1)'],
    ['mailto:someone@example.com'],
  ])('%j → notFound', (input) => {
    expect(resolveUrl(input)).toEqual({ kind: 'notFound' });
  });
});

describe("the app's own pages", () => {
  it.each([
    ['/', 'home', {}],
    ['/admin', 'admin', { '*': '' }],
    ['/admin/users/Abc', 'admin', { '*': 'users/Abc' }],
    ['/dashboard', 'dashboard', {}],
    ['/dashboard/buying/orders', 'dashboard.buying.orders', {}],
    ['/dashboard/buying/savedsearches', 'dashboard.buying.savedSearches', {}],
    ['/dashboard/selling/list-item', 'dashboard.selling.listItem', {}],
    ['/dashboard/selling/livecheckout', 'dashboard.selling.liveCheckout', {}],
    ['/dashboard/messages/inbox', 'dashboard.messages.inbox', {}],
    ['/dashboard/billing/paymentmethods', 'dashboard.billing.paymentMethods', {}],
    [
      '/dashboard/billing/invoices/0B5E7A2C-3D4F-4A1B-9C8D-7E6F5A4B3C2D',
      'dashboard.billing.invoice',
      { id: '0b5e7a2c-3d4f-4a1b-9c8d-7e6f5a4b3c2d' },
    ],
    ['/dashboard/accountsettings', 'dashboard.accountSettings', {}],
    ['/cart', 'cart', {}],
    ['/cart/view', 'cart.view', {}],
    ['/ffl', 'ffl', {}],
    ['/login', 'login', {}],
    ['/register', 'register', {}],
    ['/forgot-password', 'forgotPassword', {}],
    ['/password-expired?email=a%40b.example', 'passwordExpired', {}],
    ['/membership', 'membership', {}],
    ['/about-us', 'aboutUs', {}],
    ['/site-map', 'siteMap', {}],
    ['/sell-guns', 'sellGuns', {}],
    ['/newthisweek', 'newThisWeek', {}],
    ['/local-links', 'localLinks', {}],
    ['/advanced-search', 'advancedSearch', {}],
    ['/search', 'search', {}],
    ['/search/', 'search', {}],
    ['/SEARCH?keyword=AR15', 'search', {}],
    ['/listing?p=123', 'listing', { p: '123' }],
    ['/listing?P=00123', 'listing', { p: '123' }],
    ['/firearms', 'firearms', {}],
    ['/firearms/handguns', 'firearms.handguns', {}],
    ['/Firearms/Rifles/', 'firearms.rifles', {}],
    ['/firearms/shotguns', 'firearms.shotguns', {}],
    ['/brand/best-selling-guns', 'brand', { slug: 'best-selling-guns' }],
    ['/brand/ar15', 'brand', { slug: 'ar15' }],
    ['/brand/used-guns', 'brand', { slug: 'used-guns' }],
    ['/brand/glock', 'brand', { slug: 'glock' }],
    ['/brand/Sig-Sauer', 'brand', { slug: 'sig-sauer' }],
    ['/brand/smith-and-wesson', 'brand', { slug: 'smith-and-wesson' }],
    ['/404', 'notFound', {}],
    ['/welcome-email-redirect', 'welcomeEmailRedirect', {}],
    ['/Welcome-Email-Redirect', 'welcomeEmailRedirect', {}],
    [`/${LISTING_ID}`, 'listingById', { productId: LISTING_ID }],
    [`/${LISTING_ID}/glock-19-gen5`, 'listingById', { productId: LISTING_ID, title: 'glock-19-gen5' }],
    [`/${LISTING_ID.toUpperCase()}/Glock-19/`, 'listingById', { productId: LISTING_ID, title: 'Glock-19' }],
  ])('%s is the %s page', (input, route, params) => {
    const resolution = resolveUrl(input);
    expect(resolution).toMatchObject({ kind: 'route', route, params });
    expect(resolution.kind === 'route' && resolution.params).toEqual(params);
  });

  it.each([
    ['houston'],
    ['sanantonio'],
    ['austin'],
    ['dallas'],
    ['tyler'],
    ['elpaso'],
    ['plano'],
    ['losangeles'],
    ['chicago'],
    ['phoenix'],
    ['philadelphia'],
    ['sandiego'],
    ['sanjose'],
    ['fortworth'],
    ['charlotte'],
    ['seattle'],
    ['denver'],
    ['washington'],
    ['nashville'],
    ['detroit'],
  ])('/guns-%s is a city page', (city) => {
    expect(resolveUrl(`/guns-${city}`)).toMatchObject({ kind: 'route', route: 'city', params: { city } });
  });

  it('a city in capitals is the same city', () => {
    expect(resolveUrl('/GUNS-ElPaso')).toMatchObject({
      kind: 'route',
      route: 'city',
      params: { city: 'elpaso' },
    });
  });

  it('keeps the query of a page, values in their case', () => {
    const resolution = resolveUrl('/search?keyword=Glock%2019&listingType=local#results');
    expect(plain(resolution)).toEqual({
      kind: 'route',
      route: 'search',
      params: {},
      query: 'keyword=Glock+19&listingType=local',
    });
  });

  it('keeps the query of welcome-email-redirect for the client to pass on', () => {
    const resolution = resolveUrl('/welcome-email-redirect?cmc=welcome&step=1');
    expect(plain(resolution)).toMatchObject({ route: 'welcomeEmailRedirect', query: 'cmc=welcome&step=1' });
  });

  it('decodes path parameters', () => {
    expect(resolveUrl(`/${LISTING_ID}/caf%C3%A9`)).toMatchObject({ params: { title: 'café' } });
  });
});

describe('absolute URLs and deep links', () => {
  it.each([
    [
      'https://www.ironsight.example/Classifieds/View123.aspx?x=1',
      { kind: 'redirect', to: '/listing?p=123&x=1', status: 301 },
    ],
    ['https://ironsight.example/pistols.htm', { kind: 'redirect', to: '/firearms/handguns', status: 301 }],
    ['https://ironsight.example/blog?s=ar15', { kind: 'redirect', to: '/digest?s=ar15', status: 301 }],
    ['ironsight://l/abc123', { kind: 'lookup', lookup: 'shortLink', code: 'abc123' }],
    ['ironsight:///newtoday', { kind: 'redirect', to: '/newthisweek', status: 301 }],
  ])('%s', (input, expected) => {
    expect(resolveUrl(input)).toEqual(expected);
  });

  it.each([
    ['https://ironsight.example/', 'home'],
    [`https://ironsight.example/${LISTING_ID}/glock`, 'listingById'],
    ['ironsight://search?keyword=ar15', 'search'],
    ['ironsight://dashboard/messages/inbox', 'dashboard.messages.inbox'],
  ])('%s is the %s page', (input, route) => {
    expect(resolveUrl(input)).toMatchObject({ kind: 'route', route });
  });

  it('reads the query of a deep link', () => {
    const resolution = resolveUrl('ironsight://search?keyword=ar15');
    expect(resolution.kind === 'route' && resolution.query.get('keyword')).toBe('ar15');
  });
});

describe('matchAppRoute (the route table alone)', () => {
  it.each([
    ['/search', undefined, { route: 'search', params: {} }],
    ['/Cart/View/', undefined, { route: 'cart.view', params: {} }],
    ['/guns-houston', undefined, { route: 'city', params: { city: 'houston' } }],
    ['/listing', 'p=77', { route: 'listing', params: { p: '77' } }],
    ['/listing', undefined, null],
    ['/pistols.htm', undefined, null],
    ['/no-such-page', undefined, null],
  ])('%s (query %j) → %j', (pathname, query, expected) => {
    expect(matchAppRoute(pathname, query)).toEqual(expected);
  });
});

describe('HTTP status', () => {
  it.each([
    ['/', 200],
    ['/search?keyword=ar15', 200],
    ['/404', 404],
    ['/no-such-page', 404],
    ['/pistols.htm', 301],
    ['/digest', 200],
    ['/blog', 301],
    ['/hunt365', 302],
  ])('%s answers %i', (input, status) => {
    const resolution = resolveUrl(input);
    if (resolution.kind === 'lookup') throw new Error('expected no lookup');
    expect(httpStatus(resolution)).toBe(status);
  });
});

import { describe, expect, it } from 'vitest';
import {
  CITY_SLUG_LIST,
  CITY_SLUGS,
  HOME_LINKS,
  isCitySlug,
  listingPath,
  paths,
  ROUTES,
  SHOP_LOCAL_DEFAULTS,
  sanitizeTitleForUrl,
} from './paths.ts';

const LISTING_ID = '3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b';

describe('route table', () => {
  it.each([
    ['home', '/'],
    ['admin', '/admin/*'],
    ['dashboard', '/dashboard'],
    ['dashboard.buying.orders', '/dashboard/buying/orders'],
    ['dashboard.buying.tools', '/dashboard/buying/tools'],
    ['dashboard.buying.offers', '/dashboard/buying/offers'],
    ['dashboard.buying.bids', '/dashboard/buying/bids'],
    ['dashboard.buying.favorites', '/dashboard/buying/favorites'],
    ['dashboard.buying.savedSearches', '/dashboard/buying/savedsearches'],
    ['dashboard.selling.orders', '/dashboard/selling/orders'],
    ['dashboard.selling.listings', '/dashboard/selling/listings'],
    ['dashboard.selling.listItem', '/dashboard/selling/list-item'],
    ['dashboard.selling.offers', '/dashboard/selling/offers'],
    ['dashboard.selling.auctions', '/dashboard/selling/auctions'],
    ['dashboard.selling.tools', '/dashboard/selling/tools'],
    ['dashboard.selling.liveCheckout', '/dashboard/selling/livecheckout'],
    ['dashboard.messages.inbox', '/dashboard/messages/inbox'],
    ['dashboard.messages.sent', '/dashboard/messages/sent'],
    ['dashboard.billing.invoices', '/dashboard/billing/invoices'],
    ['dashboard.billing.payments', '/dashboard/billing/payments'],
    ['dashboard.billing.paymentMethods', '/dashboard/billing/paymentmethods'],
    ['dashboard.accountSettings', '/dashboard/accountsettings'],
    ['cart', '/cart'],
    ['cart.view', '/cart/view'],
    ['ffl', '/ffl'],
    ['login', '/login'],
    ['register', '/register'],
    ['forgotPassword', '/forgot-password'],
    ['passwordExpired', '/password-expired'],
    ['membership', '/membership'],
    ['aboutUs', '/about-us'],
    ['siteMap', '/site-map'],
    ['sellGuns', '/sell-guns'],
    ['newThisWeek', '/newthisweek'],
    ['localLinks', '/local-links'],
    ['advancedSearch', '/advanced-search'],
    ['search', '/search'],
    ['listing', '/listing'],
    ['firearms', '/firearms'],
    ['firearms.handguns', '/firearms/handguns'],
    ['firearms.rifles', '/firearms/rifles'],
    ['firearms.shotguns', '/firearms/shotguns'],
    ['brand', '/brand/:slug'],
    ['city', '/guns-:city'],
    ['notFound', '/404'],
    ['welcomeEmailRedirect', '/welcome-email-redirect'],
    ['identify', '/identify'],
    ['listingById', '/:productId/:title?'],
  ])('%s is %s', (id, pattern) => {
    expect(ROUTES.find((route) => route.id === id)?.pattern).toBe(pattern);
  });

  it('has one entry per id', () => {
    const ids = ROUTES.map((route) => route.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("the home page's title is 'Buy Guns Online and Sell Guns Online'", () => {
    expect(ROUTES.find((route) => route.id === 'home')?.title).toBe('Buy Guns Online and Sell Guns Online');
  });

  it('the listing page requires the legacy id query p', () => {
    expect(Object.keys(ROUTES.find((route) => route.id === 'listing')?.query ?? {})).toEqual(['p']);
  });
});

describe('city pages', () => {
  it.each([
    ['houston', 'Houston', 'TX'],
    ['sanantonio', 'San Antonio', 'TX'],
    ['austin', 'Austin', 'TX'],
    ['dallas', 'Dallas', 'TX'],
    ['tyler', 'Tyler', 'TX'],
    ['elpaso', 'El Paso', 'TX'],
    ['plano', 'Plano', 'TX'],
    ['losangeles', 'Los Angeles', 'CA'],
    ['chicago', 'Chicago', 'IL'],
    ['phoenix', 'Phoenix', 'AZ'],
    ['philadelphia', 'Philadelphia', 'PA'],
    ['sandiego', 'San Diego', 'CA'],
    ['sanjose', 'San Jose', 'CA'],
    ['fortworth', 'Fort Worth', 'TX'],
    ['charlotte', 'Charlotte', 'NC'],
    ['seattle', 'Seattle', 'WA'],
    ['denver', 'Denver', 'CO'],
    ['washington', 'Washington', 'DC'],
    ['nashville', 'Nashville', 'TN'],
    ['detroit', 'Detroit', 'MI'],
  ])('/guns-%s is %s, %s', (slug, name, state) => {
    expect(isCitySlug(slug)).toBe(true);
    expect(CITY_SLUGS[slug as keyof typeof CITY_SLUGS]).toEqual({ name, state });
    expect(paths.city(slug as keyof typeof CITY_SLUGS)).toBe(`/guns-${slug}`);
  });

  it('lists exactly the 20 cities of the spec, in its order', () => {
    expect(CITY_SLUG_LIST).toEqual([
      'houston',
      'sanantonio',
      'austin',
      'dallas',
      'tyler',
      'elpaso',
      'plano',
      'losangeles',
      'chicago',
      'phoenix',
      'philadelphia',
      'sandiego',
      'sanjose',
      'fortworth',
      'charlotte',
      'seattle',
      'denver',
      'washington',
      'nashville',
      'detroit',
    ]);
  });

  it.each([['miami'], ['Houston'], ['toString'], ['constructor'], ['']])('%j is not a city slug', (raw) => {
    expect(isCitySlug(raw)).toBe(false);
  });
});

describe('listing URL', () => {
  it.each([
    ['Glock 19 Gen5 9mm', 'glock-19-gen5-9mm'],
    ['  Smith & Wesson M&P Shield  ', 'smith-wesson-m-p-shield'],
    ["Ruger's 10/22 Takedown!", 'rugers-10-22-takedown'],
    ['Beretta 92FS — Italian-made', 'beretta-92fs-italian-made'],
    ['Sauer & Söhne Crème', 'sauer-sohne-creme'],
    ['.45 ACP', '45-acp'],
    ['---', 'listing'],
    ['', 'listing'],
    [null, 'listing'],
    ['日本語', 'listing'],
  ])('%j → %j', (title, expected) => {
    expect(sanitizeTitleForUrl(title)).toBe(expected);
  });

  it('cuts long titles at a word boundary to at most 80 characters', () => {
    const title =
      'Remington Model 700 Bolt Action Rifle 30-06 Springfield with Leupold Scope and Hard Case Included';
    const slug = sanitizeTitleForUrl(title);
    expect(slug).toBe('remington-model-700-bolt-action-rifle-30-06-springfield-with-leupold-scope-and');
    expect(slug.length).toBeLessThanOrEqual(80);
  });

  it('cuts a single over-long word at 80 characters', () => {
    expect(sanitizeTitleForUrl('a'.repeat(100))).toBe('a'.repeat(80));
  });

  it('is /{listingId}/{sanitized-title}', () => {
    expect(listingPath(LISTING_ID, 'Glock 19 Gen5')).toBe(`/${LISTING_ID}/glock-19-gen5`);
    expect(paths.listing(LISTING_ID, '')).toBe(`/${LISTING_ID}/listing`);
    expect(paths.listingById(LISTING_ID)).toBe(`/${LISTING_ID}`);
  });
});

describe('home and header links', () => {
  it.each([
    ['Online Listings: View all', HOME_LINKS.onlineListingsViewAll, '/search?upsells=2&listingType=national'],
    ['Local Listings', HOME_LINKS.localListings, '/search?listingType=local'],
    [
      'New This Week',
      HOME_LINKS.newThisWeek,
      '/search?listingStartDate=7&distributorId=00000000-0000-0000-0000-000000000000',
    ],
    ['Shop Local', HOME_LINKS.shopLocal, '/search?zipCode=75207&distance=50&listingType=local'],
    ['Buy guns online', HOME_LINKS.buyGunsOnline, '/firearms'],
    ['Search local guns', HOME_LINKS.searchLocalGuns, '/search?listingType=local'],
    ['Learn about guns', HOME_LINKS.learnAboutGuns, '/digest'],
  ])('%s → %s', (_label, actual, expected) => {
    expect(actual).toBe(expected);
  });

  it('Shop Local defaults: zip 75207, 50 miles, local', () => {
    expect(SHOP_LOCAL_DEFAULTS).toEqual({ zipCode: '75207', distance: 50, listingType: 'local' });
  });
});

describe('link builders', () => {
  it.each([
    ['home', paths.home(), '/'],
    ['dashboard', paths.dashboard(), '/dashboard'],
    ['favorites', paths.favorites(), '/dashboard/buying/favorites'],
    ['saved searches', paths.savedSearches(), '/dashboard/buying/savedsearches'],
    ['list an item', paths.listItem(), '/dashboard/selling/list-item'],
    ['set up payments', paths.liveCheckout(), '/dashboard/selling/livecheckout'],
    ['inbox', paths.inbox(), '/dashboard/messages/inbox'],
    ['cart', paths.cartView(), '/cart/view'],
    ['sell guns', paths.sellGuns(), '/sell-guns'],
    ['membership', paths.membership(), '/membership'],
    ['login', paths.login(), '/login'],
    [
      'login with return URL',
      paths.login('/search?keyword=ar15'),
      '/login?returnUrl=%2Fsearch%3Fkeyword%3Dar15',
    ],
    [
      'login with a search to save',
      paths.login('/search', { searchName: 'AR', searchQuery: 'keyword=ar15', frequency: 'daily' }),
      '/login?returnUrl=%2Fsearch&searchName=AR&searchQuery=keyword%3Dar15&frequency=daily',
    ],
    [
      'password expired',
      paths.passwordExpired('a+b@example.com'),
      '/password-expired?email=a%2Bb%40example.com',
    ],
    ['search', paths.search({ keyword: 'ar15' }), '/search?keyword=ar15'],
    ['empty search', paths.search(), '/search'],
    [
      'seller search',
      paths.sellerSearch('3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b'),
      '/search?uid=3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b',
    ],
    ['legacy listing', paths.legacyListing(123), '/listing?p=123'],
    ['firearms', paths.firearms(), '/firearms'],
    ['handguns', paths.firearms('handguns'), '/firearms/handguns'],
    ['brand', paths.brand('sig-sauer'), '/brand/sig-sauer'],
    ['not found', paths.notFound(), '/404'],
    ['page by id', paths.to('aboutUs'), '/about-us'],
    ['digest', paths.digest(), '/digest'],
    ['articles search', paths.digestSearch('glock 19'), '/digest?s=glock%2019'],
    ['an article', paths.digestArticle('glock-19-review'), '/digest/glock-19-review'],
    ['hunt365', paths.hunt365(), 'https://hunt365.ironsight.example/'],
    ['help', paths.help(), 'https://help.ironsight.example/'],
  ])('%s → %s', (_label, actual, expected) => {
    expect(actual).toBe(expected);
  });
});

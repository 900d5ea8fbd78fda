import { type ConsoleMessage, expect, type Page, test } from './support/test.ts';

/*
 * The public pages come from the server with their content, and the browser takes them over
 * (hydration) without a console error or warning and without fetching their data again.
 */

interface ListingCard {
  id: string;
  title: string;
  listingURL: string;
}

async function firstFeatured(request: import('@playwright/test').APIRequestContext): Promise<ListingCard> {
  const answer = await request.get('/api/listings/featured');
  expect(answer.ok()).toBe(true);
  const { results } = (await answer.json()) as { results: ListingCard[] };
  const first = results[0];
  if (!first) throw new Error('The demo data has no featured listings.');
  return first;
}

test.describe('server-rendered pages with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  test('the home page shows its blocks and their listings', async ({ page, request }) => {
    const featured = await firstFeatured(request);
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Buy Guns. Sell Guns. Learn about Guns.',
    );
    for (const heading of ['Online Listings', 'Local Listings', 'New This Week']) {
      await expect(page.getByRole('heading', { name: heading, level: 2 })).toBeVisible();
    }
    // A card shows a shortened title; its link carries the whole one.
    await expect(page.getByTitle(featured.title, { exact: true }).first()).toBeVisible();
  });

  test('the sell-guns page shows the seller plans and their fees', async ({ page }) => {
    const response = await page.goto('/sell-guns');
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: 'Sell guns on Ironsight' })).toBeVisible();
    const plans = page.getByRole('list', { name: 'Seller plans' });
    await expect(plans.getByRole('heading', { level: 3 })).toHaveText([
      'Basic Seller',
      'Trusted Seller',
      'Platinum Seller',
    ]);
    await expect(page.getByRole('table', { name: 'Listing options and their prices' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/register');
  });

  test('a search shows its first results', async ({ page, request }) => {
    const answer = await request.post('/api/listings/search', { data: { keyword: 'rifle' } });
    const { results } = (await answer.json()) as { results: ListingCard[] };
    expect(results.length).toBeGreaterThan(0);
    await page.goto('/search?keyword=rifle');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('rifle');
    for (const result of results.slice(0, 2)) {
      await expect(page.getByTitle(result.title, { exact: true }).first()).toBeVisible();
    }
  });

  test('a listing shows its title and price', async ({ page, request }) => {
    const featured = await firstFeatured(request);
    const detail = await request.post('/api/listings/get', {
      data: { filters: { listingIds: [featured.id] } },
    });
    const { results } = (await detail.json()) as { results: { title: string; displayPrice: number }[] };
    const listing = results[0];
    if (!listing) throw new Error('The featured listing could not be read.');
    const response = await page.goto(featured.listingURL);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(listing.title);
    const price = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(
      listing.displayPrice,
    );
    await expect(page.getByText(price).first()).toBeVisible();
  });

  test('the header search works before the app runs', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search listings' });
    await box.fill('glock');
    await box.press('Enter');
    await expect(page).toHaveURL('/search?keyword=glock');
    await expect(page.getByRole('heading', { level: 1 })).toContainText('glock');
  });
});

test.describe('hydration of server-rendered pages', () => {
  /** Console errors and warnings of the page, and its API calls, from the first byte on. */
  function watch(page: Page) {
    const problems: string[] = [];
    const apiCalls: string[] = [];
    page.on('console', (message: ConsoleMessage) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${url.pathname}`);
    });
    return { problems, apiCalls };
  }

  /** The app marks the document once it runs in the browser (here: once the page is hydrated). */
  async function hydrated(page: Page) {
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
  }

  /**
   * Waits for the parts a page hydrates after it has (the header's search and menu once the browser
   * is idle, the footer and the blocks further down once seen): scrolled through, then idle.
   */
  async function partsHydrated(page: Page) {
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.waitForLoadState('networkidle');
    for (let round = 0; round < 2; round++)
      await page.evaluate(
        () => new Promise<void>((resolve) => requestIdleCallback(() => resolve(), { timeout: 3000 })),
      );
  }

  const pageData = (page: Page) =>
    page.locator('#app-data').evaluate((element) => JSON.parse(element.textContent ?? '') as unknown);

  test('the home page hydrates without errors and without fetching its lists again', async ({ page }) => {
    // A kept page can be older than the browser's freshness window: a clock an hour ahead of the
    // server's must not make the page fetch what it was delivered with.
    await page.addInitScript(() => {
      const serverNow = Date.now.bind(Date);
      Date.now = () => serverNow() + 3_600_000;
    });
    const { problems, apiCalls } = watch(page);
    await page.goto('/');
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Online Listings' })).toBeVisible();
    expect(await pageData(page)).toBeTruthy();
    expect(
      apiCalls.filter((call) => /\/listings\/(featured|local|newthisweek)$|\/brands\//.test(call)),
    ).toEqual([]);
    expect(problems).toEqual([]);
    // The parts hydrated later do so without errors, and with the data the page was delivered with.
    await partsHydrated(page);
    expect(
      apiCalls.filter((call) => /\/listings\/(featured|local|newthisweek)$|\/brands\//.test(call)),
    ).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('the header search hydrates after the page, keeping what was typed before it did', async ({
    page,
  }) => {
    // The search bar's code is held back until the visitor has typed, as on a slow connection.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const asked: string[] = [];
    await page.route(/\/assets\/header-search-[\w-]+\.js$/, async (route) => {
      asked.push(route.request().url());
      await held;
      await route.continue();
    });
    const { problems } = watch(page);
    await page.goto('/');
    await hydrated(page);
    const box = page.getByRole('combobox', { name: 'Search listings' });
    await box.fill('glo');
    // Focusing the bar asked for its code (if the idle moment had not already).
    expect(asked.length).toBeGreaterThan(0);
    release();
    await expect(page.getByRole('listbox', { name: 'Search suggestions' })).toBeVisible();
    await expect(box).toHaveValue('glo');
    await expect(box).toBeFocused();
    await box.press('ArrowDown');
    await box.press('Enter');
    await expect(page).toHaveURL(/\/search\?/);
    expect(problems).toEqual([]);
  });

  test("a page names its screen's files, and a later screen's files are preloaded together", async ({
    page,
    request,
  }) => {
    const tableAnswer = await request.get('/page-chunks.json');
    expect(tableAnswer.ok()).toBe(true);
    expect(tableAnswer.headers()['cache-control']).toBe('no-cache');
    const table = (await tableAnswer.json()) as Record<string, string[]>;
    expect(table.home?.some((file) => /\/assets\/home-page-[\w-]+\.js$/.test(file))).toBe(true);

    // A server-rendered page: the start script names the screen's files.
    const { problems } = watch(page);
    await page.goto('/');
    const named = await page.locator('script[data-app-entry]').getAttribute('data-page-preload');
    expect(named?.split(' ')).toEqual(table.home);
    await hydrated(page);
    await partsHydrated(page);
    // The table is fetched once the browser is idle, which a busy machine can put off past the above.
    await expect(page.locator('html')).toHaveAttribute('data-page-chunks', 'loaded');

    // A screen not shown yet: its files are preloaded together before it loads.
    const digest = table.digest ?? [];
    expect(digest.length).toBeGreaterThan(0);
    await page.getByRole('contentinfo').getByRole('link', { name: 'News and reviews', exact: true }).click();
    await expect(page).toHaveURL('/digest');
    const preloaded = await page
      .locator('link[rel="modulepreload"]')
      .evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(preloaded).toEqual(expect.arrayContaining(digest));
    expect(problems).toEqual([]);

    // A page the browser renders (behind login): the screen's files are in its head.
    const shell = await (await request.get('/dashboard')).text();
    for (const file of table.dashboard ?? [])
      expect(shell).toContain(`<link rel="modulepreload" crossorigin href="${file}">`);
  });

  test('a search hydrates without errors and without searching again', async ({ page }) => {
    const { problems, apiCalls } = watch(page);
    await page.goto('/search?keyword=rifle');
    await hydrated(page);
    expect(apiCalls.filter((call) => call.endsWith('/listings/search'))).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('a listing hydrates without errors and without reading the listing again', async ({
    page,
    request,
  }) => {
    const featured = await firstFeatured(request);
    const { problems, apiCalls } = watch(page);
    await page.goto(featured.listingURL);
    await hydrated(page);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(featured.title);
    expect(apiCalls.filter((call) => call.endsWith('/listings/get'))).toEqual([]);
    expect(problems).toEqual([]);
  });

  test('the first screen does not move when the page is hydrated', async ({ page, request }) => {
    const featured = await firstFeatured(request);
    await page.goto(featured.listingURL, { waitUntil: 'commit' });
    const heading = page.getByRole('heading', { level: 1 });
    await expect(heading).toBeVisible();
    const before = await heading.boundingBox();
    await hydrated(page);
    await page.waitForLoadState('networkidle');
    expect(await heading.boundingBox()).toEqual(before);
  });
});

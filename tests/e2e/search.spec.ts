import type { SearchResponse } from '../../shared/contract/listing-search.ts';
import type { ListingDetail } from '../../shared/contract/listing-shapes.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { type APIRequestContext, expect, test } from './support/test.ts';

/** Listing details of a page of search results, straight from the API. */
async function listingsOfPage(request: APIRequestContext, page: number): Promise<ListingDetail[]> {
  const search = await request.post('/api/listings/search', {
    data: { page, pageSize: 100, sort: 'newest' },
  });
  expect(search.ok()).toBe(true);
  const { results } = (await search.json()) as SearchResponse;
  const details = await request.post('/api/listings/get', {
    data: { filters: { listingIds: results.map((listing) => listing.id) } },
  });
  expect(details.ok()).toBe(true);
  return ((await details.json()) as { results: ListingDetail[] }).results;
}

async function findListing(request: APIRequestContext, wanted: (listing: ListingDetail) => boolean) {
  for (let page = 1; page <= 10; page++) {
    const found = (await listingsOfPage(request, page)).find(wanted);
    if (found) return found;
  }
  throw new Error('No listing of that kind in the demo data.');
}

test.describe('search and listing pages against the real server', () => {
  test('header search → suggestion → results → filter → listing page', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('combobox', { name: 'Search listings' });
    await box.fill('glo');

    const suggestions = page.getByRole('listbox', { name: 'Search suggestions' });
    await expect(suggestions).toBeVisible();
    const top = suggestions.getByRole('option').first();
    const topText = (await top.locator('span').first().textContent())?.trim() ?? '';
    expect(topText.toLowerCase()).toMatch(/^glo/);
    await box.press('ArrowDown');
    await expect(box).toHaveAttribute('aria-activedescendant', (await top.getAttribute('id')) ?? '');
    await box.press('Enter');

    await expect(page).toHaveURL(`/search?keyword=${encodeURIComponent(topText)}`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Results for "${topText}"`);
    await expect(box).toHaveValue(topText);
    await expect(page.getByText(/^[\d,]+\+? listings?/)).toBeVisible();
    await expect(page.getByTestId('product-card').first()).toBeVisible();
    await expect(page).toHaveTitle(`${topText} for Sale – Search Results | Ironsight`);

    const filters = page.getByRole('complementary', { name: 'Filters' });
    await filters.getByRole('radio', { name: /^Used/ }).click();
    await expect(page).toHaveURL(/condition=Used/);
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    await expect(page.getByRole('list', { name: 'Active filters' }).getByText('Used')).toBeVisible();
    await expectNoAxeViolations(page);

    // The URL is the state: back restores the unfiltered search.
    await page.goBack();
    await expect(page).toHaveURL(`/search?keyword=${encodeURIComponent(topText)}`);
    await expect(filters.getByRole('radio', { name: 'Any' }).first()).toBeChecked();
    await page.goForward();
    await expect(filters.getByRole('radio', { name: /^Used/ })).toBeChecked();
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);

    const titleLink = page
      .getByTestId('product-card')
      .first()
      .getByRole('heading', { level: 3 })
      .getByRole('link');
    const fullTitle = (await titleLink.getAttribute('title')) ?? '';
    await titleLink.click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(fullTitle);
    await expect(page.getByRole('list', { name: 'Badges' }).getByText('Used')).toBeVisible();
    await expect(page).toHaveTitle(`${fullTitle} | Ironsight`);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
      'href',
      new RegExp(`${page.url().replace(/^https?:\/\/[^/]+/, '')}$`),
    );
    await expectNoAxeViolations(page);
  });

  test('a legacy /classifieds/view{id}.aspx link lands on the listing at its own address', async ({
    page,
    request,
  }) => {
    const listing = await findListing(request, (candidate) => candidate.legacyId !== null);
    await page.goto(`/classifieds/view${listing.legacyId}.aspx`);
    await expect(page).toHaveURL(listing.listingUrl);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(listing.title);
    await expect(page.getByText(listing.legacyId?.toString() ?? '', { exact: true })).toBeVisible();
  });

  test('an out-of-stock listing is served and shown with noindex', async ({ page, request }) => {
    const listing = await findListing(request, (candidate) => candidate.quantity <= 0);

    const html = await (await request.get(listing.listingUrl)).text();
    expect(html).toContain('<meta name="robots" content="noindex,nofollow">');

    await page.goto(listing.listingUrl);
    await expect(page.getByText('Out of stock', { exact: true })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
    await expect(page.getByRole('button', { name: 'Buy now' })).toBeDisabled();
    await expectNoAxeViolations(page);
  });

  test('an out-of-stock listing stays in search results, marked Out of stock, without Buy now', async ({
    page,
    request,
  }) => {
    const listing = await findListing(
      request,
      (candidate) => candidate.quantity <= 0 && candidate.sku !== null && candidate.listingType !== 2,
    );
    // Several listings may share a SKU: narrow to the seller's and pick the card by its link.
    await page.goto(`/search?keyword=${encodeURIComponent(listing.sku ?? '')}&uid=${listing.userId}`);
    const card = page
      .getByTestId('product-card')
      .filter({ has: page.locator(`h3 a[href="${listing.listingUrl}"]`) });
    await expect(card).toHaveCount(1);
    await expect(card.getByText('Out of stock', { exact: true })).toBeVisible();
    await expect(card.getByRole('button', { name: /^Buy now/ })).toBeDisabled();
    await expectNoAxeViolations(page);
  });

  test('families are multi-select: the others stay offered with their counts', async ({ page }) => {
    await page.goto('/search?keyword=ruger');
    const filters = page.getByRole('complementary', { name: 'Filters' });
    // The boxes follow the address, so click and wait for it rather than check().
    await filters.getByRole('checkbox', { name: /^Revolvers/ }).click();
    await expect(page).toHaveURL('/search?keyword=ruger&familyIDs=17');
    await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
    const pistols = filters.getByRole('checkbox', { name: /^Semi Auto Pistols/ });
    await expect(pistols).not.toBeChecked();
    await pistols.click();
    await expect(page).toHaveURL('/search?keyword=ruger&familyIDs=17,18');
    await expect(filters.getByRole('checkbox', { name: /^Revolvers/ })).toBeChecked();
    await expect(page.getByTestId('product-card').first()).toBeVisible();
  });

  test('Buy now on a card puts the listing in the cart and opens it', async ({ page }) => {
    await page.goto('/search?listingType=national&keyword=glock');
    const card = page.locator('[data-testid="product-card"]:not([data-out-of-stock])').first();
    await card.getByRole('button', { name: /^Buy now/ }).click();
    await expect(page).toHaveURL('/cart/view');
    const stored = await page.evaluate(() => ({
      cart: JSON.parse(localStorage.getItem('gacart') ?? '{}') as Record<string, { quantity: number }>,
      shoppingUrl: localStorage.getItem('shoppingUrl'),
    }));
    expect(Object.values(stored.cart).map((item) => item.quantity)).toEqual([1]);
    expect(stored.shoppingUrl).toBe('/search?listingType=national&keyword=glock');
  });

  test('the mega menu opens on hover, one dropdown at a time, and Shop Local searches near Dallas', async ({
    page,
  }) => {
    // The menu opens on hover once the page is hydrated.
    await page.goto('/about-us');
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('button', { name: 'Firearms' }).hover();
    await expect(nav.getByRole('link', { name: 'Revolvers' })).toBeVisible();
    await nav.getByRole('button', { name: 'Brands' }).hover();
    await expect(nav.getByRole('link', { name: 'Sig Sauer' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Revolvers' })).toHaveCount(0);
    await page.mouse.move(5, 600);
    await expect(nav.getByRole('link', { name: 'Sig Sauer' })).toHaveCount(0);

    await nav.getByRole('link', { name: 'Shop Local' }).click();
    await expect(page).toHaveURL('/search?zipCode=75207&distance=50&listingType=local');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Local Listings');
  });

  for (const [path, heading] of [
    ['/firearms/handguns', 'Handguns for Sale'],
    ['/brand/glock', 'Glock'],
    ['/guns-houston', 'Guns for Sale in Houston, TX'],
    ['/newthisweek', 'New This Week'],
  ] as const) {
    test(`${path} is a search page with results`, async ({ page }) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(heading);
      await expect(page.getByTestId('product-card').first()).toBeVisible();
      await expect(page.getByText(/^[\d,]+\+? listings?/)).toBeVisible();
      await expectNoAxeViolations(page);
    });
  }

  test('result cards far below the first screen wait to be drawn, and the page keeps its length as they are', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 412, height: 823 });
    await page.goto('/search?keyword=glock');
    const cards = page.getByTestId('product-card');
    await expect(cards.first()).toBeVisible();
    expect(await cards.count()).toBeGreaterThanOrEqual(12);
    // Drawn when near the viewport only: the last card is skipped while the page starts.
    const drawn = (index: number) =>
      cards.nth(index).evaluate((card) => card.checkVisibility({ contentVisibilityAuto: true }));
    const last = (await cards.count()) - 1;
    expect(await drawn(0)).toBe(true);
    expect(await drawn(last)).toBe(false);
    const length = () => page.evaluate(() => document.documentElement.scrollHeight);
    const before = await length();
    for (let y = 0; y < before; y += 400) {
      await page.evaluate((top) => window.scrollTo(0, top), y);
      await page.evaluate(() => new Promise(requestAnimationFrame));
    }
    await expect.poll(() => drawn(last)).toBe(true);
    expect(await length()).toBe(before);
  });

  test('the advanced search builds a search address', async ({ page }) => {
    await page.goto('/advanced-search');
    await page.getByRole('searchbox', { name: 'Keywords' }).fill('ruger');
    await page.getByRole('checkbox', { name: 'Revolvers' }).check();
    await page.getByRole('combobox', { name: 'Condition' }).selectOption('Used');
    await expectNoAxeViolations(page);
    await page.getByRole('main').getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL('/search?keyword=ruger&familyIDs=17&condition=Used');
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Results for "ruger"');
  });
});

import { expectNoAxeViolations } from './support/axe.ts';
import { expect, type Locator, type Page, test } from './support/test.ts';

test.describe('the app shell against the real server', () => {
  test('the home route renders the shell: header, main content and footer', async ({ page }) => {
    const response = await page.goto('/');
    expect(response?.status()).toBe(200);
    await expect(page).toHaveTitle('Buy Guns Online and Sell Guns Online | Ironsight');
    await expect(page.getByRole('banner')).toBeVisible();
    await expect(page.getByRole('link', { name: /ironsight home/i })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Buy Guns. Sell Guns. Learn about Guns.',
    );
    await expect(page.getByRole('contentinfo')).toContainText(String(new Date().getFullYear()));
    await expectNoAxeViolations(page);
  });

  test('an unknown page answers 404 and shows the not-found page with its robots meta', async ({ page }) => {
    const response = await page.goto('/no-such-page');
    expect(response?.status()).toBe(404);
    await expect(
      page.getByText('Something\u2019s missing.').or(page.getByText("Something's missing.")),
    ).toBeVisible();
    await expect(page.getByText('404', { exact: true })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
    await expectNoAxeViolations(page);
    await page.getByRole('link', { name: 'Back to Homepage' }).click();
    await expect(page).toHaveURL('/');
  });

  test('legacy links answer real 301s and land on their pages', async ({ page, request }) => {
    const pistols = await request.get('/pistols.htm', { maxRedirects: 0 });
    expect(pistols.status()).toBe(301);
    expect(pistols.headers().location).toBe('/firearms/handguns');

    const listing = await request.get('/Classifieds/View123.aspx', { maxRedirects: 0 });
    expect(listing.status()).toBe(301);
    expect(listing.headers().location).toBe('/listing?p=123');

    await page.goto('/pistols.htm');
    await expect(page).toHaveURL('/firearms/handguns');
  });

  test('an unresolvable legacy listing link answers 404', async ({ page, request }) => {
    const response = await request.get('/classifieds/viewabc.aspx', { maxRedirects: 0 });
    expect(response.status()).toBe(404);
    await page.goto('/classifieds/viewabc.aspx');
    await expect(page.getByRole('link', { name: 'Back to Homepage' })).toBeVisible();
  });

  test('client-side navigation to an unknown route shows the not-found page', async ({ page }) => {
    await page.goto('/');
    await page.evaluate(() => {
      window.history.pushState({}, '', '/still-missing');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await expect(page.getByRole('link', { name: 'Back to Homepage' })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex,nofollow');
  });

  /**
   * Opens the handguns page scrolled to 900, follows the footer's link to the sell page (clicked where
   * it is, so the page is not scrolled to the link first), which opens at its top, then goes Back.
   * `beforeFollowing` readies the link; answers whether the link was followed in the app.
   */
  async function followFooterLinkAndGoBack(page: Page, beforeFollowing: (link: Locator) => Promise<void>) {
    await page.goto('/firearms/handguns');
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
    const link = page.getByRole('contentinfo').getByRole('link', { name: 'Sell guns on Ironsight' });
    await beforeFollowing(link);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));

    await link.dispatchEvent('click');
    await expect(page.getByRole('heading', { level: 1, name: 'Sell guns on Ironsight' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    const inApp = await page.evaluate(() => 'sameDocument' in window);

    await page.goBack();
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
    return inApp;
  }

  test('a new page opens at its top, and Back returns to where the last one was left', async ({ page }) => {
    const inApp = await followFooterLinkAndGoBack(page, async (link) => {
      // Pointed at, the footer hydrates; once it has, its links navigate in the app.
      await link.dispatchEvent('pointerover');
      await expect
        .poll(() =>
          link.evaluate((element) => Object.keys(element).some((key) => key.startsWith('__reactFiber'))),
        )
        .toBe(true);
    });
    expect(inApp).toBe(true);
  });

  test('Back returns to where a page was left when a link was followed before its code arrived', async ({
    page,
  }) => {
    // The footer's code never arrives: its links are followed by the browser, as documents.
    await page.route(/\/assets\/footer-[\w-]+\.js$/, () => {});
    const inApp = await followFooterLinkAndGoBack(page, async () => {});
    expect(inApp).toBe(false);
  });

  test('a page opened from an address starts at its top; a reload returns to where it was left', async ({
    page,
  }) => {
    await page.goto('/firearms/handguns');
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);

    // Another document (a typed address, or a link followed before the app could take it).
    await page.goto('/firearms/rifles');
    await expect(page.getByRole('main').getByRole('article').first()).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    await page.evaluate(() => window.scrollTo(0, 600));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(600);
  });
});

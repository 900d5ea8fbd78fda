import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/test.ts';

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

  test('a new page opens at its top, and Back returns to where the last one was left', async ({ page }) => {
    await page.goto('/firearms/handguns');
    const firstCard = page.getByRole('main').getByRole('article').first();
    await expect(firstCard).toBeVisible();
    // The footer's code is there (it loads once the browser is idle), so its links navigate in the app.
    await page.waitForLoadState('networkidle');
    await page.evaluate(() => window.scrollTo(0, 900));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);

    // Clicked where it is, so the page is not scrolled to the link first.
    await page
      .getByRole('contentinfo')
      .getByRole('link', { name: 'Sell guns on Ironsight' })
      .dispatchEvent('click');
    await expect(page.getByRole('heading', { level: 1, name: 'Sell guns on Ironsight' })).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

    await page.goBack();
    await expect(firstCard).toBeVisible();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(900);
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

import { expectNoAxeViolations } from './support/axe.ts';
import { type ConsoleMessage, expect, type Page, test } from './support/test.ts';

const NEWSLETTER_SUCCESS =
  "You're all set! Look forward to receiving exclusive updates, special offers, and the latest news right in your inbox.";
const NEWSLETTER_FAILURE = 'Something went wrong. Please try again.';

/** Console errors of the page from the first byte on (warnings of unknown ad locations would show here too). */
function consoleProblems(page: Page): string[] {
  const problems: string[] = [];
  page.on('console', (message: ConsoleMessage) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  return problems;
}

test('every home block renders from the demo data, with no console error, and passes axe', async ({
  page,
}) => {
  const problems = consoleProblems(page);
  const response = await page.goto('/');
  expect(response?.status()).toBe(200);
  await expect(page).toHaveTitle('Buy Guns Online and Sell Guns Online | Ironsight');
  await expect(page.getByRole('link', { name: 'Learn about guns' })).toHaveAttribute('href', '/digest');
  for (const heading of [
    'Online Listings',
    'Local Listings',
    'New This Week',
    'Product Focus',
    'News and Reviews for Glock',
    'Find Guns Near You',
    'Frequently Asked Questions',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: heading })).toBeVisible();
  }
  // Desktop viewport: the hero's desktop zone and the three Product Focus zones show their creatives.
  await expect(page.locator('[data-ad-zone="rev_home_hero_1"] img')).toBeVisible();
  await expect(page.locator('[data-ad-zone^="product_focus_"]:visible img')).toHaveCount(3);
  await expect(page.locator('[data-ad-zone="rev_home_hero_1_mob"]')).toBeHidden();
  // Social proof from the database: the years since the founding year, not a fixed figure. The
  // blocks below the first screen hydrate as they come into view (and fetch what the server's page
  // did not have).
  await page.getByRole('region', { name: 'Ironsight in numbers' }).scrollIntoViewIfNeeded();
  await expect(page.getByText(`${new Date().getUTCFullYear() - 1997} years`)).toBeVisible();
  await expect(page.getByText('in business since 1997')).toBeVisible();
  // Three recent articles about the brand.
  const digest = page.getByRole('region', { name: 'News and Reviews for Glock' });
  await expect(digest.getByRole('article')).toHaveCount(3);
  // FAQ with its structured data in the server's head.
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.some((text) => text.includes('"FAQPage"'))).toBe(true);
  // The footer's company notice carries the current year.
  await expect(page.getByRole('contentinfo')).toContainText(`© ${new Date().getFullYear()} Ironsight`);
  await expectNoAxeViolations(page);
  expect(problems).toEqual([]);
});

/** The scroll position of a listing row's carousel: the element its Next button controls. */
async function rowScroll(page: Page, label: string): Promise<number> {
  const id = await page.getByRole('button', { name: `Next ${label}` }).getAttribute('aria-controls');
  return page.locator(`[id="${id}"]`).evaluate((viewport) => viewport.scrollLeft);
}

test('the listing rows are carousels that advance by themselves, pause on hover and move by button', async ({
  page,
}) => {
  test.setTimeout(60_000);
  // Layout shifts from the first paint on, so the server-rendered rows can be held to not moving.
  await page.addInitScript(() => {
    const shifts: number[] = [];
    (window as unknown as { layoutShifts: number[] }).layoutShifts = shifts;
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as (PerformanceEntry & { value: number })[])
        shifts.push(entry.value);
    }).observe({ type: 'layout-shift', buffered: true });
  });
  await page.goto('/');
  await page.mouse.move(0, 0);
  const row = page.getByRole('group', { name: 'Online Listings' });
  await expect(row.getByRole('listitem').first()).toBeVisible();
  // It advances by itself within a few seconds of the app starting.
  await expect.poll(() => rowScroll(page, 'Online Listings'), { timeout: 8_000 }).toBeGreaterThan(0);

  // Hovered, it stays where it is.
  await row.getByRole('listitem').first().hover();
  await page.waitForTimeout(400);
  const held = await rowScroll(page, 'Online Listings');
  await page.waitForTimeout(3_500);
  expect(await rowScroll(page, 'Online Listings')).toBe(held);

  // Keyboard: Next moves the row on and Previous back; both are named after the row.
  const next = page.getByRole('button', { name: 'Next New This Week' });
  await next.focus();
  const before = await rowScroll(page, 'New This Week');
  await page.keyboard.press('Enter');
  await expect.poll(() => rowScroll(page, 'New This Week')).not.toBe(before);
  await expectNoAxeViolations(page);

  const shifted = await page.evaluate(() =>
    (window as unknown as { layoutShifts: number[] }).layoutShifts.reduce((sum, value) => sum + value, 0),
  );
  expect(shifted).toBeLessThan(0.01);
});

test('under reduced motion the listing rows never move by themselves', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto('/');
  await page.mouse.move(0, 0);
  await expect(
    page.getByRole('group', { name: 'Online Listings' }).getByRole('listitem').first(),
  ).toBeVisible();
  await page.waitForTimeout(3_500);
  expect(await rowScroll(page, 'Online Listings')).toBe(0);
  await expect(page.getByRole('button', { name: 'Pause Online Listings' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Next Online Listings' }).click();
  await expect.poll(() => rowScroll(page, 'Online Listings')).toBeGreaterThan(0);
});

test('the newsletter shows its success and failure texts and sends nothing for an empty address', async ({
  page,
}) => {
  await page.goto('/');
  const email = page.getByLabel('Email address');
  const subscribe = page.getByRole('button', { name: 'Subscribe' });
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('signupForNewsLetter')) calls.push(request.url());
  });
  await subscribe.click();
  await page.waitForTimeout(300);
  expect(calls).toEqual([]);

  await email.fill('not-an-address');
  await subscribe.click();
  await expect(page.getByText(NEWSLETTER_FAILURE)).toBeVisible();
  await expect(email).toHaveValue('not-an-address');

  await email.fill(`reader-${Date.now()}@example.com`);
  await subscribe.click();
  await expect(page.getByText(NEWSLETTER_SUCCESS)).toBeVisible();
});

test('the newsletter sign-up sends an address given before its code arrived, once, and stays on the page', async ({
  page,
}) => {
  // The code of the blocks further down is held back, as on a slow connection or a busy phone.
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/home-further-down-[\w-]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('signupForNewsLetter')) calls.push(request.url());
  });
  await page.goto('/');
  await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
  const email = page.getByLabel('Email address');
  const address = `early-${Date.now()}@example.com`;
  await email.fill(address);
  await page.getByRole('button', { name: 'Subscribe' }).click();
  // Not submitted by the browser (which would load the page again with the address in it).
  await page.waitForTimeout(300);
  await expect(page).toHaveURL(/\/$/);
  expect(calls).toEqual([]);

  release();
  await expect(page.getByText(NEWSLETTER_SUCCESS)).toBeVisible();
  await expect(email).toHaveValue('');
  expect(calls).toHaveLength(1);
  await expect(page).toHaveURL(/\/$/);
});

test('a short link reaches its target; an unknown one is the not-found page', async ({ page }) => {
  await page.goto('/l/glock');
  await expect(page).toHaveURL(/\/brand\/glock$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Glock' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'News and Reviews for Glock' })).toBeVisible();

  const missing = await page.goto('/l/no-such-code');
  expect(missing?.status()).toBe(404);
  await expect(page.getByText("Something's missing.")).toBeVisible();
});

test('the public pages pass axe', async ({ page }) => {
  for (const [path, heading] of [
    ['/about-us', 'About Us'],
    ['/sell-guns', 'Sell guns on Ironsight'],
    ['/local-links', 'Local Links'],
    ['/site-map', 'Site Map'],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
    await expectNoAxeViolations(page);
  }
  await page.goto('/site-map');
  await expect(page.getByRole('link', { name: 'Glock', exact: true })).toHaveAttribute(
    'href',
    '/brand/glock',
  );
  await expect(
    page.getByRole('link', { name: 'How FFL Transfers Work When You Buy a Gun Online' }),
  ).toBeVisible();
});

test('the XML sitemap and robots.txt are generated', async ({ request }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.ok()).toBe(true);
  const xml = await sitemap.text();
  expect(xml).toContain('/brand/glock</loc>');
  expect(xml).toContain('/guns-houston</loc>');
  expect(xml).toContain('/digest/how-ffl-transfers-work</loc>');
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain('Disallow: /dashboard');
  expect(robots).toMatch(/Sitemap: http.+\/sitemap\.xml/);
});

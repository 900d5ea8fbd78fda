import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/test.ts';

test('the digest lists and searches articles, and passes axe', async ({ page }) => {
  const response = await page.goto('/digest');
  expect(response?.status()).toBe(200);
  await expect(page.getByRole('heading', { level: 1, name: 'News and Reviews' })).toBeVisible();
  await expect(page.getByRole('article').first()).toBeVisible();
  await expectNoAxeViolations(page);

  const search = page.getByRole('search', { name: 'Articles' });
  await search.getByLabel('Search articles').fill('ffl transfers');
  await search.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(/\/digest\?s=ffl%20transfers$/);
  await expect(
    page.getByRole('link', { name: 'How FFL Transfers Work When You Buy a Gun Online' }),
  ).toBeVisible();

  await page.goto('/digest?s=zzqqxx');
  await expect(page.getByText('No articles found for “zzqqxx”.', { exact: false })).toBeVisible();
});

test('the header search in Articles mode lands on the digest; /blog leads there too', async ({ page }) => {
  await page.goto('/');
  await page.getByLabel('Search in').selectOption('articles');
  const box = page.getByRole('combobox', { name: 'Search articles' });
  await box.fill('glock');
  await box.press('Enter');
  await expect(page).toHaveURL(/\/digest\?s=glock$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('glock');

  await page.goto('/blog');
  await expect(page).toHaveURL(/\/digest$/);
});

test('an article page renders its body with Article data and a canonical URL, and passes axe', async ({
  page,
}) => {
  const response = await page.goto('/digest/how-ffl-transfers-work');
  expect(response?.status()).toBe(200);
  await expect(
    page.getByRole('heading', { level: 1, name: 'How FFL Transfers Work When You Buy a Gun Online' }),
  ).toBeVisible();
  await expect(page.getByText('Before you check out')).toBeVisible();
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute(
    'href',
    /\/digest\/how-ffl-transfers-work$/,
  );
  const jsonLd = await page.locator('script[type="application/ld+json"]').allTextContents();
  expect(jsonLd.some((text) => text.includes('"Article"'))).toBe(true);
  await expectNoAxeViolations(page);

  const missing = await page.goto('/digest/no-such-article');
  expect(missing?.status()).toBe(404);
});

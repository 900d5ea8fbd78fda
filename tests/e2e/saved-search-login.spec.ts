import { expect, type Page, test } from './support/test.ts';

// The seeded demo buyer (src-server/seed/accounts.ts).
const BUYER = { email: 'buyer@example.com', password: 'buyer-demo-2026' };

async function submitLogin(page: Page): Promise<void> {
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email', { exact: true }).fill(BUYER.email);
  await form.getByLabel('Password', { exact: true }).fill(BUYER.password);
  await form.getByRole('button', { name: 'Log In' }).click();
}

/** The signed-in buyer's saved searches, read through the API with the token the page stored. */
async function savedSearchesOf(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('gatoken'));
  expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
  const res = await page.request.post('/api/users/getSavedSearches', {
    headers: { authorization: `Bearer ${token}` },
    data: {},
  });
  expect(res.status()).toBe(200);
  return (await res.json()) as {
    total: number;
    results: { name: string; searchQuery: string; frequency: string }[];
  };
}

test.describe('login with saved-search parameters (Redirect after login)', () => {
  test('loads the favorites, saves the search and lands on the saved-searches dashboard', async ({
    page,
  }) => {
    const favoritesLoaded = page.waitForResponse(
      (res) => res.url().endsWith('/api/users/favorite-listings') && res.request().method() === 'GET',
    );
    const searchSaved = page.waitForResponse((res) => res.url().endsWith('/api/users/addOrUpdateSaveSearch'));
    await page.goto(
      '/login?returnUrl=/search&searchName=Glock%20deals&searchQuery=keyword%3Dglock&frequency=Daily',
    );
    await submitLogin(page);

    expect((await favoritesLoaded).status()).toBe(200);
    expect((await searchSaved).status()).toBe(200);
    await expect(page).toHaveURL('/dashboard/buying/savedsearches');
    await expect(page.getByRole('heading', { level: 1, name: 'Saved Searches' })).toBeVisible();

    const saved = await savedSearchesOf(page);
    expect(saved.results).toContainEqual(
      expect.objectContaining({ name: 'Glock deals', searchQuery: 'keyword=glock', frequency: 'Daily' }),
    );
  });

  test('when saving fails, goes to the return URL with the parameters and saves nothing', async ({
    page,
  }) => {
    const searchRefused = page.waitForResponse((res) =>
      res.url().endsWith('/api/users/addOrUpdateSaveSearch'),
    );
    await page.goto(
      '/login?returnUrl=/search&searchName=Hourly%20glocks&searchQuery=keyword%3Dglock&frequency=Hourly',
    );
    await submitLogin(page);

    expect((await searchRefused).status()).toBe(400);
    await expect(page).toHaveURL(
      '/search?searchName=Hourly+glocks&searchQuery=keyword%3Dglock&frequency=Hourly',
    );
    const saved = await savedSearchesOf(page);
    expect(saved.results.map((search) => search.name)).not.toContain('Hourly glocks');
  });
});

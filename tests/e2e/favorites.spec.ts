import type { APIRequestContext } from '@playwright/test';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, type Page, test } from './support/test.ts';

// The seeded demo accounts (src-server/seed/accounts.ts).
const BUYER = { email: 'buyer@example.com', password: 'buyer-demo-2026' };
const SELLER = { email: 'seller@example.com', password: 'seller-demo-2026' };

async function tokenOf(request: APIRequestContext, account: { email: string; password: string }) {
  const login = await request.post('/api/auth/login', { data: account });
  expect(login.ok()).toBe(true);
  return ((await login.json()) as { jwtToken: string }).jwtToken;
}

/** The demo seller lists (or, with `id`, updates) a pistol whose title carries a word no other listing has. */
async function saveListing(
  request: APIRequestContext,
  token: string,
  fields: { id?: string; word: string; price: number; quantity: number },
): Promise<{ id: string; title: string }> {
  const res = await request.post('/api/listings/add', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      request: JSON.stringify({
        ...(fields.id ? { id: fields.id } : {}),
        title: `Ironsight Arms ${fields.word} compact 9mm`,
        description: '<p>A pistol for the favorites test.</p>',
        familyId: CategoryFamilyId.SemiAutoPistols,
        manufacturer: 'Ironsight Arms',
        model: fields.word,
        caliber: '9mm Luger',
        condition: 'NewInBox',
        quantity: fields.quantity,
        price: fields.price,
        zipCode: '75207',
      }),
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()) as { id: string; title: string };
}

/** The signed-in buyer's favorites on the server, through the API with the token the page stored. */
async function serverFavorites(page: Page): Promise<string[]> {
  const token = await page.evaluate(() => localStorage.getItem('gatoken'));
  const res = await page.request.get('/api/users/favorite-listings', {
    headers: { authorization: `Bearer ${token}` },
  });
  expect(res.status()).toBe(200);
  return ((await res.json()) as { results: { listingId: string }[] }).results.map((f) => f.listingId);
}

test.describe('favorites', () => {
  test('a guest favorites a listing, logs in, keeps it, finds it in the side sheet and on the favorites page with what changed', async ({
    page,
    request,
  }) => {
    // A journey of two users over many screens: more than one page's time budget on a busy machine.
    test.slow();
    const word = `Fv${Date.now().toString(36)}`;
    const sellerToken = await tokenOf(request, SELLER);
    const listing = await saveListing(request, sellerToken, { word, price: 640, quantity: 5 });

    // A guest on the search results: the heart asks them to log in first.
    await page.goto(`/search?keyword=${word}`);
    const card = page.getByTestId('product-card').filter({ hasText: word });
    await card.getByRole('button', { name: `Add to favorites: ${listing.title}` }).click();
    const modal = page.getByRole('dialog', { name: 'Log In' });
    await expect(modal).toBeVisible();
    await modal.getByLabel('Email', { exact: true }).fill(BUYER.email);
    await modal.getByLabel('Password', { exact: true }).fill(BUYER.password);
    const added = page.waitForResponse(
      (res) => res.url().endsWith('/api/users/favorite-listings') && res.request().method() === 'POST',
    );
    await modal.getByRole('button', { name: 'Log In' }).click();
    await expect(modal).toBeHidden();

    // The favorite is kept: the heart is pressed and, 300 ms later, the server has it.
    const toggle = card.getByRole('button', { name: `Remove from favorites: ${listing.title}` });
    await expect(toggle).toHaveAttribute('aria-pressed', 'true');
    expect((await added).status()).toBe(200);
    expect(await serverFavorites(page)).toContain(listing.id);

    // The header's Favorites: a red dot, and the side sheet shows it.
    const favoritesButton = page.getByRole('banner').getByRole('button', { name: /^Favorites, \d+ of 10$/ });
    await favoritesButton.click();
    const sheet = page.getByRole('dialog', { name: 'Favorites' });
    await expect(sheet).toBeVisible();
    await expect(sheet.getByText(/^\d+ of 10$/)).toBeVisible();
    await expect(sheet.getByTestId('product-card').filter({ hasText: word })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(favoritesButton).toBeFocused();

    // A reload keeps it (from the browser and the server alike).
    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('data-app-ready', 'true');
    await expect(
      page
        .getByTestId('product-card')
        .filter({ hasText: word })
        .getByRole('button', { name: `Remove from favorites: ${listing.title}` }),
    ).toBeVisible();

    // The seller lowers the price and sells three; the favorites page shows what changed.
    await saveListing(request, sellerToken, { id: listing.id, word, price: 599, quantity: 2 });
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Favorites/ })
      .click();
    await page.getByRole('dialog', { name: 'Favorites' }).getByRole('link', { name: 'See All' }).click();
    await expect(page).toHaveURL('/dashboard/buying/favorites');
    await expect(page.getByRole('heading', { level: 1, name: 'Favorites' })).toBeVisible();
    const row = page.getByRole('listitem', { name: listing.title });
    await expect(row.getByText('$599.00')).toBeVisible();
    await expect(row.getByText('Price dropped $41.00 (was $640.00)')).toBeVisible();
    await expect(row.getByText('Only 2 left (5 when added)')).toBeVisible();
    await expectNoAxeViolations(page);

    // On the favorites page the header's Favorites does not open the sheet.
    await page
      .getByRole('banner')
      .getByRole('button', { name: /^Favorites/ })
      .click();
    await expect(page.getByRole('dialog', { name: 'Favorites' })).toBeHidden();
    await expect(page).toHaveURL('/dashboard/buying/favorites');

    // Remove: gone from the page and, after the pause, from the server.
    await row.getByRole('button', { name: `Remove ${listing.title} from favorites` }).click();
    await expect(page.getByRole('listitem', { name: listing.title })).toHaveCount(0);
    await expect.poll(() => serverFavorites(page)).not.toContain(listing.id);
  });

  test('the side sheet says a guest must log in, and is keyboard accessible', async ({ page }) => {
    await page.goto('/about-us');
    const button = page.getByRole('banner').getByRole('button', { name: 'Favorites' });
    await button.focus();
    await page.keyboard.press('Enter');
    const sheet = page.getByRole('dialog', { name: 'Favorites' });
    await expect(sheet.getByText('Please log in to add your favorites')).toBeVisible();
    await expect(sheet.getByText('0 of 10')).toBeVisible();
    // Focus stays in the sheet.
    for (let i = 0; i < 6; i++) await page.keyboard.press('Tab');
    expect(await sheet.evaluate((element) => element.contains(document.activeElement))).toBe(true);
    await expectNoAxeViolations(page);
    await page.keyboard.press('Escape');
    await expect(sheet).toBeHidden();
    await expect(button).toBeFocused();
  });

  test('the sheet is full width on a small screen and 20rem wide on a larger one', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/about-us');
    await page.getByRole('banner').getByRole('button', { name: 'Favorites' }).click();
    const sheet = page.getByRole('dialog', { name: 'Favorites' });
    await expect(sheet).toBeVisible();
    expect((await sheet.boundingBox())?.width).toBe(375);
    await page.keyboard.press('Escape');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.getByRole('banner').getByRole('button', { name: 'Favorites' }).click();
    await expect(sheet).toBeVisible();
    expect((await sheet.boundingBox())?.width).toBe(320);
  });
});

import type { FflSearchResponse } from '../../shared/contract/ffl.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, test } from './support/test.ts';

test.describe('the dealer finder against the real server', () => {
  test('search near 75207 lists the demo dealers nearest first; back restores the search', async ({
    page,
  }) => {
    await page.goto('/ffl');
    await expect(page.getByRole('heading', { level: 1, name: 'Find an FFL Dealer' })).toBeVisible();
    await expectNoAxeViolations(page);

    const finder = page.getByRole('region', { name: 'Dealer finder' });
    await finder.getByLabel('ZIP code').fill('75207');
    await finder.getByLabel('Distance').selectOption('25');
    await finder.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/ffl\?zip=75207&radius=25$/);

    const status = finder.getByRole('status');
    await expect(status).toHaveText(/^\d+ dealers? within 25 miles of 75207$/);
    const dealers = finder.getByRole('article');
    await expect(dealers.first()).toBeVisible();
    // The seeded dealer in 75207 itself comes first.
    await expect(dealers.first()).toHaveAttribute('aria-label', 'Design District Arms');

    // The page shows what the server answers, in its order: nearest first.
    const answer = (await (
      await page.request.get('/api/ffl/search?zip=75207&radius=25&page=1&pageSize=20')
    ).json()) as FflSearchResponse;
    const distances = answer.results.map((dealer) => dealer.distanceMiles ?? Number.POSITIVE_INFINITY);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(answer.results.length).toBeGreaterThanOrEqual(4);
    await expect(dealers).toHaveCount(answer.results.length);
    const shownNames = await dealers.evaluateAll((nodes) =>
      nodes.map((node) => node.getAttribute('aria-label')),
    );
    expect(shownNames).toEqual(answer.results.map((dealer) => dealer.businessName ?? dealer.licenseName));

    // The demo dealer registered on the site shows its fee and notes.
    const own = finder.getByRole('article', { name: 'Lone Star Firearms' });
    await expect(own.getByText('$25.00')).toBeVisible();
    await expect(own.getByText(/photo ID/)).toBeVisible();
    await expectNoAxeViolations(page);

    // A search by name, then back to the search near 75207.
    await finder.getByLabel('ZIP code').fill('');
    await finder.getByLabel(/Dealer name/).fill('oak lawn');
    await finder.getByRole('button', { name: 'Search' }).click();
    await expect(page).toHaveURL(/\/ffl\?name=oak\+lawn$/);
    await expect(dealers).toHaveCount(1);
    await expect(dealers.first()).toHaveAttribute('aria-label', 'Oak Lawn Pawn & Gun');
    await page.goBack();
    await expect(page).toHaveURL(/\/ffl\?zip=75207&radius=25$/);
    await expect(finder.getByLabel('ZIP code')).toHaveValue('75207');
    await expect(dealers).toHaveCount(answer.results.length);
  });

  test('a finder address opens with its results and no errors', async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    page.on('pageerror', (error) => errors.push(error.message));
    const response = await page.goto('/ffl?zip=75207&radius=10');
    expect(response?.status()).toBe(200);
    const finder = page.getByRole('region', { name: 'Dealer finder' });
    await expect(finder.getByRole('status')).toHaveText(/^\d+ dealers? within 10 miles of 75207$/);
    await expect(finder.getByLabel('Distance')).toHaveValue('10');
    await expect(finder.getByRole('article').first()).toHaveAttribute('aria-label', 'Design District Arms');
    expect(errors).toEqual([]);
    await expectNoAxeViolations(page);
  });

  test('the demo dealer sets its transfer fee and uploads its licence copy under Account Settings', async ({
    page,
  }) => {
    await page.goto(`/login?returnUrl=${encodeURIComponent('/dashboard/accountsettings')}`);
    const login = page.getByRole('form', { name: 'Log in' });
    await login.getByLabel('Email').fill('dealer@example.com');
    await login.getByLabel('Password', { exact: true }).fill('dealer-demo-2026');
    await login.getByRole('button', { name: 'Log In' }).click();
    await expect(page).toHaveURL('/dashboard/accountsettings');

    const form = page.getByRole('form', { name: 'Dealer profile' });
    await expect(form.getByLabel('Licence number')).toHaveValue('5-75-113-01-9K-01234');
    await expect(form.getByLabel(/Transfer fee/)).toHaveValue('25.00');
    await form.getByLabel(/Transfer fee/).fill('30');
    await form.getByRole('button', { name: 'Save dealer profile' }).click();
    await expect(page.getByText('Your dealer profile is saved.')).toBeVisible();

    // A 1×1 PNG scan.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    await page
      .getByLabel('Licence copy')
      .setInputFiles({ name: 'licence.png', mimeType: 'image/png', buffer: png });
    await expect(page.getByText('Your licence copy is uploaded.')).toBeVisible();
    await expect(page.getByText(/On file \(image, uploaded/)).toBeVisible();
    await expectNoAxeViolations(page);

    await page.goto('/ffl?zip=75207&radius=10');
    const own = page.getByRole('article', { name: 'Lone Star Firearms' });
    await expect(own.getByText('$30.00')).toBeVisible();

    // Back to the demo fee.
    await page.goto('/dashboard/accountsettings');
    await form.getByLabel(/Transfer fee/).fill('25');
    await form.getByRole('button', { name: 'Save dealer profile' }).click();
    await expect(page.getByText('Your dealer profile is saved.')).toBeVisible();
  });
});

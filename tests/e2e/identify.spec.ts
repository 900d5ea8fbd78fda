import sharp from 'sharp';
import { expectNoAxeViolations } from './support/axe.ts';
import { logIn } from './support/commerce.ts';
import { expect, test } from './support/test.ts';

// The demo seller: staff granted it the valuation option, and it may list (payments set up).
const SELLER = { email: 'seller@example.com', password: 'seller-demo-2026' };
// The demo buyer has the valuation option too.
const BUYER = { email: 'buyer@example.com', password: 'buyer-demo-2026' };
const IDENTIFY = '/identify';
const KEPT = 'gaFirearmIdentification';

/** A real JPEG photo of one colour, as a phone would send it (the server reads images by content). */
async function photo(name: string, background: string) {
  const buffer = await sharp({ create: { width: 800, height: 600, channels: 3, background } })
    .jpeg()
    .toBuffer();
  return { name, mimeType: 'image/jpeg', buffer };
}

test.describe('identify a firearm', () => {
  test('a visitor is asked to log in first', async ({ page }) => {
    await page.goto(IDENTIFY);
    await expect(page.getByRole('heading', { level: 1, name: 'Identify a Firearm' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Log in to identify a firearm' })).toBeVisible();
    await expect(page.getByRole('main').getByRole('link', { name: 'Log in', exact: true })).toHaveAttribute(
      'href',
      '/login?returnUrl=%2Fidentify',
    );
    await expect(page.getByRole('form', { name: 'Identify a firearm' })).toHaveCount(0);
    await expectNoAxeViolations(page);
  });

  test('a member identifies a firearm from photos and text, sees its value and chart, keeps it over a reload and lists it', async ({
    page,
  }) => {
    // Identification, a reload, the listing form and its price hint: more than one page's budget.
    test.setTimeout(90_000);
    await logIn(page, SELLER, IDENTIFY);
    const form = page.getByRole('form', { name: 'Identify a firearm' });
    await expect(form).toBeVisible();
    await expectNoAxeViolations(page);

    await form
      .getByLabel('Choose photos')
      .setInputFiles([await photo('left-side.jpg', '#4a5561'), await photo('slide.jpg', '#a8741a')]);
    const chosen = form.getByRole('list', { name: 'Chosen photos' });
    await expect(chosen.getByRole('listitem')).toHaveCount(2);
    await chosen.getByRole('button', { name: 'Remove slide.jpg' }).click();
    await expect(chosen.getByRole('listitem')).toHaveCount(1);
    await form.getByLabel('Choose photos').setInputFiles([await photo('slide.jpg', '#a8741a')]);
    await expect(chosen.getByRole('listitem')).toHaveCount(2);

    await form.getByLabel(/^Manufacturer/).fill('Glock');
    await form.getByLabel(/^Model/).fill('19');
    await form.getByLabel(/^Caliber or gauge/).fill('9mm');
    await form.getByLabel(/^Condition/).selectOption({ label: 'Used' });
    await form.getByRole('button', { name: 'Identify' }).click();

    // The identity, with the confidence and why.
    const heading = page.getByRole('heading', { level: 2, name: /^Glock 19/ });
    await expect(heading).toBeVisible({ timeout: 20_000 });
    await expect(heading).toBeFocused();
    await expect(page.getByText(/^\d{1,3}%$/).first()).toBeVisible();
    const identity = page.getByRole('region', { name: 'Identity' });
    await expect(
      identity.getByText('Ships to a licensed dealer (FFL), where the buyer completes the transfer.'),
    ).toBeVisible();
    await expect(identity.getByRole('listitem').filter({ hasText: '“Glock”' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Your photos' }).getByRole('img')).toHaveCount(2);

    // The value from completed sales, in words and as a chart.
    const worth = page.getByRole('region', { name: 'What it is worth' });
    await expect(worth.getByText(/median sale price/)).toBeVisible();
    const summary = (await worth.getByText(/^Median \$[\d,]+ from [\d,]+ sales? /).textContent()) ?? '';
    expect(summary).not.toBe('');
    const chart = worth.getByRole('img', { name: summary });
    await expect(chart).toBeVisible();
    expect(await chart.locator('circle[data-sale]').count()).toBeGreaterThan(0);
    await expect(chart.locator('[data-part="median"]')).toHaveCount(1);
    await expect(chart.locator('[data-part="band"]')).toHaveCount(1);
    await worth.getByText(/^Show the \d+ sales? as a table$/).click();
    await expect(worth.getByRole('table', { name: /^Sales of .+, newest first$/ })).toBeVisible();
    await expectNoAxeViolations(page);

    // Kept in the browser: a reload shows the same result.
    expect(
      JSON.parse((await page.evaluate((key) => localStorage.getItem(key), KEPT)) ?? 'null'),
    ).toMatchObject({
      data: { identity: { manufacturer: 'Glock', model: '19' } },
    });
    await page.reload();
    await expect(page.getByRole('heading', { level: 2, name: /^Glock 19/ })).toBeVisible();
    await expect(
      page.getByRole('region', { name: 'What it is worth' }).getByRole('img', { name: summary }),
    ).toBeVisible();
    await expectNoAxeViolations(page);

    // List this firearm: the listing form starts with the identity's fields.
    await page.getByRole('link', { name: 'List this firearm' }).click();
    await expect(page).toHaveURL(/\/dashboard\/selling\/list-item\?manufacturer=Glock&model=19/);
    const listing = page.getByRole('form', { name: 'List an item' });
    await expect(listing).toBeVisible();
    await expect(listing.getByLabel('Category')).toHaveValue('18');
    await expect(listing.getByLabel('Manufacturer (optional)')).toHaveValue('Glock');
    await expect(listing.getByLabel('Model (optional)')).toHaveValue(/^19/);
    await expect(listing.getByLabel('Caliber (optional)')).toHaveValue(/9mm/);
    await expect(listing.getByLabel('Condition')).toHaveValue('Used');
    await expect(listing.getByLabel('Title', { exact: true })).toHaveValue(/^Glock 19.* - Used$/);
    // Beside the price: how it stands against the recent sales of the same firearm.
    await listing.getByLabel('Price (USD)').fill('2000');
    await expect(
      listing.getByText(/^Priced \d+% above recent sales \(median \$[\d,]+ from [\d,]+ sales? .+\)\.$/),
    ).toBeVisible({ timeout: 10_000 });
    await expectNoAxeViolations(page);

    // Start over forgets the kept identification.
    await page.goto(IDENTIFY);
    await page.getByRole('button', { name: 'Start over' }).click();
    await expect(page.getByRole('form', { name: 'Identify a firearm' })).toBeVisible();
    expect(await page.evaluate((key) => localStorage.getItem(key), KEPT)).toBeNull();
  });

  test('a buyer is told what to add when nothing is identified, adds it without losing anything, and sees the value', async ({
    page,
  }) => {
    test.setTimeout(60_000);
    await logIn(page, BUYER, IDENTIFY);
    const form = page.getByRole('form', { name: 'Identify a firearm' });
    await form.getByLabel('Choose photos').setInputFiles([await photo('receiver.jpg', '#1f6f4a')]);
    await form.getByLabel(/^Manufacturer/).fill('Glock');
    await form.getByRole('button', { name: 'Identify' }).click();
    const told = form.getByRole('alert').filter({ hasText: /^Not identified\. / });
    await expect(told).toBeVisible({ timeout: 20_000 });
    await expectNoAxeViolations(page);

    // What was typed and chosen is still there: add the model and send again.
    await expect(form.getByLabel(/^Manufacturer/)).toHaveValue('Glock');
    await expect(form.getByRole('list', { name: 'Chosen photos' }).getByRole('listitem')).toHaveCount(1);
    await form.getByLabel(/^Model/).fill('17');
    await form.getByRole('button', { name: 'Identify' }).click();
    await expect(page.getByRole('heading', { level: 2, name: /^Glock 17/ })).toBeVisible({ timeout: 20_000 });
    const worth = page.getByRole('region', { name: 'What it is worth' });
    await expect(worth.getByText(/median sale price/)).toBeVisible();
    await expect(worth.getByRole('img', { name: /^Median \$[\d,]+ from / })).toBeVisible();
  });

  test('a listing of an identified firearm shows the recent sales of its model, rendered with the page', async ({
    page,
  }) => {
    await page.goto('/search?keyword=Glock%2019%20Gen5');
    const link = page
      .getByTestId('product-card')
      .filter({ hasText: /Glock 19 Gen5/ })
      .first()
      .getByRole('link', { name: /Glock 19 Gen5/ })
      .first();
    const href = (await link.getAttribute('href')) ?? '';
    expect(href).not.toBe('');

    // Opened from its address: the server renders the block and the page hydrates it as it came.
    const problems: string[] = [];
    const recentSalesCalls: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(message.text());
    });
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('request', (request) => {
      if (request.url().includes('/recent-sales')) recentSalesCalls.push(request.url());
    });
    await page.goto(href);
    await expect(page.getByRole('heading', { level: 1, name: /Glock 19 Gen5/ })).toBeVisible();
    const recent = page.getByRole('region', { name: 'Recent sales' });
    await expect(
      recent.getByText(/^Recent sales of .+: median \$[\d,]+ from [\d,]+ sales?\.$/),
    ).toBeVisible();
    const summary = (await recent.getByText(/^Median \$[\d,]+ from /).textContent()) ?? '';
    await expect(recent.getByRole('img', { name: summary })).toBeVisible();
    await expectNoAxeViolations(page);
    expect(recentSalesCalls).toEqual([]);
    expect(problems).toEqual([]);
  });
});

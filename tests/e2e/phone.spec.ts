import type { APIRequestContext, Page } from '@playwright/test';
import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { bearer, logIn, register, sellerWithListing, tokenOf } from './support/commerce.ts';
import { expect, test } from './support/test.ts';

/*
 * A shopper and a seller on a phone, 412 px wide (a common Android width): each page shows itself
 * first and fits the screen.
 */

const PHONE = { width: 412, height: 915 };

test.use({ viewport: PHONE });

/** A listing of the seller's that takes offers; answers its id. */
async function listingTakingOffers(
  request: APIRequestContext,
  token: string,
  title: string,
): Promise<string> {
  const added = await request.post('/api/listings/add', {
    headers: bearer(token),
    multipart: {
      request: JSON.stringify({
        title,
        description: '<p>A scope for the phone layout test.</p>',
        familyId: CategoryFamilyId.Optics,
        condition: 'NewInBox',
        quantity: 1,
        price: 200,
        shippingCost: 0,
        acceptsOffers: true,
        zipCode: '75207',
      }),
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
  return ((await added.json()) as { id: string }).id;
}

/** The errors the page reports while it runs: uncaught exceptions (a failed hydration) and console errors. */
function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  return errors;
}

/** Where the element is on the page; fails when it is not rendered. */
async function boxOf(locator: ReturnType<Page['locator']>) {
  const box = await locator.boundingBox();
  if (!box) throw new Error('The element has no box: it is not rendered.');
  return box;
}

test.describe('on a phone', () => {
  test('the seller’s orders page opens on its heading: alerts fold into one line and the dashboard menu into one button', async ({
    page,
    request,
  }) => {
    // A seller, a buyer, three offers and their alerts: more than one page's default budget.
    test.setTimeout(90_000);
    const run = Date.now().toString(36);
    const { seller, token } = await sellerWithListing(request, 'phone-seller', {
      title: `Phone layout holster ${run}`,
      price: 45,
    });
    const buyerToken = await tokenOf(request, await register(request, 'phone-buyer', 'Bailey'));
    for (const n of [1, 2, 3]) {
      const listingId = await listingTakingOffers(request, token, `Phone layout scope ${run} ${n}`);
      const made = await request.post('/api/offers/make', {
        headers: bearer(buyerToken),
        data: { listingId, amount: 150, quantity: 1 },
      });
      expect(made.ok(), await made.text()).toBe(true);
    }
    // Each offer leaves an alert on the seller's dashboard.
    await expect
      .poll(async () => {
        const alerts = await request.get('/api/users/getUserAlerts?location=UserDashboard', {
          headers: bearer(token),
        });
        return ((await alerts.json()) as { results: unknown[] }).results.length;
      })
      .toBeGreaterThanOrEqual(3);

    await logIn(page, seller, '/dashboard/selling/orders');
    const banner = page.getByRole('region', { name: 'Announcements' });
    const fold = banner.getByRole('button', { name: /^\d+ alerts/ });
    await expect(fold).toBeVisible();
    const count = Number((await fold.textContent())?.match(/^(\d+) alerts/)?.[1]);
    expect(count).toBeGreaterThanOrEqual(3);
    // Folded: the alerts are on the page, out of sight until the line is opened.
    await expect(banner.locator('li')).toHaveCount(count);
    await expect(banner.locator('li').first()).toBeHidden();

    const nav = page.getByRole('navigation', { name: 'Dashboard' });
    const menu = nav.getByRole('button', { name: /Dashboard menu/ });
    await expect(menu).toContainText('Selling: Orders');
    await expect(nav.getByRole('link', { name: 'Invoices' })).toBeHidden();

    const heading = page.getByRole('heading', { level: 1, name: 'Orders' });
    await expect(heading).toBeVisible();
    const headingBox = await boxOf(heading);
    expect(headingBox.y + headingBox.height).toBeLessThanOrEqual(PHONE.height);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page);

    // Both open where they are.
    await fold.click();
    await expect(fold).toHaveAttribute('aria-expanded', 'true');
    await expect(banner.locator('li').first()).toBeVisible();
    await menu.click();
    await expect(menu).toHaveAttribute('aria-expanded', 'true');
    await expect(nav.getByRole('link', { name: 'Invoices' })).toBeVisible();
    await expectNoAxeViolations(page);
    await nav.getByRole('link', { name: 'Invoices' }).click();
    await expect(page.getByRole('heading', { level: 1, name: 'Invoices' })).toBeVisible();
  });

  test('the membership plans fit the screen with every Choose button on it, and the page hydrates without errors', async ({
    page,
    request,
  }) => {
    const errors = collectErrors(page);
    await page.goto('/membership');
    await expect(page.getByRole('heading', { level: 2, name: 'Choose a plan' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);

    const member = await register(request, 'phone-member', 'Morgan');
    await logIn(page, member, '/membership');
    // Opened again from its address while signed in: the server's page, then hydrated.
    await page.goto('/membership');
    const choose = page.getByRole('button', { name: /^Choose / });
    await expect(choose).toHaveCount(3);
    for (const button of await choose.all()) {
      await button.scrollIntoViewIfNeeded();
      const box = await boxOf(button);
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page);
    expect(errors).toEqual([]);
  });

  test('the favorite heart stays on the first line of the listing’s title', async ({ page, request }) => {
    const title = `Phone layout ${Date.now().toString(36)} long-range rifle scope with illuminated reticle`;
    const { listingId } = await sellerWithListing(request, 'phone-heart', { title, price: 320 });
    await page.goto(`/${listingId}`);
    const heading = page.getByRole('heading', { level: 1, name: title });
    await expect(heading).toBeVisible();
    const heart = page.getByRole('button', { name: `Add to favorites: ${title}` });
    await expect(heart).toBeVisible();

    const titleBox = await boxOf(heading);
    const heartBox = await boxOf(heart);
    const lineHeight = await heading.evaluate((element) =>
      Number.parseFloat(getComputedStyle(element).lineHeight),
    );
    // Beside the title, overlapping its first line.
    expect(heartBox.x).toBeGreaterThanOrEqual(titleBox.x + titleBox.width);
    expect(heartBox.y).toBeLessThan(titleBox.y + lineHeight);
    expect(heartBox.y + heartBox.height).toBeGreaterThan(titleBox.y);
    expect(heartBox.x + heartBox.width).toBeLessThanOrEqual(PHONE.width);
    await expectNoAxeViolations(page);
  });

  test('a buyer opening a seller’s page is told what it is for and offered a membership, with no refused requests', async ({
    page,
    request,
  }) => {
    const buyer = await register(request, 'phone-not-seller', 'Quinn');
    const refused: string[] = [];
    page.on('response', (response) => {
      if (response.status() === 403) refused.push(response.url());
    });
    const errors = collectErrors(page);
    await logIn(page, buyer, '/dashboard/selling/tools');
    await expect(page.getByRole('heading', { level: 1, name: 'Seller Tools' })).toBeVisible();
    const explanation = page.getByRole('region', { name: 'This page is for sellers' });
    await expect(explanation).toBeVisible();
    await expect(explanation.getByRole('link', { name: 'Become a seller' })).toHaveAttribute(
      'href',
      '/membership',
    );
    await expectNoAxeViolations(page);

    await page.goto('/dashboard/selling/listings');
    await expect(page.getByRole('region', { name: 'This page is for sellers' })).toBeVisible();
    await page.getByRole('link', { name: 'Become a seller' }).click();
    await expect(page).toHaveURL('/membership');
    expect(refused).toEqual([]);
    expect(errors).toEqual([]);
  });

  test('the contact dialog names an attached file once', async ({ page, request }) => {
    const title = `Phone contact ${Date.now().toString(36)} holster`;
    const { listingId } = await sellerWithListing(request, 'phone-contact', { title, price: 60 });
    const buyer = await register(request, 'phone-writer', 'Riley');
    await logIn(page, buyer, `/${listingId}`);
    await page.getByRole('button', { name: 'Contact seller' }).click();
    const dialog = page.getByRole('dialog', { name: 'Contact seller' });
    await expect(dialog).toBeVisible();
    await dialog.getByLabel('Attachments').setInputFiles({
      name: 'holster-receipt.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('%PDF-1.4\n'),
    });
    await expect(dialog.getByRole('list', { name: 'Files to attach' })).toHaveText('holster-receipt.pdf');
    // The browser's own file input would name it a second time beside its button.
    const shown = await dialog.evaluate((element) => (element as HTMLElement).innerText);
    expect(shown.split('holster-receipt.pdf')).toHaveLength(2);
    const input = await boxOf(dialog.getByLabel('Attachments'));
    expect(input.width).toBeLessThanOrEqual(1);
    await expect(dialog.getByText('Choose files')).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, type Page, test } from './support/test.ts';

const BUYER = { email: 'buyer@example.com', password: 'buyer-demo-2026' };
const SELLER = { email: 'seller@example.com', password: 'seller-demo-2026' };

async function logIn(page: Page, account: { email: string; password: string }, returnUrl: string) {
  await page.goto(`/login?returnUrl=${encodeURIComponent(returnUrl)}`);
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(returnUrl);
}

async function fillCard(page: Page, card: string) {
  const form = page.getByRole('form', { name: 'Checkout' });
  await form.getByLabel('First name on card').fill('Blake');
  await form.getByLabel('Last name on card').fill('Buyer');
  await form.getByLabel('Card number').fill(card);
  await form.getByLabel('Expiration (MM/YY)').fill('12/30');
  await form.getByLabel('Security code').fill('123');
  await form.getByLabel('Billing address', { exact: true }).fill('100 Main Street');
  await form.getByLabel('Billing city').fill('Dallas');
  await form.getByLabel('Billing state').selectOption('TX');
  await form.getByLabel('Billing ZIP code').fill('75207');
}

test.describe('buying', () => {
  test('search, Buy now, pick a dealer near 75207, a declined card keeps the form, pay, and both sides follow the order to shipping', async ({
    page,
    browser,
    request,
  }) => {
    // The whole buying journey of two users, about twenty screens: more than one page's time budget.
    test.slow();
    // The demo seller (payments set up, live checkout on) lists a pistol with a word no other listing has.
    const word = `Qv${Date.now().toString(36)}`;
    const login = await request.post('/api/auth/login', { data: SELLER });
    expect(login.ok()).toBe(true);
    const { jwtToken: token } = (await login.json()) as { jwtToken: string };
    const added = await request.post('/api/listings/add', {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        request: JSON.stringify({
          title: `Ironsight Arms ${word} 9mm pistol`,
          description: '<p>A pistol for the checkout test.</p>',
          familyId: CategoryFamilyId.SemiAutoPistols,
          manufacturer: 'Ironsight Arms',
          model: word,
          caliber: '9mm Luger',
          condition: 'NewInBox',
          quantity: 2,
          price: 499.99,
          zipCode: '75207',
        }),
      },
    });
    expect(added.ok(), await added.text()).toBe(true);

    // Search → Buy now → the cart.
    await logIn(page, BUYER, `/search?keyword=${word}`);
    const card = page.getByTestId('product-card').first();
    await card.getByRole('button', { name: /^Buy now/ }).click();
    await expect(page).toHaveURL('/cart/view');
    const group = page.getByRole('region', { name: 'Sold by Sam S.' });
    await expect(group.getByRole('link', { name: `Ironsight Arms ${word} 9mm pistol` })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Cart, 1 item' })).toBeVisible();
    await expectNoAxeViolations(page);

    // Checkout: a dealer near 75207 from the finder.
    await page.getByRole('link', { name: 'Proceed to checkout' }).click();
    await expect(page).toHaveURL('/cart');
    const order = page.getByRole('region', { name: 'Order from Sam S.' });
    const finder = order.getByRole('form', { name: 'Find a dealer' });
    await finder.getByLabel('ZIP code', { exact: true }).fill('75207');
    await finder.getByRole('button', { name: 'Search' }).click();
    await order.getByRole('button', { name: 'Choose Design District Arms' }).click();
    await expect(order.getByText('Chosen dealer:')).toBeVisible();
    await expect(order.getByRole('button', { name: 'Chosen: Design District Arms' })).toBeVisible();
    await expectNoAxeViolations(page);

    // A declined card: its text, the form still filled.
    await fillCard(page, '4000000000000002');
    await page.getByLabel(/I am at least \d+ years old\./).check();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    await expect(page.getByLabel('Card number')).toHaveValue('4000 0000 0000 0002');
    await expect(page.getByLabel('Billing city')).toHaveValue('Dallas');
    await expect(page.getByLabel(/I am at least \d+ years old\./)).toBeChecked();
    await expectNoAxeViolations(page);

    // The sandbox's approving card.
    await page.getByLabel('Card number').fill('4242424242424242');
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you, your order is placed' })).toBeVisible();
    const orderLink = page.getByRole('link', { name: /^Order IS-/ });
    const orderName = (await orderLink.textContent()) ?? '';
    await expectNoAxeViolations(page);

    // The buyer's orders.
    await orderLink.click();
    await expect(page).toHaveURL(/\/dashboard\/buying\/orders\?order=/);
    await expect(page.getByRole('heading', { name: orderName })).toBeVisible();
    await expect(page.getByText('Design District Arms', { exact: false }).first()).toBeVisible();
    await expectNoAxeViolations(page);

    // The seller sees it and ships it.
    const sellerContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const sellerPage = await sellerContext.newPage();
    await logIn(sellerPage, SELLER, '/dashboard/selling/orders');
    const sale = sellerPage
      .getByRole('listitem')
      .filter({ has: sellerPage.getByRole('heading', { name: orderName }) });
    await sale.getByRole('button', { name: 'Details' }).click();
    await expect(sale.getByText(/Print the dealer's license copy|no license copy on file/)).toBeVisible();
    const ship = sale.getByRole('form', { name: `Ship ${orderName.replace(/^Order/, 'order')}` });
    await ship.getByLabel('Carrier').selectOption('UPS');
    await ship.getByLabel('Tracking number').fill('1Z999AA10123456784');
    await expectNoAxeViolations(sellerPage);
    await ship.getByRole('button', { name: 'Mark shipped' }).click();
    await expect(sale.getByRole('button', { name: 'Mark delivered' })).toBeVisible();
    await sellerContext.close();

    // The buyer sees the tracking.
    await page.goto('/dashboard/buying/orders');
    const bought = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: orderName }) });
    await expect(bought.getByRole('link', { name: '1Z999AA10123456784' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

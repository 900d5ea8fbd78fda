import { CategoryFamilyId } from '../../shared/domain/category.ts';
import { expectNoAxeViolations } from './support/axe.ts';
import { expect, type Page, test } from './support/test.ts';

const BUYER = { email: 'buyer@example.com', password: 'buyer-demo-2026' };
const SELLER = { email: 'seller@example.com', password: 'seller-demo-2026' };

async function submitLogin(page: Page, account: { email: string; password: string }) {
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email', { exact: true }).fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Log In' }).click();
}

test.describe('offers', () => {
  test('a guest logs in to make an offer, the seller counters, the buyer accepts and checks out at the offer price', async ({
    page,
    browser,
    request,
  }) => {
    // Two people, a listing, three steps and a checkout: longer than one page's default budget.
    test.setTimeout(90_000);
    // The demo seller lists a scope that takes offers: $300, shipping $15.
    const word = `Of${Date.now().toString(36)}`;
    const title = `Ironsight Optics ${word} 4-16x44 scope`;
    const login = await request.post('/api/auth/login', { data: SELLER });
    expect(login.ok()).toBe(true);
    const { jwtToken: token } = (await login.json()) as { jwtToken: string };
    const added = await request.post('/api/listings/add', {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        request: JSON.stringify({
          title,
          description: '<p>A scope for the offers test.</p>',
          familyId: CategoryFamilyId.Optics,
          manufacturer: 'Ironsight Optics',
          model: word,
          condition: 'NewInBox',
          quantity: 2,
          price: 300,
          shippingCost: 15,
          acceptsOffers: true,
          zipCode: '75207',
        }),
      },
    });
    expect(added.ok(), await added.text()).toBe(true);
    const { listingUrl } = (await added.json()) as { listingUrl: string };

    // A guest asks to make an offer: the login modal first, then the offer form.
    await page.goto(listingUrl);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.getByRole('button', { name: 'Make an offer' }).click();
    await expect(page.getByRole('dialog', { name: 'Log In' })).toBeVisible();
    await submitLogin(page, BUYER);
    const offerDialog = page.getByRole('dialog', { name: 'Make an offer' });
    await expect(offerDialog).toBeVisible();
    await offerDialog.getByLabel('Your price per item (USD)').fill('250');
    await offerDialog.getByLabel('Message to the seller (optional)').fill('Would you take $250?');
    await expect(offerDialog.getByText(/\$250\.00 for 1 before shipping/)).toBeVisible();
    await expectNoAxeViolations(page);
    await offerDialog.getByRole('button', { name: 'Send offer' }).click();
    await expect(offerDialog).toBeHidden();
    await expect(page.getByText('Your offer of $250.00 × 1 is waiting for the seller.')).toBeVisible();

    // The seller counters at $275.
    const sellerContext = await browser.newContext({ baseURL: new URL(page.url()).origin });
    const sellerPage = await sellerContext.newPage();
    await sellerPage.goto(`/login?returnUrl=${encodeURIComponent('/dashboard/selling/offers')}`);
    await submitLogin(sellerPage, SELLER);
    await expect(sellerPage).toHaveURL('/dashboard/selling/offers');
    // The seller's own listing: no offer button, and the server-rendered page hydrates without a mismatch.
    const problems: string[] = [];
    sellerPage.on('console', (message) => {
      if (/hydrat/i.test(message.text())) problems.push(message.text());
    });
    await sellerPage.goto(listingUrl);
    await expect(sellerPage.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(sellerPage.getByRole('button', { name: 'Buy now' })).toBeVisible();
    await expect(sellerPage.getByRole('button', { name: 'Make an offer' })).toHaveCount(0);
    expect(problems).toEqual([]);
    await sellerPage.goto('/dashboard/selling/offers');
    const received = sellerPage
      .getByRole('listitem')
      .filter({ has: sellerPage.getByRole('heading', { name: title }) });
    await expect(received.getByText('Would you take $250?')).toBeVisible();
    await expectNoAxeViolations(sellerPage);
    await received.getByRole('button', { name: 'Counter' }).click();
    const counter = received.getByRole('form', { name: `Counter-offer on ${title}` });
    await counter.getByLabel('Your price per item (USD)').fill('275');
    await counter.getByRole('button', { name: 'Send counter-offer' }).click();
    await expect(received.getByText('Countered, waiting for the buyer')).toBeVisible();
    await expectNoAxeViolations(sellerPage);
    await sellerContext.close();

    // The buyer accepts the counter and checks out at $275.
    await page.goto('/dashboard/buying/offers');
    const made = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(made.getByText(/countered at \$275\.00 each/)).toBeVisible();
    await expectNoAxeViolations(page);
    await made.getByRole('button', { name: 'Accept counter-offer' }).click();
    await expect(made.getByText('Accepted', { exact: true })).toBeVisible();
    await expectNoAxeViolations(page);
    await made.getByRole('button', { name: 'Check out at $275.00 each' }).click();
    await expect(page).toHaveURL('/cart');

    const order = page.getByRole('region', { name: 'Order from Sam S.' });
    await expect(order.getByText('1 × $275.00')).toBeVisible();
    const form = page.getByRole('form', { name: 'Checkout' });
    await form.getByLabel('First name', { exact: true }).fill('Blake');
    await form.getByLabel('Last name', { exact: true }).fill('Buyer');
    await form.getByLabel('Address', { exact: true }).fill('100 Main Street');
    await form.getByLabel('City', { exact: true }).fill('Dallas');
    await form.getByLabel('State', { exact: true }).selectOption('TX');
    await form.getByLabel('ZIP code', { exact: true }).fill('75207');
    await form.getByLabel('First name on card').fill('Blake');
    await form.getByLabel('Last name on card').fill('Buyer');
    await form.getByLabel('Card number').fill('4242424242424242');
    await form.getByLabel('Expiration (MM/YY)').fill('12/30');
    await form.getByLabel('Security code').fill('123');
    await form.getByLabel('Billing address', { exact: true }).fill('100 Main Street');
    await form.getByLabel('Billing city').fill('Dallas');
    await form.getByLabel('Billing state').selectOption('TX');
    await form.getByLabel('Billing ZIP code').fill('75207');
    await page.getByLabel(/I am at least \d+ years old\./).check();
    await expect(page.getByText('$290.00').first()).toBeVisible();
    await page.getByRole('button', { name: 'Pay' }).click();
    await expect(page.getByRole('heading', { name: 'Thank you, your order is placed' })).toBeVisible();
    await expect(page.getByText(/for a total of \$290\.00/)).toBeVisible();

    // The offer reads purchased, and leads to its order.
    await page.goto('/dashboard/buying/offers');
    const bought = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: title }) });
    await expect(bought.getByText('Purchased', { exact: true })).toBeVisible();
    await expect(bought.getByRole('link', { name: 'See the order' })).toBeVisible();
    await expectNoAxeViolations(page);
  });
});

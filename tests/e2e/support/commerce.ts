import type { APIRequestContext, Page } from '@playwright/test';
import { CategoryFamilyId } from '../../../shared/domain/category.ts';
import { PaymentMethod } from '../../../shared/domain/payment.ts';
import { expectNoAxeViolations } from './axe.ts';
import { expect } from './test.ts';

/*
 * Accounts, listings and an escrow checkout for the journeys that buy and sell (billing, disputes):
 * each test makes accounts of its own, so the demo accounts keep their plans and balances.
 */

export const ADMIN = { email: 'admin@example.com', password: 'admin-demo-2026' };
const PASSWORD = 'amber canyon whistle 2026';

export interface Account {
  email: string;
  password: string;
}

let signUps = 0;

/** An account of its own, named `firstName` Tester. */
export async function register(
  request: APIRequestContext,
  label: string,
  firstName: string,
): Promise<Account> {
  const email = `${label}-${Date.now().toString(36)}@example.com`;
  signUps += 1;
  const registered = await request.post('/api/users/register', {
    data: { firstName, lastName: 'Tester', email, password: PASSWORD, acceptTerms: true },
    // Each sign-up from an address of its own (documentation range), as people on their own networks.
    headers: { 'x-forwarded-for': `203.0.113.${signUps % 250}` },
  });
  expect(registered.status(), await registered.text()).toBe(200);
  return { email, password: PASSWORD };
}

export async function tokenOf(request: APIRequestContext, account: Account): Promise<string> {
  const login = await request.post('/api/auth/login', { data: account });
  expect(login.ok(), await login.text()).toBe(true);
  return ((await login.json()) as { jwtToken: string }).jwtToken;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A seller can list once paid through a gateway; live checkout lets buyers pay by card. */
export async function setUpPayments(request: APIRequestContext, token: string) {
  const saved = await request.post('/api/users/addOrUpdatePaymentOptions', {
    headers: bearer(token),
    data: {
      acceptedPaymentMethods: PaymentMethod.Visa | PaymentMethod.Mastercard,
      liveCheckoutEnabled: true,
      gateway: { provider: 'Sandbox', merchantId: 'merchant-e2e', secretKey: 'sk_test_e2e' },
    },
  });
  expect(saved.ok(), await saved.text()).toBe(true);
}

export async function addListing(
  request: APIRequestContext,
  token: string,
  input: { title: string; price: number },
): Promise<string> {
  const added = await request.post('/api/listings/add', {
    headers: bearer(token),
    multipart: {
      request: JSON.stringify({
        title: input.title,
        description: '<p>A listing for the billing test.</p>',
        familyId: CategoryFamilyId.Accessories,
        condition: 'NewInBox',
        quantity: 1,
        price: input.price,
        shippingCost: 0,
        zipCode: '75207',
      }),
    },
  });
  expect(added.ok(), await added.text()).toBe(true);
  return ((await added.json()) as { id: string }).id;
}

/**
 * A new seller on the Basic Seller plan, taking card payments, with one listing of `title` at
 * `price`; answers the seller, a token carrying the seller role and the listing's id.
 */
export async function sellerWithListing(
  request: APIRequestContext,
  label: string,
  input: { title: string; price: number },
) {
  const seller = await register(request, label, 'Sage');
  const plan = await request.post('/api/users/updateMembershipPlan', {
    headers: bearer(await tokenOf(request, seller)),
    data: { plan: 'BasicSeller' },
  });
  expect(plan.ok(), await plan.text()).toBe(true);
  const token = ((await plan.json()) as { jwtToken: string }).jwtToken;
  await setUpPayments(request, token);
  const listingId = await addListing(request, token, input);
  return { seller, token, listingId };
}

export async function logIn(page: Page, account: Account, returnUrl: string) {
  await page.goto(`/login?returnUrl=${encodeURIComponent(returnUrl)}`);
  const form = page.getByRole('form', { name: 'Log in' });
  await form.getByLabel('Email').fill(account.email);
  await form.getByLabel('Password', { exact: true }).fill(account.password);
  await form.getByRole('button', { name: 'Log In' }).click();
  await expect(page).toHaveURL(returnUrl);
}

export async function fillCard(form: ReturnType<Page['getByRole']>, card: string) {
  await form.getByLabel('First name on card').fill('Casey');
  await form.getByLabel('Last name on card').fill('Tester');
  await form.getByLabel('Card number').fill(card);
  await form.getByLabel('Expiration (MM/YY)').fill('12/30');
  await form.getByLabel('Security code').fill('123');
  await form.getByLabel('Billing address', { exact: true }).fill('100 Main Street');
  await form.getByLabel('Billing city').fill('Dallas');
  await form.getByLabel('Billing state').selectOption('TX');
  await form.getByLabel('Billing ZIP code').fill('75207');
}

/**
 * The signed-in buyer on `page` buys the listing now and pays by card through escrow, shipping to
 * their address. Ends on the order confirmation; answers the order's link there ("Order IS-…").
 */
export async function checkOutThroughEscrow(page: Page, listingId: string) {
  await page.goto(`/${listingId}`);
  await page.getByRole('button', { name: 'Buy now' }).click();
  await expect(page).toHaveURL('/cart/view');
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL('/cart');
  const checkout = page.getByRole('form', { name: 'Checkout' });
  const address = checkout.getByRole('group', { name: 'Ship to my address' });
  await address.getByLabel('First name').fill('Bailey');
  await address.getByLabel('Last name').fill('Tester');
  await address.getByLabel('Address', { exact: true }).fill('200 Elm Street');
  await address.getByLabel('City').fill('Dallas');
  await address.getByLabel('State').selectOption('TX');
  await address.getByLabel('ZIP code').fill('75201');
  await fillCard(checkout, '4242424242424242');
  await checkout.getByLabel('Pay through escrow').check();
  await expect(checkout.getByText(/holds your payment until the order is delivered/)).toBeVisible();
  await checkout.getByLabel(/I am at least \d+ years old\./).check();
  await expectNoAxeViolations(page);
  await checkout.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your order is placed' })).toBeVisible();
  await expect(page.getByText(/paid through escrow/)).toBeVisible();
  return page.getByRole('link', { name: /^Order IS-/ });
}

/**
 * From the cart (`/cart/view`), the signed-in buyer on `page` checks out one seller's order with a
 * dealer near 75207 (Design District Arms) and pays by card. Ends on the order confirmation.
 */
export async function checkOutWithDealer(page: Page, seller: string | RegExp = /^Order from /) {
  await page.getByRole('link', { name: 'Proceed to checkout' }).click();
  await expect(page).toHaveURL('/cart');
  const order = page.getByRole('region', {
    name: typeof seller === 'string' ? `Order from ${seller}` : seller,
  });
  const finder = order.getByRole('form', { name: 'Find a dealer' });
  await finder.getByLabel('ZIP code', { exact: true }).fill('75207');
  await finder.getByRole('button', { name: 'Search' }).click();
  await order.getByRole('button', { name: 'Choose Design District Arms' }).click();
  await expect(order.getByText('Chosen dealer:')).toBeVisible();
  await fillCard(page.getByRole('form', { name: 'Checkout' }), '4242424242424242');
  await page.getByLabel(/I am at least \d+ years old\./).check();
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page.getByRole('heading', { name: 'Thank you, your order is placed' })).toBeVisible();
}

import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import type { Cart } from '../../../shared/contract/cart.ts';
import { ErrorMessage } from '../../../shared/contract/common.ts';
import { STORAGE_KEYS } from '../../../shared/domain/constants.ts';
import { createFakeFetch, jsonResponse, type RecordedRequest } from '../../testing/fake-fetch.ts';
import { fakeToken } from '../../testing/fake-token.ts';
import { createMemoryPlatform } from '../../testing/memory-platform.ts';
import {
  cartItem,
  HOLSTER,
  order,
  quote,
  quoteGroup,
  quoteItem,
  RIFLE,
  SELLER_A,
  SELLER_B,
} from '../../testing/order-fixtures.ts';
import { renderApp } from '../../testing/render-app.tsx';
import { createAttemptKeys } from './attempt-key.ts';

afterEach(() => {
  cleanup();
  document.head.innerHTML = '';
  localStorage.clear();
});

const holster = cartItem(HOLSTER, 'Leather holster', 40);
const rifle = cartItem(RIFLE, 'Tikka T3x rifle', 900);
const bodyOf = (request: RecordedRequest) => JSON.parse(String(request.body));
const storedCart = (): Cart => JSON.parse(localStorage.getItem(STORAGE_KEYS.cart) ?? '{}');

type CheckoutAnswer = () => Response | Promise<Response>;

function server(answers: CheckoutAnswer[], { withRifle = false } = {}) {
  return createFakeFetch((request) => {
    if (request.url.endsWith('/api/orders/quote')) {
      const groups = [quoteGroup(SELLER_B, 'Bravo Leather', [quoteItem(holster)])];
      if (withRifle) {
        groups.unshift(
          quoteGroup(SELLER_A, 'Alpha Arms', [
            quoteItem(rifle, {
              requiresDealer: true,
              blocked: {
                rule: 'dealerRequired',
                state: 'TX',
                message: 'A firearm ships only to a licensed dealer.',
                source: '18 U.S.C. 922',
              },
            }),
          ]),
        );
      }
      return jsonResponse(quote(groups));
    }
    if (request.url.endsWith('/api/orders/checkout')) {
      const answer = answers.shift();
      if (!answer) throw new Error('No answer left for checkout.');
      return answer();
    }
    if (request.url.endsWith('/api/users/cart')) return jsonResponse({ items: [] });
    if (request.url.endsWith('/api/users/sync-cart')) return jsonResponse({ success: true });
    return jsonResponse({ error: { code: 'not_found', message: 'Not found.' } }, 404);
  });
}

function renderCheckout(fetch: ReturnType<typeof server>, cart: Cart = { [HOLSTER]: holster }) {
  localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify(cart));
  renderApp('/cart', { fetch, platform: createMemoryPlatform(fakeToken()) });
}

const type = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
const choose = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

async function fillForm(card = '4000000000000002') {
  await screen.findByRole('group', { name: 'Ship to my address' });
  type('First name', 'Blake');
  type('Last name', 'Buyer');
  type('Address', '100 Main Street');
  type('City', 'Dallas');
  choose('State', 'TX');
  type('ZIP code', '75207');
  type('First name on card', 'Blake');
  type('Last name on card', 'Buyer');
  type('Card number', card);
  type('Expiration (MM/YY)', '12/30');
  type('Security code', '123');
  type('Billing address', '100 Main Street');
  type('Billing city', 'Dallas');
  choose('Billing state', 'TX');
  type('Billing ZIP code', '75207');
  fireEvent.click(screen.getByLabelText('I am at least 18 years old.'));
}

const declined = () =>
  jsonResponse({ error: { code: 'payment_declined', message: 'Your card was declined.' } }, 402);
const approved = () => jsonResponse({ orders: [order(7)], replayed: false, total: 45 });
const checkoutRequests = (fetch: ReturnType<typeof server>) =>
  fetch.requests.filter((request) => request.url.endsWith('/api/orders/checkout'));

describe('checkout', () => {
  it('carries an accepted offer on its line to the quote and the checkout', async () => {
    const offerId = 'a0000000-0000-4000-8000-000000000001';
    const fetch = server([approved]);
    renderCheckout(fetch, { [HOLSTER]: { ...holster, offerId } });
    await fillForm('4242424242424242');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay' })));
    expect(await screen.findByRole('heading', { name: 'Thank you, your order is placed' })).toBeTruthy();
    const quoted = fetch.requests.find((request) => request.url.endsWith('/api/orders/quote'));
    expect(bodyOf(quoted!).items).toEqual([{ listingId: HOLSTER, quantity: 1, price: 40, offerId }]);
    expect(bodyOf(checkoutRequests(fetch)[0]!).items).toEqual([
      { listingId: HOLSTER, quantity: 1, price: 40, offerId },
    ]);
  });

  it('shows a decline as given, keeps the form filled, and retries with the same key', async () => {
    const fetch = server([declined, approved]);
    renderCheckout(fetch);
    await fillForm();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay' })));
    expect((await screen.findByRole('alert')).textContent).toBe('Your card was declined.');
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4000 0000 0000 0002');
    expect((screen.getByLabelText('Address') as HTMLInputElement).value).toBe('100 Main Street');
    expect((screen.getByLabelText('I am at least 18 years old.') as HTMLInputElement).checked).toBe(true);

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay' })));
    expect(await screen.findByRole('heading', { name: 'Thank you, your order is placed' })).toBeTruthy();
    const [first, second] = checkoutRequests(fetch).map(bodyOf);
    expect(first.idempotencyKey).toMatch(/^[A-Za-z0-9_-]{8,100}$/);
    expect(second.idempotencyKey).toBe(first.idempotencyKey);
    expect(first.payment.cardNumber).toBe('4000000000000002');
    expect(first.statedMinimumAge).toBe(18);
    expect(first.shipping).toEqual([
      {
        sellerId: SELLER_B,
        destination: {
          kind: 'address',
          address: {
            firstName: 'Blake',
            lastName: 'Buyer',
            address1: '100 Main Street',
            city: 'Dallas',
            state: 'TX',
            zip: '75207',
          },
        },
      },
    ]);
    expect(screen.getByRole('link', { name: 'Order IS-000007' }).getAttribute('href')).toContain(order(7).id);
    // The bought item leaves the cart.
    expect(storedCart()).toEqual({});
  });

  it('sends one request for a double click', async () => {
    let release: () => void = () => undefined;
    const fetch = server([() => new Promise<Response>((resolve) => (release = () => resolve(approved())))]);
    renderCheckout(fetch);
    await fillForm('4242424242424242');
    const pay = screen.getByRole('button', { name: 'Pay' });
    await act(async () => {
      fireEvent.click(pay);
      fireEvent.click(pay);
    });
    await waitFor(() => expect(checkoutRequests(fetch)).toHaveLength(1));
    await act(async () => release());
    expect(await screen.findByRole('heading', { name: 'Thank you, your order is placed' })).toBeTruthy();
    expect(checkoutRequests(fetch)).toHaveLength(1);
  });

  it('uses a new key when the buyer changes the card after a decline', () => {
    let n = 0;
    const keys = createAttemptKeys(() => `attempt-key-${++n}`);
    const request = { items: [1], payment: { cardNumber: '4000000000000002' } };
    expect(keys.keyFor(request)).toBe('attempt-key-1');
    expect(keys.keyFor({ ...request })).toBe('attempt-key-1');
    expect(keys.keyFor({ ...request, payment: { cardNumber: '4242424242424242' } })).toBe('attempt-key-2');
    keys.reset();
    expect(keys.keyFor(request)).toBe('attempt-key-3');
  });

  it('shows the failure texts for a message-only answer and for a failed request', async () => {
    const fetch = server([
      () => jsonResponse({ message: 'Processor said no.' }, 402),
      () => Promise.reject(new TypeError('Failed to fetch')),
    ]);
    renderCheckout(fetch);
    await fillForm();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay' })));
    expect((await screen.findByRole('alert')).textContent).toBe(ErrorMessage.PaymentContactSupport);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay' })));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(ErrorMessage.PaymentFailed));
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4000 0000 0000 0002');
  });

  it('pays through escrow when the buyer chooses it, and direct otherwise', async () => {
    const fetch = server([
      approved,
      () => jsonResponse({ orders: [order(8, { escrowStatus: 'held' })], replayed: false, total: 45 }),
    ]);
    renderCheckout(fetch);
    await fillForm('4242424242424242');
    const escrow = screen.getByLabelText('Pay through escrow') as HTMLInputElement;
    expect(escrow.checked).toBe(false);
    expect(document.getElementById(escrow.getAttribute('aria-describedby') ?? '')?.textContent).toMatch(
      /holds your payment until the order is delivered and you have had 3 days to inspect it/,
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay' })));
    await screen.findByRole('heading', { name: 'Thank you, your order is placed' });
    expect(bodyOf(checkoutRequests(fetch)[0]!).escrow).toBe(false);

    cleanup();
    renderCheckout(fetch);
    await fillForm('4242424242424242');
    fireEvent.click(screen.getByLabelText('Pay through escrow'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay' })));
    await screen.findByRole('heading', { name: 'Thank you, your order is placed' });
    expect(bodyOf(checkoutRequests(fetch)[1]!).escrow).toBe(true);
    expect(screen.getByText(/paid through escrow/)).toBeTruthy();
  });

  it('refuses a card brand the seller does not accept before sending', async () => {
    const fetch = server([]);
    renderCheckout(fetch);
    await fillForm('378282246310005');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay' })));
    expect(await screen.findByText('This card type is not accepted by the seller.')).toBeTruthy();
    expect(checkoutRequests(fetch)).toHaveLength(0);
  });

  it('shows a blocked item with its rule and buys the rest', async () => {
    const fetch = server([approved], { withRifle: true });
    renderCheckout(fetch, { [HOLSTER]: holster, [RIFLE]: rifle });
    const alpha = await screen.findByRole('region', { name: 'Order from Alpha Arms' });
    expect(within(alpha).getByText(/A firearm ships only to a licensed dealer\./)).toBeTruthy();
    await fillForm('4242424242424242');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay' })));
    await screen.findByRole('heading', { name: 'Thank you, your order is placed' });
    const [sent] = checkoutRequests(fetch).map(bodyOf);
    expect(sent.items.map((item: { listingId: string }) => item.listingId)).toEqual([HOLSTER]);
    expect(Object.keys(storedCart())).toEqual([RIFLE]);
  });

  it('ships a firearm to a dealer picked in the finder, with its name, address and fee shown', async () => {
    const dealer = {
      id: 'f0000000-0000-4000-8000-000000000001',
      licenseNumber: '5-75-113-01-9K-00001',
      licenseName: 'TRINITY TRANSFERS LLC',
      businessName: 'Trinity Transfers',
      premiseStreet: '1 Market St',
      premiseCity: 'Dallas',
      premiseState: 'TX',
      premiseZip: '75207',
      phone: '(214) 555-0100',
      transferFee: 25,
      notes: null,
      registered: true,
      distanceMiles: 1.2,
    };
    const fetch = createFakeFetch((request) => {
      if (request.url.endsWith('/api/orders/quote'))
        return jsonResponse(
          quote([
            quoteGroup(SELLER_A, 'Alpha Arms', [quoteItem(rifle, { requiresDealer: true, minimumAge: 18 })]),
          ]),
        );
      if (request.url.includes('/api/ffl/search'))
        return jsonResponse({ total: 1, page: 1, pageSize: 10, radius: 25, results: [dealer] });
      if (request.url.endsWith('/api/orders/checkout')) return approved();
      if (request.url.endsWith('/api/users/cart')) return jsonResponse({ items: [] });
      return jsonResponse({ success: true });
    });
    renderCheckout(fetch as ReturnType<typeof server>, { [RIFLE]: rifle });
    const alpha = await screen.findByRole('region', { name: 'Order from Alpha Arms' });
    const finder = within(alpha).getByRole('form', { name: 'Find a dealer' });
    fireEvent.change(within(finder).getByLabelText('ZIP code'), { target: { value: '75207' } });
    await act(async () => fireEvent.click(within(finder).getByRole('button', { name: 'Search' })));
    await act(async () =>
      fireEvent.click(await within(alpha).findByRole('button', { name: 'Choose Trinity Transfers' })),
    );
    expect(within(alpha).getByText('Chosen dealer:')).toBeTruthy();
    expect(within(alpha).getByRole('button', { name: 'Chosen: Trinity Transfers' })).toBeTruthy();
    expect(within(alpha).getByText(/Transfer fee: \$25\.00/)).toBeTruthy();
    expect(screen.queryByRole('group', { name: 'Ship to my address' })).toBeNull();

    type('First name on card', 'Blake');
    type('Last name on card', 'Buyer');
    type('Card number', '4242424242424242');
    type('Expiration (MM/YY)', '12/30');
    type('Security code', '123');
    type('Billing address', '100 Main Street');
    type('Billing city', 'Dallas');
    choose('Billing state', 'TX');
    type('Billing ZIP code', '75207');
    fireEvent.click(screen.getByLabelText('I am at least 18 years old.'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay' })));
    await screen.findByRole('heading', { name: 'Thank you, your order is placed' });
    const [sent] = fetch.requests.filter((r) => r.url.endsWith('/api/orders/checkout')).map(bodyOf);
    expect(sent.shipping).toEqual([
      { sellerId: SELLER_A, destination: { kind: 'dealer', dealerId: dealer.id } },
    ]);
  });

  it('asks for the dealer of a firearm order, and the ask clears once a dealer is chosen', async () => {
    const dealer = {
      id: 'f0000000-0000-4000-8000-000000000002',
      licenseNumber: '5-75-113-01-9K-00002',
      licenseName: 'DEEP ELLUM FFL LLC',
      businessName: 'Deep Ellum FFL',
      premiseStreet: '2 Elm St',
      premiseCity: 'Dallas',
      premiseState: 'TX',
      premiseZip: '75226',
      phone: null,
      transferFee: 30,
      notes: null,
      registered: true,
      distanceMiles: 2.5,
    };
    const fetch = createFakeFetch((request) => {
      if (request.url.endsWith('/api/orders/quote'))
        return jsonResponse(
          quote([quoteGroup(SELLER_A, 'Sam S.', [quoteItem(rifle, { requiresDealer: true })])]),
        );
      if (request.url.includes('/api/ffl/search'))
        return jsonResponse({ total: 1, page: 1, pageSize: 10, radius: 25, results: [dealer] });
      if (request.url.endsWith('/api/users/cart')) return jsonResponse({ items: [] });
      return jsonResponse({ success: true });
    });
    renderCheckout(fetch as ReturnType<typeof server>, { [RIFLE]: rifle });
    const group = await screen.findByRole('region', { name: 'Order from Sam S.' });
    type('First name on card', 'Blake');
    type('Last name on card', 'Buyer');
    type('Card number', '4242424242424242');
    type('Expiration (MM/YY)', '12/30');
    type('Security code', '123');
    type('Billing address', '100 Main Street');
    type('Billing city', 'Dallas');
    choose('Billing state', 'TX');
    type('Billing ZIP code', '75207');
    fireEvent.click(screen.getByLabelText(/I am at least \d+ years old\./));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay' })));

    // A name that ends with a period ends the sentence: no second period.
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toBe('Choose a licensed dealer to receive the order from Sam S.');

    const finder = within(group).getByRole('form', { name: 'Find a dealer' });
    fireEvent.change(within(finder).getByLabelText('ZIP code'), { target: { value: '75226' } });
    await act(async () => fireEvent.click(within(finder).getByRole('button', { name: 'Search' })));
    await act(async () =>
      fireEvent.click(await within(group).findByRole('button', { name: 'Choose Deep Ellum FFL' })),
    );
    expect(screen.queryByText(/Choose a licensed dealer to receive/)).toBeNull();
    expect(checkoutRequests(fetch as ReturnType<typeof server>)).toHaveLength(0);
  });

  it("says 'State is required.' when no state is chosen", async () => {
    const fetch = server([approved]);
    renderCheckout(fetch);
    await fillForm('4242424242424242');
    choose('State', '');
    choose('Billing state', '');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay' })));

    await waitFor(() => expect(screen.getAllByText('State is required.')).toHaveLength(2));
    expect(checkoutRequests(fetch)).toHaveLength(0);
  });

  it('flags the items a 409 names (sold meanwhile) and keeps the form for the rest', async () => {
    const fetch = server([
      () =>
        jsonResponse(
          {
            error: { code: 'conflict', message: 'Some items cannot be bought as asked.' },
            items: [
              {
                listingId: HOLSTER,
                rule: 'outOfStock',
                state: null,
                message: 'Sold out: another buyer took the last one.',
                source: null,
              },
            ],
          },
          409,
        ),
    ]);
    renderCheckout(fetch);
    await fillForm('4242424242424242');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Pay' })));
    expect((await screen.findByRole('alert')).textContent).toContain('Some items cannot be bought as asked.');
    const bravo = screen.getByRole('region', { name: 'Order from Bravo Leather' });
    expect(within(bravo).getByText(/Sold out: another buyer took the last one\./)).toBeTruthy();
    expect((screen.getByLabelText('Card number') as HTMLInputElement).value).toBe('4242 4242 4242 4242');
    // Nothing left to buy: Pay is off until the cart changes.
    expect(screen.getByRole('button', { name: 'Pay' }).hasAttribute('disabled')).toBe(true);
  });

  it('asks a visitor to log in and keeps the cart', async () => {
    localStorage.setItem(STORAGE_KEYS.cart, JSON.stringify({ [HOLSTER]: holster }));
    renderApp('/cart');
    await screen.findByRole('heading', { name: 'Log in to check out' });
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Log in' })));
    expect(await screen.findByRole('dialog')).toBeTruthy();
    expect(Object.keys(storedCart())).toEqual([HOLSTER]);
  });
});
